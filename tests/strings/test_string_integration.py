"""String tensors through the rest of the TF surface: tf.function signatures, map_fn, py_function, checks, tf.data.

Expected values are what real TF 2.21 returns for the same calls.
"""

import pytest
import torch

import keraslike as tf


def test_function_signature_map_fn_and_script_ops_take_strings():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def exclaim(x):
        return tf.strings.join([x, "!"])

    assert exclaim(tf.constant(["a", "b"])).numpy().tolist() == [b"a!", b"b!"]
    assert exclaim(["c"]).numpy().tolist() == [b"c!"]
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed due to `Can not cast"):
        exclaim(tf.constant([["a"]]))
    assert tf.map_fn(tf.strings.upper, tf.constant(["a", "b"])).numpy().tolist() == [b"A", b"B"]
    lengths = tf.map_fn(tf.strings.length, tf.constant(["a", "bb"]), fn_output_signature=tf.int32)
    assert lengths.dtype == torch.int32 and lengths.tolist() == [1, 2]
    assert tf.py_function(lambda s: s.numpy().upper(), [tf.constant("ab")], Tout=tf.string).numpy() == b"AB"
    assert tf.stop_gradient(tf.constant(["a"])).numpy().tolist() == [b"a"]
    assert tf.get_static_value(tf.constant(["a"])).tolist() == [b"a"]
    assert tf.get_static_value(tf.constant("s")) == b"s"


def test_checks_and_printing_of_strings(capsys):
    assert tf.debugging.assert_equal(tf.constant(["a"]), ["a"]) is None
    with pytest.raises(tf.errors.InvalidArgumentError, match="x == y did not hold"):
        tf.debugging.assert_equal(tf.constant(["a", "b"]), ["a", "c"])
    assert tf.debugging.assert_none_equal(tf.constant(["a"]), ["b"]) is None
    tf.print({"k": tf.constant(["a", "b"])}, tf.constant("q"), "raw")
    tf.print(tf.constant("alone"))
    tf.print(tf.constant("a"), tf.constant("b"))
    # what TF 2.21 prints for the same calls
    assert capsys.readouterr().err.splitlines() == ['{\'k\': ["a" "b"]} "q" raw', "alone", '"a" "b"']


def test_string_datasets_through_generators_filters_and_caches():
    gen = tf.data.Dataset.from_generator(lambda: iter(["x", "yy"]), output_signature=tf.TensorSpec((), tf.string))
    assert list(gen.as_numpy_iterator()) == [b"x", b"yy"]
    long = tf.data.Dataset.from_tensor_slices(["a", "bb", "ccc"]).filter(lambda s: tf.strings.length(s) > 1)
    assert list(long.cache().prefetch(1).as_numpy_iterator()) == [b"bb", b"ccc"]
    spec = tf.data.Dataset.from_tensor_slices({"t": ["a", "b"], "y": [1, 2]}).batch(2).element_spec
    assert spec["t"] == tf.TensorSpec([None], tf.string) and spec["y"].dtype == torch.int32


def test_string_variables_and_tensor_arrays_are_refused_clearly():
    with pytest.raises(TypeError, match="tf.string variables are not supported"):
        tf.Variable("abc")
    with pytest.raises(TypeError, match="TensorArray holds numeric tensors"):
        tf.TensorArray(tf.string, size=2)
    assert not isinstance(tf.constant("a"), tf.Tensor) and tf.is_tensor(tf.constant("a"))
