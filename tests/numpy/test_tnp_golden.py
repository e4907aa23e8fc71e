"""`tf.experimental.numpy` against real TF 2.21 (goldens: tests/golden/make_tnp_golden.py -> tests/golden/tnp.json).

Written as the tf_numpy, tf_numpy_type_promotion guides and the keras.io "TensorFlow NumPy models" recipe use it.
"""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf
import keraslike.experimental.numpy as tnp
from keraslike._src.numpy.np_config import disable_numpy_behavior
from keraslike._src.ops import dtype_promotion

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "tnp.json")))
SCALARS = {"py_int": 3, "py_float": 2.5, "py_complex": 1 + 2j}
# torch has no arithmetic kernels for these (DESIGN: uint16/32/64 are storage types): their promotions are checked
# on the promotion rule, the others on the real operator
NO_KERNELS = {"uint16", "uint32", "uint64"}


@pytest.fixture(autouse=True)
def _restore():
    yield
    disable_numpy_behavior()


def _outcome(fn):
    try:
        out = fn()
    except TypeError:
        return "TypeError"
    except tf.errors.InvalidArgumentError:
        return "InvalidArgumentError"
    return tf.as_dtype(out.dtype).name


def _value(name):
    return SCALARS[name] if name in SCALARS else tf.ones([2], dtype=name)


def _operator_cases(mode):
    for key, want in sorted(GOLDEN["operators"][mode].items()):
        a, b = key.split("|")
        if "py_bool" in key or want == "InvalidArgumentError":  # TF's AddV2 quirks with bools, not promotion
            continue
        yield key, a, b, want


@pytest.mark.parametrize("mode", ["legacy", "all", "safe"])
def test_operator_promotion_table_matches_tf(mode):
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=mode)
    wrong = []
    rule = dtype_promotion.numpy_result_type if mode == "legacy" else dtype_promotion.auto_result_type
    for key, a, b, want in _operator_cases(mode):
        if NO_KERNELS & {a, b}:
            got = _outcome(lambda a=a, b=b: torch.empty(0, dtype=rule(_value(a), _value(b))))
        else:
            got = _outcome(lambda a=a, b=b: _value(a) + _value(b))
        if got != want:
            wrong.append(f"{key}: TF {want}, keraslike {got}")
    assert not wrong, wrong


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


@pytest.mark.parametrize("prefer", [False, True])
def test_dtype_inference_matches_tf(prefer):
    tnp.experimental_enable_numpy_behavior(prefer_float32=prefer)
    got = {case: _outcome(fn) for case, fn in INFERENCE.items()}
    want = {case: GOLDEN["inference"][f"{case}|prefer={prefer}"] for case in INFERENCE}
    assert got == want


def _list(x):
    return np.asarray(x).tolist()


def test_functions_and_methods_match_tf():
    tnp.experimental_enable_numpy_behavior()
    x = tnp.arange(24).reshape(2, 3, 4)
    m = tnp.asarray([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]])
    got = {
        "basic_index": _list(x[1, tnp.newaxis, 1:3, ...]),
        "bool_index": _list(x[:, (True, False, True)]),
        "advanced_index": _list(x[1, (0, 0, 1), tnp.asarray([0, 1, 1])]),
        "T": _list(x.T), "T_shape": list(x.T.shape),
        "ravel": _list(m.ravel()), "flatten": _list(m.flatten()),
        "transpose_method": _list(x.transpose()), "transpose_axes": _list(x.transpose((1, 0, 2))),
        "clip": _list(m.clip(-1, 1)), "astype": _list(m.astype(tnp.int32)),
        "mean_axis0": _list(m.mean(axis=0)), "max_axis1": _list(m.max(axis=1)),
        "min_keepdims": _list(m.min(axis=1, keepdims=True)),
        "sum": _list(tnp.sum(m, axis=1)), "std": _list(tnp.std(m)), "var_axis0": _list(tnp.var(m, axis=0)),
        "prod": _list(tnp.prod(m, axis=0)), "cumsum": _list(tnp.cumsum(m, axis=1)),
        "argmax": _list(tnp.argmax(m, axis=1)), "argsort": _list(tnp.argsort(m, axis=1)), "sort": _list(tnp.sort(m)),
        "concatenate": _list(tnp.concatenate([m, m], axis=0)), "stack": _list(tnp.stack([m, m], axis=1)),
        "expand_dims": list(tnp.expand_dims(m, 0).shape), "squeeze": list(tnp.squeeze(tnp.ones([1, 3, 1])).shape),
        "dot": _list(tnp.dot(m, m.T)), "outer": _list(tnp.outer([1.0, 2.0], [3.0, 4.0, 5.0])),
        "where3": _list(tnp.where(m > 0, m, 0.0)), "clip_fn": _list(tnp.clip(m, 0.0, 2.0)),
        "round": _list(tnp.round(tnp.asarray([0.5, 1.5, 2.5, -0.5]))),
        "around_dec": _list(tnp.around(tnp.asarray([1.234, 5.678]), 1)),
        "tile": _list(tnp.tile(tnp.asarray([1, 2]), 2)), "repeat": _list(tnp.repeat(tnp.asarray([1, 2]), 2)),
        "diag": _list(tnp.diag(tnp.asarray([1, 2]))), "allclose": bool(tnp.allclose(m, m + 1e-9)),
        "linspace": _list(tnp.linspace(0.0, 1.0, 5)), "arange_step": _list(tnp.arange(1, 10, 3)),
        "log_sigmoid_ops": _list(1.0 / (1.0 + tnp.exp(-m))),
        "floor_divide": _list(tnp.floor_divide(tnp.asarray([7, -7]), 2)),
        "mod": _list(tnp.mod(tnp.asarray([7, -7]), 3)), "true_divide": _list(tnp.true_divide(tnp.asarray([7, -7]), 2)),
        "reshape_method": list(m.reshape(3, 2).shape), "reshape_order_F": _list(m.reshape((3, 2), order="F")),
        "swapaxes": list(tnp.swapaxes(x, 0, 2).shape), "moveaxis": list(tnp.moveaxis(x, 0, -1).shape),
        "einsum": _list(tnp.einsum("ij,kj->ik", m, m)), "count_nonzero": _list(tnp.count_nonzero(m > 0)),
        "isclose": _list(tnp.isclose(m, m)), "logical_and": _list(tnp.logical_and(m > 0, m < 2)),
        "nonzero": [_list(a) for a in tnp.nonzero(tnp.asarray([0, 3, 0, 5]))],
        "take": _list(tnp.take(tnp.asarray([5, 6, 7]), [2, 0])),
        "average": _list(tnp.average(m, axis=0, weights=[1.0, 3.0])),
        "size_attr": int(tnp.size(m)),  # numpy's `m.size` attribute: torch's `size()` method stays (README)
    }
    want = GOLDEN["values"]
    for key, value in want.items():
        assert got[key] == pytest.approx(value) if isinstance(value, float) else np.allclose(got[key], value), key
        assert np.asarray(got[key]).shape == np.asarray(value).shape, key


def test_type_promotion_guide_cells_match_tf():
    want = GOLDEN["guide"]
    got = {}
    with pytest.warns(UserWarning):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
    got["i32+f32 all"] = _outcome(lambda: tf.constant(10, dtype=tf.int32) + tf.constant(5.0, dtype=tf.float32))
    got["i8+u32 all"] = _outcome(lambda: tf.constant(10, dtype=tf.int8) + tf.constant(5, dtype=tf.uint32).to(
        torch.int64).to(torch.uint32))  # (uint32 has no add kernel in torch; the promotion happens first)
    got["i64+f16 all"] = _outcome(lambda: tf.constant(1, tf.int64) + tf.constant(3.2, tf.float16))
    got["np_i8 tf_i32 np_f16 add all"] = _outcome(
        lambda: tf.add(tf.add(np.array(1, np.int8), tf.constant(1)), np.array(1, np.float16)))
    got["chain all"] = _outcome(lambda: np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
    got["i16-f32 all"] = _outcome(lambda: tf.constant(5, tf.int16) - tf.constant(1, tf.float32))
    got["constant cast all"] = _outcome(lambda: tf.constant(tf.constant(10, tf.int16), tf.float32))
    with pytest.warns(UserWarning):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="safe")
    got["i32+f32 safe"] = _outcome(lambda: tf.constant(10, dtype=tf.int32) + tf.constant(5.0, dtype=tf.float32))
    got["i8+u32 safe"] = _outcome(lambda: tf.constant(10, dtype=tf.int8) + tf.constant(5, dtype=tf.uint32))
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="legacy")
    got["np_i8 tf_i32 np_f16 add legacy"] = _outcome(
        lambda: tf.add(tf.add(np.array(1, np.int8), tf.constant(1)), np.array(1, np.float16)))
    got["tf_i32 np_i8 np_f16 add legacy"] = _outcome(
        lambda: tf.add(tf.add(tf.constant(1), np.array(1, np.int8)), np.array(1, np.float16)))
    got["chain legacy"] = _outcome(lambda: np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50))
    chain = np.array(3.2, np.float16) + tf.constant(1, tf.int8) + tf.constant(50)
    assert float(chain) == want["chain legacy value"]
    assert got == {key: want[key] for key in got}


def test_unknown_mode_raises():
    with pytest.raises(ValueError, match="dtype_conversion_mode='bogus'"):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="bogus")


def test_tf_numpy_guide_model_and_gradients():
    """The tf_numpy guide's model: tnp ops, `.astype`, a tape over plain tensors, numpy interop."""
    tnp.experimental_enable_numpy_behavior()
    size = 32
    stddev = tnp.sqrt(size).astype(tnp.float32)
    w1 = tnp.random.randn(size, 64).astype(tnp.float32) / stddev
    bias = tnp.random.randn(64).astype(tnp.float32)
    w2 = tnp.random.randn(64, 2).astype(tnp.float32) / 8
    inputs = tnp.ones([2, size], dtype=tnp.float32)
    with tf.GradientTape() as tape:
        tape.watch((w1, bias, w2))
        y = tnp.maximum(tnp.matmul(inputs, w1) + bias, 0)
        loss = tnp.sum(tnp.square(tnp.matmul(y, w2)))
    grads = tape.gradient(loss, (w1, bias, w2))
    assert [tuple(g.shape) for g in grads] == [(32, 64), (64,), (64, 2)]
    assert isinstance(grads[0], tnp.ndarray)
    hidden = np.maximum(np.ones([2, 32]) @ w1.numpy() + bias.numpy(), 0)
    np.testing.assert_allclose(grads[2].numpy(), 2 * hidden.T @ (hidden @ w2.numpy()), rtol=1e-4)
    np_sum = np.sum(tnp.ones([2, 3]))
    assert type(np_sum) is np.float64 and np_sum == 6.0
    assert tnp.sum(np.ones([2, 3])).dtype == tf.float64


def test_torch_call_forms_keep_working_under_numpy_behavior():
    tnp.experimental_enable_numpy_behavior()
    t = torch.arange(6.0).reshape(2, 3)
    assert t.transpose(0, 1).shape == (3, 2)
    values, indices = t.max(dim=1)
    assert indices.tolist() == [2, 2]
    assert t.max(1).values.tolist() == [2.0, 5.0]
    assert t.size() == (2, 3)
