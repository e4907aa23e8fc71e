"""Cases for ragged ops working row by row: `tf.ragged.stack` along any axis, `tf.RaggedTensor.from_tensor` with
nested `lengths`, `tf.map_fn` over a RaggedTensor with the default output signature (rows of new lengths stack
ragged). `run(tf)` gives {case: [kind, values]} or "raises <Error>" under real TF 2.21
(make_ragged_rows_golden.py) or keraslike (tests/ragged/test_ragged_rows.py). No TF import here."""


def _value(x):
    if hasattr(x, "to_list"):
        return ["ragged", x.to_list()]
    return ["dense", x.numpy().tolist()]


def _dense3(tf):
    return tf.constant([[[5, 0], [7, 0], [0, 0]], [[0, 0], [3, 0], [0, 0]], [[6, 0], [0, 0], [0, 0]]])


CASES = {
    "stack_axis1": lambda tf: tf.ragged.stack([tf.ragged.constant([[1, 2], [3, 4, 5]]),
                                               tf.ragged.constant([[6], [7, 8, 9]])], axis=1),
    "stack_axis_neg3": lambda tf: tf.ragged.stack([tf.ragged.constant([[1, 2], [3, 4, 5]]),
                                                   tf.ragged.constant([[6], [7, 8, 9]])], axis=-3),
    "stack_axis_neg2": lambda tf: tf.ragged.stack([tf.ragged.constant([[1, 2], [3, 4, 5]]),
                                                   tf.ragged.constant([[6], [7, 8, 9]])], axis=-2),
    "stack_dense_axis1": lambda tf: tf.ragged.stack([tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])],
                                                    axis=1),
    "stack_dense_axis2": lambda tf: tf.ragged.stack([tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])],
                                                    axis=2),
    "stack_mixed_axis1": lambda tf: tf.ragged.stack([tf.ragged.constant([[1], [2, 3]]), tf.constant([[4], [5]])],
                                                    axis=1),
    "stack_axis1_rows_differ": lambda tf: tf.ragged.stack([tf.ragged.constant([[1], [2, 3]]),
                                                           tf.ragged.constant([[4]])], axis=1),
    "stack_axis_out_of_range": lambda tf: tf.ragged.stack([tf.ragged.constant([[1], [2, 3]])], axis=3),
    "from_tensor_nested_lengths": lambda tf: tf.RaggedTensor.from_tensor(
        _dense3(tf), lengths=([2, 0, 3], [1, 1, 2, 0, 1])),
    "from_tensor_one_nested_lengths": lambda tf: tf.RaggedTensor.from_tensor(_dense3(tf), lengths=[[2, 0, 3]]),
    "from_tensor_flat_lengths": lambda tf: tf.RaggedTensor.from_tensor(_dense3(tf), lengths=[2, 0, 3]),
    "map_fn_ragged_rows": lambda tf: tf.map_fn(lambda x: x / tf.reduce_sum(x),
                                               tf.ragged.constant([[1.0, 3.0], [], [3.0, 6.0, 3.0]])),
    "map_fn_ragged_rank2": lambda tf: tf.map_fn(lambda x: x[:1], tf.ragged.constant([[[1, 2], [3]], [[4]]])),
    "map_fn_ragged_same_lengths": lambda tf: tf.map_fn(lambda x: x * 2, tf.ragged.constant([[1, 2], [3, 4]])),
}


def run(tf):
    out = {}
    for name, case in CASES.items():
        try:
            out[name] = _value(case(tf))
        except Exception as err:  # noqa: BLE001 - the golden records the exception type
            out[name] = f"raises {type(err).__name__}"
    return out
