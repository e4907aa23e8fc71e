"""Cases for `RaggedTensor.merge_dims(outer_axis, inner_axis)` over every axis pair of ragged and uniform
tensors. `run(tf)` gives {case: [kind, values]} (or "raises <Error>") under real TF 2.21
(make_ragged_merge_dims_golden.py) or keraslike (tests/ragged/test_merge_dims.py). No TF import here."""


def _tensors(tf):
    return {
        "rank3": tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]]),
        "rank4": tf.ragged.constant([[[[1], [2]], [[3]]], [[[4], [5], [6]]]]),
        "inner_dense": tf.RaggedTensor.from_row_lengths(tf.reshape(tf.range(12), [6, 2]), [2, 4]),
        "uniform": tf.RaggedTensor.from_tensor(tf.reshape(tf.range(24), [2, 3, 4])),
        "ragged_rank2_dense_tail": tf.RaggedTensor.from_nested_row_lengths(
            tf.reshape(tf.range(16), [8, 2]), [[2, 1], [3, 1, 4]]),
    }


def run(tf):
    out = {}
    for name, rt in _tensors(tf).items():
        rank = rt.shape.rank
        for outer in range(-rank, rank):
            for inner in range(-rank, rank):
                key = f"{name}_{outer}_{inner}"
                try:
                    merged = rt.merge_dims(outer, inner)
                    out[key] = (["ragged", merged.to_list()] if hasattr(merged, "to_list")
                                else ["dense", merged.numpy().tolist()])
                except Exception as err:  # noqa: BLE001 - the golden records the exception type
                    out[key] = f"raises {type(err).__name__}"
    return out
