"""StringTensor, `tf.constant` of strings and the array ops on them.

Expected values and error types were read off real TF 2.21 eager (the same calls; see the
probe listed in tests/golden/strings_cases.py for the tf.strings goldens).
"""

import copy

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.ops.string_tensor import StringTensor, as_string_array, is_string_tensor, string_tensor


def _np(x):
    return x.numpy().tolist() if isinstance(x.numpy(), np.ndarray) else x.numpy()


def test_constant_encodes_utf8_and_has_string_dtype():
    t = tf.constant(["héllo", b"w"])
    assert is_string_tensor(t) and tf.is_tensor(t)
    assert t.dtype is tf.string and t.dtype.name == "string" and str(t.dtype) == "<dtype: 'string'>"
    assert t.shape.as_list() == [2] and t.ndim == 1 and len(t) == 2
    assert t.numpy().dtype == object and t.numpy().tolist() == [b"h\xc3\xa9llo", b"w"]
    scalar = tf.constant("x")
    assert scalar.numpy() == b"x" and type(scalar.numpy()) is bytes and scalar.shape.rank == 0
    assert tf.convert_to_tensor(np.array(["a", "bc"])).numpy().tolist() == [b"a", b"bc"]
    assert tf.constant([["a"], ["b"]]).shape.as_list() == [2, 1]
    assert tf.constant("ab", shape=[2, 2]).numpy().tolist() == [[b"ab", b"ab"], [b"ab", b"ab"]]
    assert tf.constant(["a", "b", "c", "d"], shape=[2, 2]).numpy().tolist() == [[b"a", b"b"], [b"c", b"d"]]
    assert tf.constant("a", dtype=tf.string).numpy() == b"a"
    assert tf.constant([], dtype=tf.string).shape.as_list() == [0]
    assert tf.convert_to_tensor([tf.constant("a"), tf.constant("b")]).numpy().tolist() == [b"a", b"b"]


def test_conversion_errors_match_tf():
    with pytest.raises(TypeError, match="Cannot convert 1 to EagerTensor of dtype string"):
        tf.constant(1, dtype=tf.string)
    with pytest.raises(TypeError, match="dtype float32"):
        tf.constant("a", dtype=tf.float32)
    with pytest.raises(ValueError, match="mixed types"):
        tf.constant(["a", 1])
    with pytest.raises(ValueError, match="non-rectangular"):
        tf.constant([["a"], ["b", "c"]])
    with pytest.raises(TypeError, match="tf.string"):
        tf.reduce_sum(tf.constant(["a"]))
    with pytest.raises(TypeError, match="Received: value=3"):
        as_string_array(3)


def test_repr_and_str_are_tfs():
    t = tf.constant(["a", "b"])
    assert repr(t) == "<tf.Tensor: shape=(2,), dtype=string, numpy=array([b'a', b'b'], dtype=object)>"
    assert str(t) == "tf.Tensor([b'a' b'b'], shape=(2,), dtype=string)"
    assert repr(tf.constant("x")) == "<tf.Tensor: shape=(), dtype=string, numpy=b'x'>"
    assert str(tf.constant("x")) == "tf.Tensor(b'x', shape=(), dtype=string)"
    assert repr(tf.constant([["a"], ["b"]])) == (
        "<tf.Tensor: shape=(2, 1), dtype=string, numpy=\narray([[b'a'],\n       [b'b']], dtype=object)>")


def test_indexing_iteration_and_protocols():
    t = tf.constant([["a", "b"], ["c", "d"]])
    assert _np(t[:, 0]) == [b"a", b"c"]
    assert _np(t[1]) == [b"c", b"d"] and _np(t[1, 1]) == b"d" and _np(t[-1, ::-1]) == [b"d", b"c"]
    assert _np(t[..., tf.newaxis]) == [[[b"a"], [b"b"]], [[b"c"], [b"d"]]]
    assert _np(t[tf.constant(1)]) == [b"c", b"d"]
    assert [_np(row) for row in t] == [[b"a", b"b"], [b"c", b"d"]]
    assert [_np(s) for s in tf.constant(["x", "y"])] == [b"x", b"y"]
    with pytest.raises(TypeError, match="valid indices"):
        t[[0, 1]]
    with pytest.raises(tf.errors.InvalidArgumentError):
        t[5]
    with pytest.raises(TypeError, match="no `len"):
        len(tf.constant("x"))
    with pytest.raises(TypeError, match="iterate over a scalar"):
        iter(tf.constant("x"))
    with pytest.raises(TypeError, match="unhashable"):
        hash(t)
    assert {t.ref(): 1}[t.ref()] == 1 and t.ref().deref() is t
    assert bool(tf.constant(["x"])) and not bool(tf.constant(""))
    with pytest.raises(ValueError, match="ambiguous"):
        bool(t)
    arr = t.numpy()
    arr[0, 0] = b"changed"  # numpy() is a copy: the tensor is immutable
    assert _np(t[0, 0]) == b"a"
    assert copy.deepcopy(t) is t and np.asarray(t).tolist() == [[b"a", b"b"], [b"c", b"d"]]
    assert t.device.endswith("CPU:0")


def test_equality_and_concatenation_operators():
    a = tf.constant(["a", "b"])
    eq = a == "a"
    assert eq.dtype == torch.bool and eq.tolist() == [True, False]
    assert (a != ["a", "c"]).tolist() == [False, True]
    assert (a == tf.constant(["a", "b"])).tolist() == [True, True]
    assert (a == ["a", "b", "c"]).tolist() is False  # incompatible shapes: scalar False, as TF's `==`
    assert (np.array([b"a", b"x"], dtype=object) == a).tolist() == [True, False]
    with pytest.raises(TypeError, match="Cannot convert 1 to EagerTensor of dtype string"):
        a == 1  # noqa: B015
    with pytest.raises(tf.errors.InvalidArgumentError, match="string tensor"):
        a == tf.constant(1)  # noqa: B015
    assert _np(a + "x") == [b"ax", b"bx"] and _np("p" + a) == [b"pa", b"pb"]
    assert _np(tf.constant([["a"], ["b"]]) + ["1", "2"]) == [[b"a1", b"a2"], [b"b1", b"b2"]]
    with pytest.raises(TypeError):
        a + 1
    assert tf.equal(a, "a").tolist() == [True, False] and tf.not_equal(a, "a").tolist() == [False, True]
    assert _np(tf.add(a, "z")) == [b"az", b"bz"] and _np(tf.math.add("q", a)) == [b"qa", b"qb"]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Incompatible shapes"):
        tf.equal(a, ["a", "b", "c"])


def test_array_ops_on_strings():
    a = tf.constant(["a", "b", "c", "d"])
    m = tf.reshape(a, [2, 2])
    assert is_string_tensor(m) and _np(m) == [[b"a", b"b"], [b"c", b"d"]]
    assert tf.shape(m).tolist() == [2, 2] and tf.shape(m).dtype == torch.int32
    assert int(tf.size(m)) == 4 and int(tf.rank(m)) == 2
    assert _np(tf.concat([m, m], axis=1)) == [[b"a", b"b", b"a", b"b"], [b"c", b"d", b"c", b"d"]]
    assert _np(tf.stack([a, a], axis=1))[0] == [b"a", b"a"]
    assert [_np(u) for u in tf.unstack(m, axis=1)] == [[b"a", b"c"], [b"b", b"d"]]
    assert [_np(u) for u in tf.unstack(a)] == [b"a", b"b", b"c", b"d"]
    assert _np(tf.gather(a, [3, 0])) == [b"d", b"a"]
    assert _np(tf.gather(m, [1], axis=1)) == [[b"b"], [b"d"]]
    assert _np(tf.gather(m, [[1], [0]], batch_dims=1)) == [[b"b"], [b"c"]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="not in"):
        tf.gather(a, [4])
    assert tf.expand_dims(a, 0).shape.as_list() == [1, 4] and tf.squeeze(tf.expand_dims(a, -1)).shape.as_list() == [4]
    assert _np(tf.boolean_mask(a, [True, False, False, True])) == [b"a", b"d"]
    assert _np(tf.where([True, False], "yes", "no")) == [b"yes", b"no"]
    assert _np(tf.where([True, False], tf.constant(["a", "b"]), ["x", "y"])) == [b"a", b"y"]
    assert _np(tf.identity(a)) == _np(a)
    assert _np(tf.fill([2], "z")) == [b"z", b"z"] and _np(tf.zeros([2], tf.string)) == [b"", b""]
    assert _np(tf.zeros_like(m)) == [[b"", b""], [b"", b""]]
    assert _np(tf.tile(tf.constant(["a", "b"]), [2])) == [b"a", b"b", b"a", b"b"]
    assert _np(tf.transpose(m)) == [[b"a", b"c"], [b"b", b"d"]]
    assert _np(tf.reverse(a, [0])) == [b"d", b"c", b"b", b"a"]
    assert _np(tf.broadcast_to("s", [2])) == [b"s", b"s"]
    with pytest.raises(ValueError, match="Cannot reshape"):
        tf.reshape(a, [3])
    with pytest.raises(TypeError, match="one dtype"):
        tf.concat([a, tf.constant([1])], 0)


def test_cast_to_or_from_string_raises_as_tf():
    with pytest.raises(tf.errors.UnimplementedError, match="Cast string to int32 is not supported"):
        tf.cast(tf.constant(["1"]), tf.int32)
    with pytest.raises(TypeError, match="Cast int32 to string is not supported.*as_string"):
        tf.cast(tf.constant([1]), tf.string)
    assert _np(tf.cast(tf.constant("a"), tf.string)) == b"a"


def test_string_dtype_attributes_and_helpers():
    assert tf.as_dtype("string") is tf.string and tf.as_dtype(np.object_) is tf.string
    assert tf.string.as_numpy_dtype is object and tf.string.as_datatype_enum == 7
    assert not tf.string.is_floating and not tf.string.is_integer and tf.string.is_compatible_with("string")
    assert tf.TensorSpec([None], tf.string).dtype is tf.string
    assert string_tensor(StringTensor("a")).numpy() == b"a"
    assert tf.dtypes.string is tf.string
