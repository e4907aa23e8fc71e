"""Write goldens for `tf.experimental.numpy` (dtype inference, numpy behaviour, promotion modes).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_tnp_golden.py

It writes `tests/golden/tnp.json`, read by `tests/numpy/test_tnp_golden.py`:
- `operators[mode]["a|b"]`: the result dtype of `tensor_a + tensor_b` (or of `tensor_a + python scalar`,
  written `a|py_int`/`a|py_float`/`a|py_complex`) under
  `experimental_enable_numpy_behavior(dtype_conversion_mode=mode)`, or `"TypeError"`/`"InvalidArgumentError"`
  when TF refuses.
- `inference[case]`: the dtype of a `tnp` call (array creation, unary/binary functions), per `prefer_float32`.
- `values[case]`: a few values (lists) of `tnp` functions on fixed inputs.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402
import tensorflow.experimental.numpy as tnp  # noqa: E402
from tensorflow.python.framework import ops  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tnp.json")
DTYPES = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "bfloat16",
          "float16", "float32", "float64", "complex64", "complex128"]
SCALARS = {"py_int": 3, "py_float": 2.5, "py_complex": 1 + 2j, "py_bool": True}


def _outcome(fn):
    try:
        out = fn()
    except TypeError:
        return "TypeError"
    except tf.errors.InvalidArgumentError:
        return "InvalidArgumentError"
    except ValueError:
        return "ValueError"
    return out.dtype.name


def _tensor(name):
    return tf.ones([2], dtype=name) if name != "bool" else tf.constant([True, False])


def operators():
    table = {}
    for mode in ("legacy", "all", "safe"):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=mode)
        rows = {}
        for a in DTYPES:
            for b in DTYPES:
                rows[f"{a}|{b}"] = _outcome(lambda a=a, b=b: _tensor(a) + _tensor(b))
            for key, value in SCALARS.items():
                rows[f"{a}|{key}"] = _outcome(lambda a=a, value=value: _tensor(a) + value)
                rows[f"{key}|{a}"] = _outcome(lambda a=a, value=value: value + _tensor(a))
        table[mode] = rows
    ops.set_dtype_conversion_mode("legacy")
    return table


INFERENCE = {
    "asarray_int": lambda: tnp.asarray(1),
    "asarray_float": lambda: tnp.asarray(1.0),
    "asarray_bool": lambda: tnp.asarray(True),
    "asarray_list_int": lambda: tnp.asarray([1, 2]),
    "asarray_list_float": lambda: tnp.asarray([1.0, 2]),
    "asarray_np_f32": lambda: tnp.asarray(np.ones(2, np.float32)),
    "asarray_tf_i32": lambda: tnp.asarray(tf.constant([1, 2])),
    "array_float": lambda: tnp.array(1.0),
    "ones": lambda: tnp.ones([2]),
    "zeros": lambda: tnp.zeros([2]),
    "ones_int32": lambda: tnp.ones([2], dtype=tnp.int32),
    "eye": lambda: tnp.eye(2),
    "full_int": lambda: tnp.full([2], 3),
    "full_float": lambda: tnp.full([2], 3.0),
    "arange_int": lambda: tnp.arange(5),
    "arange_float": lambda: tnp.arange(0.0, 1.0, 0.25),
    "linspace": lambda: tnp.linspace(0, 1, 5),
    "add_floats": lambda: tnp.add(1.0, 2.0),
    "add_ints": lambda: tnp.add(1, 2),
    "add_i32_float": lambda: tnp.add(tf.constant(1), 2.5),
    "add_f32_float": lambda: tnp.add(tf.constant(1.0), 2.5),
    "add_f32_f64": lambda: tnp.add(tf.constant(1.0), tf.constant(1.0, tf.float64)),
    "true_divide_ints": lambda: tnp.true_divide(tnp.arange(3), 2),
    "sqrt_int": lambda: tnp.sqrt(32),
    "exp_i32": lambda: tnp.exp(tf.constant([1, 2])),
    "mean_int": lambda: tnp.mean(tnp.arange(4)),
    "sum_i32": lambda: tnp.sum(tf.constant([1, 2])),
    "sum_bool": lambda: tnp.sum(tf.constant([True, False])),
    "randn": lambda: tnp.random.randn(2, 3),
    "rand": lambda: tnp.random.rand(2),
    "uniform": lambda: tnp.random.uniform(size=(2,)),
    "randint": lambda: tnp.random.randint(0, 5, size=(3,)),
    "maximum_f32_int": lambda: tnp.maximum(tnp.ones([2], tnp.float32), 0),
    "matmul_f32_f64": lambda: tnp.matmul(tnp.ones([2, 2], tnp.float32), tnp.ones([2, 2])),
    "where": lambda: tnp.where(tf.constant([True, False]), 1, 2.0),
    "square_i32": lambda: tnp.square(tf.constant([3])),
    "abs_i32": lambda: tnp.abs(tf.constant([-3])),
    "power_i_f": lambda: tnp.power(2, 0.5),
    "floor_divide": lambda: tnp.floor_divide(7, 2),
}


def inference():
    out = {}
    for prefer in (False, True):
        tnp.experimental_enable_numpy_behavior(prefer_float32=prefer)
        for case, fn in INFERENCE.items():
            out[f"{case}|prefer={prefer}"] = _outcome(fn)
    tnp.experimental_enable_numpy_behavior(prefer_float32=False)
    return out


def _list(x):
    return np.asarray(x).tolist()


def values():
    tnp.experimental_enable_numpy_behavior()
    x = tnp.arange(24).reshape(2, 3, 4)
    m = tnp.asarray([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]])
    return {
        "basic_index": _list(x[1, tnp.newaxis, 1:3, ...]),
        "bool_index": _list(x[:, (True, False, True)]),
        "advanced_index": _list(x[1, (0, 0, 1), tnp.asarray([0, 1, 1])]),
        "T": _list(x.T),
        "T_shape": list(x.T.shape),
        "ravel": _list(m.ravel()),
        "flatten": _list(m.flatten()),
        "transpose_method": _list(x.transpose()),
        "transpose_axes": _list(x.transpose((1, 0, 2))),
        "clip": _list(m.clip(-1, 1)),
        "astype": _list(m.astype(tnp.int32)),
        "mean_axis0": _list(m.mean(axis=0)),
        "max_axis1": _list(m.max(axis=1)),
        "min_keepdims": _list(m.min(axis=1, keepdims=True)),
        "sum": _list(tnp.sum(m, axis=1)),
        "std": _list(tnp.std(m)),
        "var_axis0": _list(tnp.var(m, axis=0)),
        "prod": _list(tnp.prod(m, axis=0)),
        "cumsum": _list(tnp.cumsum(m, axis=1)),
        "argmax": _list(tnp.argmax(m, axis=1)),
        "argsort": _list(tnp.argsort(m, axis=1)),
        "sort": _list(tnp.sort(m)),
        "concatenate": _list(tnp.concatenate([m, m], axis=0)),
        "stack": _list(tnp.stack([m, m], axis=1)),
        "expand_dims": list(tnp.expand_dims(m, 0).shape),
        "squeeze": list(tnp.squeeze(tnp.ones([1, 3, 1])).shape),
        "dot": _list(tnp.dot(m, m.T)),
        "outer": _list(tnp.outer([1.0, 2.0], [3.0, 4.0, 5.0])),
        "where3": _list(tnp.where(m > 0, m, 0.0)),
        "clip_fn": _list(tnp.clip(m, 0.0, 2.0)),
        "round": _list(tnp.round(tnp.asarray([0.5, 1.5, 2.5, -0.5]))),
        "around_dec": _list(tnp.around(tnp.asarray([1.234, 5.678]), 1)),
        "tile": _list(tnp.tile(tnp.asarray([1, 2]), 2)),
        "repeat": _list(tnp.repeat(tnp.asarray([1, 2]), 2)),
        "diag": _list(tnp.diag(tnp.asarray([1, 2]))),
        "allclose": bool(tnp.allclose(m, m + 1e-9)),
        "linspace": _list(tnp.linspace(0.0, 1.0, 5)),
        "arange_step": _list(tnp.arange(1, 10, 3)),
        "log_sigmoid_ops": _list(1.0 / (1.0 + tnp.exp(-m))),
        "floor_divide": _list(tnp.floor_divide(tnp.asarray([7, -7]), 2)),
        "mod": _list(tnp.mod(tnp.asarray([7, -7]), 3)),
        "true_divide": _list(tnp.true_divide(tnp.asarray([7, -7]), 2)),
        "reshape_method": list(m.reshape(3, 2).shape),
        "reshape_order_F": _list(m.reshape((3, 2), order="F")),
        "swapaxes": list(tnp.swapaxes(x, 0, 2).shape),
        "moveaxis": list(tnp.moveaxis(x, 0, -1).shape),
        "einsum": _list(tnp.einsum("ij,kj->ik", m, m)),
        "count_nonzero": _list(tnp.count_nonzero(m > 0)),
        "isclose": _list(tnp.isclose(m, m)),
        "logical_and": _list(tnp.logical_and(m > 0, m < 2)),
        "nonzero": [_list(a) for a in tnp.nonzero(tnp.asarray([0, 3, 0, 5]))],
        "take": _list(tnp.take(tnp.asarray([5, 6, 7]), [2, 0])),
        "average": _list(tnp.average(m, axis=0, weights=[1.0, 3.0])),
        "size_attr": int(m.size),
    }


def guide_table():
    """`tf_numpy_type_promotion` guide's cells: (description, result dtype or error)."""
    out = {}
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
    out["i32+f32 all"] = _outcome(lambda: tf.constant(10, dtype=tf.int32) + tf.constant(5.0, dtype=tf.float32))
    out["i8+u32 all"] = _outcome(lambda: tf.constant(10, dtype=tf.int8) + tf.constant(5, dtype=tf.uint32))
    out["i64+f16 all"] = _outcome(lambda: tf.constant(1, tf.int64) + tf.constant(3.2, tf.float16))
    out["weakf32+f16 all"] = _outcome(lambda: tf.constant(1.2) + tf.constant(3.1, tf.float16))
    out["np_i8 tf_i32 np_f16 add all"] = _outcome(
        lambda: tf.add(tf.add(np.array(1, np.int8), tf.constant(1)), np.array(1, np.float16)))
    out["chain all"] = _outcome(lambda: np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
    out["chain all value"] = float(np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
    out["i16-f32 all"] = _outcome(lambda: tf.constant(5, tf.int16) - tf.constant(1, tf.float32))
    v = tf.Variable(10, tf.int32)
    out["assign_add all"] = _outcome(lambda: v.assign_add(tf.constant(5, tf.int16)))
    out["constant cast all"] = _outcome(lambda: tf.constant(tf.constant(10, tf.int16), tf.float32))
    out["tnp.array(1) all"] = _outcome(lambda: tnp.array(1))
    out["tnp.array(1.0) all"] = _outcome(lambda: tnp.array(1.0))
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="safe")
    out["i32+f32 safe"] = _outcome(lambda: tf.constant(10, dtype=tf.int32) + tf.constant(5.0, dtype=tf.float32))
    out["i8+u32 safe"] = _outcome(lambda: tf.constant(10, dtype=tf.int8) + tf.constant(5, dtype=tf.uint32))
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="legacy")
    out["np_i8 tf_i32 np_f16 add legacy"] = _outcome(
        lambda: tf.add(tf.add(np.array(1, np.int8), tf.constant(1)), np.array(1, np.float16)))
    out["tf_i32 np_i8 np_f16 add legacy"] = _outcome(
        lambda: tf.add(tf.add(tf.constant(1), np.array(1, np.int8)), np.array(1, np.float16)))
    out["chain legacy"] = _outcome(lambda: np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
    out["chain legacy value"] = float(np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
    return out


def main():
    golden = {"operators": operators(), "inference": inference(), "values": values(), "guide": guide_table()}
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
