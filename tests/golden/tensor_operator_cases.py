"""Cases for TF's Python operators on tensors with list/tuple/numpy operands and negative slice steps.

Each case takes the `tf` module (real TensorFlow in `make_tensor_operator_golden.py`, keraslike in
`tests/ops/test_tensor_operators.py`); results are encoded by `core_cases.encode`. The tensor guide's
first cells (tensorflow/docs site/en/guide/tensor.ipynb) and the variable guide use these idioms.
No TensorFlow import here: both sides share this file.
"""

import numpy as np


def _t(tf):
    return tf.constant([1.0, 2.0, 3.0])


def _ti(tf):
    return tf.constant([1, 2, 3])


def _complex(x):
    return [x.dtype.name, x.numpy().real.tolist(), x.numpy().imag.tolist()]


def _m(tf):
    return tf.reshape(tf.range(6), (2, 3))


CASES = {
    # lists and tuples, both orders, every arithmetic operator
    "add_list": lambda tf: _t(tf) + [1, 2, 3],
    "radd_list": lambda tf: [1, 2, 3] + _t(tf),
    "radd_list_int": lambda tf: [1, 2, 3] + _ti(tf),
    "sub_list": lambda tf: _t(tf) - [3, 2, 1.5],
    "rsub_list": lambda tf: [3, 2, 1.5] - _t(tf),
    "mul_tuple": lambda tf: _t(tf) * (1, 2, 3),
    "rmul_tuple": lambda tf: (1, 2, 3) * _t(tf),
    "rmul_list_int_scalar": lambda tf: [1, 2, 3] * tf.constant(2),
    "mul_list_int_scalar": lambda tf: tf.constant(2) * [1, 2, 3],
    "truediv_list": lambda tf: _t(tf) / [2, 4, 8],
    "rtruediv_list": lambda tf: [2, 4, 8] / _t(tf),
    "truediv_int_list": lambda tf: _ti(tf) / [2, 4, 8],
    "truediv_int8_list": lambda tf: tf.constant([1, 2], tf.int8) / [2, 3],
    "floordiv_list": lambda tf: _t(tf) // [1, 2, 4],
    "rfloordiv_list": lambda tf: [7, -7, 8] // _t(tf),
    "floordiv_int_list": lambda tf: _ti(tf) // [2, -2, 2],
    "mod_list": lambda tf: _t(tf) % [1, 2, 4],
    "mod_int_negative": lambda tf: _ti(tf) % [-2, -2, -2],
    "rmod_int": lambda tf: [-7, 7, -8] % _ti(tf),
    "pow_list": lambda tf: _t(tf) ** [1, 2, 3],
    "rpow_list": lambda tf: [1, 2, 3] ** _t(tf),
    "pow_int_list": lambda tf: _ti(tf) ** [2, 2, 2],
    "rpow_int_list": lambda tf: [2, 2, 2] ** _ti(tf),
    "pow_negative_float": lambda tf: _t(tf) ** [-1, -1, -1],
    "add_broadcast_nested": lambda tf: _t(tf) + [[1], [2]],
    "add_list_of_bools": lambda tf: _t(tf) + [True, False, True],
    "add_int_list": lambda tf: _ti(tf) + [1, 1, 1],
    "add_complex_list": lambda tf: _complex(tf.constant([1 + 1j], tf.complex64) + [1.0]),
    "add_list_of_tensors": lambda tf: _t(tf) + [tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)],
    # matmul with lists (the tensor guide: `[[1., 2., 3.]] @ w`)
    "rmatmul_list": lambda tf: [[1.0, 2.0, 3.0]] @ tf.ones((3, 2)),
    "rmatmul_int_list_float_tensor": lambda tf: [[1, 2, 3]] @ tf.ones((3, 2)),
    "matmul_list": lambda tf: tf.transpose(tf.ones((3, 2))) @ [[1.0], [2.0], [3.0]],
    "rmatmul_variable": lambda tf: [[1.0, 2.0, 3.0]] @ tf.Variable(tf.ones((3, 2))),
    "add_variable_list": lambda tf: tf.Variable(tf.ones((2, 2))) + [1, 2],
    # comparisons (TF2: == and != are element-wise)
    "eq_list": lambda tf: _t(tf) == [1, 0, 3],
    "ne_list": lambda tf: _t(tf) != [1, 0, 3],
    "req_list": lambda tf: [1, 0, 3] == _t(tf),
    "eq_list_incompatible": lambda tf: _t(tf) == [1, 2],
    "ne_list_incompatible": lambda tf: _t(tf) != [1, 2],
    "eq_none": lambda tf: _t(tf) == None,  # noqa: E711
    "ne_none": lambda tf: _t(tf) != None,  # noqa: E711
    "eq_bool_list": lambda tf: tf.constant([True, False]) == [True, True],
    "lt_list": lambda tf: _t(tf) < [2, 2, 2],
    "rlt_list": lambda tf: [2, 2, 2] < _t(tf),
    "ge_tuple": lambda tf: _t(tf) >= (1, 3, 3),
    "le_list": lambda tf: _ti(tf) <= [1, 1, 4],
    "gt_list": lambda tf: _ti(tf) > [0, 2, 4],
    # bitwise operators with lists
    "and_bool_list": lambda tf: tf.constant([True, False]) & [True, True],
    "and_int_list": lambda tf: _ti(tf) & [1, 0, 1],
    "or_int_list": lambda tf: _ti(tf) | [2, 2, 2],
    "ror_int_list": lambda tf: [2, 2, 2] | _ti(tf),
    "xor_int_list": lambda tf: _ti(tf) ^ [1, 1, 1],
    # numpy operands are cast to the tensor's dtype (TF), not promoted (torch)
    "rmul_ndarray": lambda tf: np.ones(3) * _t(tf),
    "mul_ndarray_float64": lambda tf: _t(tf) * np.array([0.5, 0.25, 2.0]),
    "mul_ndarray_int64": lambda tf: _t(tf) * np.ones(3, np.int64),
    "mul_int_ndarray_float": lambda tf: _ti(tf) * np.array([1.5, 2.5, 3.5]),
    "add_int_ndarray_float": lambda tf: _ti(tf) + np.array([1.5, 2.5, -3.5]),
    "radd_ndarray": lambda tf: np.ones(3) + _t(tf),
    "rmatmul_ndarray": lambda tf: np.ones((1, 3)) @ tf.ones((3, 2)),
    "eq_ndarray": lambda tf: _t(tf) == np.ones(3),
    "req_ndarray": lambda tf: np.ones(3) == _t(tf),
    "eq_int_ndarray_float": lambda tf: _ti(tf) == np.array([1.5, 2.5, 3.5]),
    "rlt_ndarray": lambda tf: np.ones(3) < _t(tf),
    "gt_ndarray": lambda tf: _t(tf) > np.array([2.0, 2.0, 2.0]),
    "add_float16_ndarray": lambda tf: tf.constant([1.0], tf.float16) + np.array([1.0]),
    "add_numpy_scalar": lambda tf: _t(tf) + np.float64(2),
    "radd_numpy_scalar": lambda tf: np.float64(2) + _t(tf),
    "add_int_numpy_scalar": lambda tf: _ti(tf) + np.float64(2),
    "mul_int_numpy_scalar": lambda tf: _ti(tf) * np.float64(2.5),
    "add_ndarray_overflow_to_inf": lambda tf: tf.constant([1.0]) + np.array([1e300]),
    # errors TF raises as TypeError
    "int_tensor_float_list_mul": lambda tf: _ti(tf) * [1.5],
    "int_tensor_float_list_lt": lambda tf: _ti(tf) < [1.5],
    "int_tensor_float_list_rlt": lambda tf: [1.5] < _ti(tf),
    "int_tensor_float_list_eq": lambda tf: _ti(tf) == [1.5, 2, 3],
    "bool_tensor_int_list": lambda tf: tf.constant([True]) & [1],
    "shift_list": lambda tf: _ti(tf) << [1],
    # Python's own list semantics stay
    "list_concat_of_tensors": lambda tf: len([_t(tf)] + [_t(tf), _t(tf)]),
    # negative slice steps (torch raises "step must be greater than zero")
    "reverse": lambda tf: _t(tf)[::-1],
    "reverse_step_2": lambda tf: _t(tf)[::-2],
    "reverse_2d": lambda tf: _m(tf)[::-1, ::-2],
    "reverse_ellipsis": lambda tf: _m(tf)[..., ::-1],
    "reverse_bounds": lambda tf: tf.range(6)[4:0:-2],
    "reverse_negative_bounds": lambda tf: tf.range(6)[-1:-7:-1],
    "reverse_empty": lambda tf: tf.range(6)[0:4:-1],
    "reverse_with_int_and_newaxis": lambda tf: _m(tf)[tf.newaxis, 1, ::-1],
    "reverse_of_column": lambda tf: _m(tf)[:, 1][::-1],
    # numpy reductions of tensors (tensorflow/docs site/en/guide/autodiff.ipynb: `np.mean(x2, axis=0)` on a tape)
    "np_mean_axis": lambda tf: np.mean(_m(tf), axis=0),
    "np_sum": lambda tf: [np.sum(_t(tf)), np.sum(_m(tf), axis=1, keepdims=True)],
    "np_std_var": lambda tf: [np.std(_t(tf)), np.var(_t(tf), ddof=1)],
    "np_max_min_prod": lambda tf: [np.max(_m(tf), axis=1), np.min(_t(tf)), np.prod(_ti(tf))],
    "np_any_all": lambda tf: [np.any(_t(tf) > 2), np.all(_m(tf) >= 0, axis=0)],
    "np_mean_breaks_the_tape": lambda tf: _tape_through_numpy(tf),
}


def _tape_through_numpy(tf):
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_mean(np.mean(x ** 2, axis=0), axis=0)
    return [y, tape.gradient(y, x) is None]
