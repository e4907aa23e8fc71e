"""Cases for ragged shapes and ragged broadcasting, in the style of TF's ragged tensor guide.

Shared by `make_ragged_shape_golden.py` (run under real TensorFlow 2.21) and
`tests/ragged/test_dynamic_ragged_shape.py` (run under keraslike). Each case is a snippet of statements
that binds `out`; `describe(out)` reduces it to JSON (kind, dtype, values or repr) on either library.
"""

import json

import numpy as np

SETUP = """
rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
rt_shape = tf.shape(rt)
rt3 = tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)
words = tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']])
"""

CASES = {
    # tf.shape(ragged) and DynamicRaggedShape's methods (guide cells 68-74)
    "shape_repr": "out = rt_shape",
    "shape_dtype": "out = str(rt_shape.dtype).replace('torch.', '').replace(\"<dtype: '\", '').rstrip(\"'>\")",
    "shape_int64": "out = tf.shape(rt, out_type=tf.int64)[0]",
    "shape_rank": "out = [rt_shape.rank, rt_shape.num_row_partitions]",
    "shape_0": "out = rt_shape[0]",
    "shape_1": "out = rt_shape[1]",
    "shape_prefix": "out = rt_shape[:1]",
    "shape_inner": "out = rt_shape.inner_shape",
    "shape_static_lengths": "out = [list(x) if isinstance(x, tuple) else x for x in rt_shape.static_lengths()]",
    "shape_row_partition": "out = rt_shape.row_partitions[0].row_splits()",
    "shape3": "out = tf.shape(rt3)",
    "shape3_2": "out = tf.shape(rt3)[2]",
    "shape3_prefix": "out = tf.shape(rt3)[:2]",
    "shape3_inner": "out = tf.shape(rt3).inner_shape",
    "reshape_strings": "out = tf.reshape(words, rt_shape)",
    # a RaggedTensor reshaped to a dense shape: its flat values in row-major order
    "reshape_ragged_flat": "out = tf.reshape(rt, [-1])",
    "reshape_ragged_column": "out = tf.reshape(rt, [6, 1])",
    "reshape_ragged3_flat": "out = tf.reshape(rt3, [-1])",
    "reshape_ragged_bad_size": "out = tf.reshape(rt, [4])",
    "reshape_ragged_to_ragged_shape": "out = tf.reshape(rt, rt_shape)",
    "zeros": "out = tf.zeros(rt_shape)",
    "ones": "out = tf.ones(rt_shape)",
    "fill_str": "out = tf.fill(rt_shape, 'x')",
    "zeros3_int": "out = tf.zeros(tf.shape(rt3), dtype=tf.int32)",
    "constructor": ("out = tf.experimental.DynamicRaggedShape(row_partitions=["
                    "tf.experimental.RowPartition.from_row_lengths([5, 3, 2])], inner_shape=[10, 8])"),
    "from_lengths": "out = tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])",
    "from_lengths_get": ("s = tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12]); "
                         "out = [s[0], s[2]]"),
    "from_lengths_prefix": "out = tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])[:2]",
    "from_lengths_dense": "out = tf.experimental.DynamicRaggedShape.from_lengths([2, 3])",
    "from_tensor_dense": "out = tf.experimental.DynamicRaggedShape.from_tensor(tf.zeros([2, 3]))",
    "row_partition_repr": "out = repr(tf.experimental.RowPartition.from_row_lengths([1, 3, 0, 2]))",
    "broadcast_to_column": "out = tf.broadcast_to(tf.constant([[1], [2], [3], [4]]), rt_shape)",
    "broadcast_to_inner": "out = tf.broadcast_to(tf.constant([1, 2]), tf.shape(rt3))",
    "broadcast_dynamic_shape": ("out = tf.broadcast_dynamic_shape(rt_shape, "
                                "tf.experimental.DynamicRaggedShape.from_lengths([4, 1]))"),
    # ragged-dense broadcasting in elementwise ops (guide cells 75-81)
    "add_scalar": "out = tf.ragged.constant([[1, 2], [3]]) + 3",
    "add_column_list": "out = tf.ragged.constant([[10, 87, 12], [19, 53], [12, 32]]) + [[1000], [2000], [3000]]",
    "add_11": "out = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1) + tf.constant([[10]])",
    "add_inner_vector": ("out = tf.ragged.constant([[[[1], [2]], [], [[3]], [[4]]], [[[5], [6]], [[7]]]], "
                         "ragged_rank=2) + tf.constant([10, 20, 30])"),
    "sub_reversed": "out = tf.constant([[1], [3]]) - tf.ragged.constant([[1, 2], [3, 4, 5]])",
    "add_equal_lengths": "out = tf.ragged.constant([[1, 2], [3, 4]]) + tf.constant([[1, 2], [3, 4]])",
    "add_higher_rank_dense": "out = tf.ragged.constant([[1, 2], [3, 4, 5]]) + tf.constant([[[1]], [[3]]])",
    "mul_math_op": "out = tf.multiply(tf.ragged.constant([[1.0, 2.0], [3.0]]), tf.constant([[2.0], [4.0]]))",
    "add_trailing_mismatch": ("out = tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]]) + "
                              "tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])"),
    "add_ragged_mismatch": ("out = tf.ragged.constant([[1, 2, 3], [4], [5, 6]]) + "
                            "tf.ragged.constant([[10, 20], [30, 40], [50]])"),
    "add_ragged_inner_mismatch": ("out = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10]]]) + "
                                  "tf.ragged.constant([[[1, 2, 0], [3, 4, 0], [5, 6, 0]], [[7, 8, 0], [9, 10, 0]]])"),
}


def run_case(tf, setup, code):
    """`{"ok": describe(out)}` for a case's snippet run after `setup` on `tf` (TF or keraslike), or
    `{"error": <exception type name>}`: the record goldens store and tests compare."""
    namespace = {"tf": tf}
    exec(setup, namespace)
    try:
        exec(code, namespace)
    except Exception as e:  # noqa: BLE001 - the golden records which error TF raises
        return {"error": type(e).__name__}
    return {"ok": describe(namespace["out"], tf)}


def write_golden(tf, setup, cases, out_path):
    """Run every case on real TF and write `{case: record}` to `out_path` (the golden scripts' body)."""
    results = {name: run_case(tf, setup, code) for name, code in cases.items()}
    with open(out_path, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print(f"wrote {len(results)} cases to {out_path}")


def describe(out, tf):
    """`out` as JSON: a ragged tensor's nested list and dtype, a tensor's values and dtype, a shape's repr."""
    if isinstance(out, tf.RaggedTensor):
        flat = out.flat_values
        return {"kind": "ragged", "dtype": _dtype_name(flat.dtype), "value": _plain(out.to_list())}
    if type(out).__name__ == "DynamicRaggedShape":
        return {"kind": "shape", "repr": repr(out)}
    if isinstance(out, (str, int)):
        return {"kind": "python", "value": out}
    if isinstance(out, list) and all(isinstance(x, int) for x in out):
        return {"kind": "python", "value": out}
    if isinstance(out, list):
        return {"kind": "list", "value": [describe(x, tf) for x in out]}
    value = np.asarray(out.numpy() if hasattr(out, "numpy") else out)
    return {"kind": "tensor", "dtype": _dtype_name(out.dtype), "value": _plain(value.tolist())}


def _dtype_name(dtype):
    return str(dtype).replace("torch.", "").replace("<dtype: '", "").rstrip("'>")


def _plain(x):
    if isinstance(x, bytes):
        return x.decode()
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x
