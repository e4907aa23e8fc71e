"""Text columns of pandas 3 come as `StringArray`s (`df["review"].values`, keras-io's masked language modeling
example): TF converts them with numpy, so `tf.constant`, `from_tensor_slices`, `TextVectorization` and
`StringLookup` take them. keraslike raised `Expected a string value ... Received: value=<StringArray>`.
Expected values from TF 2.21 (the vocabulary order is hand-checkable: "film" twice, then "good", "bad")."""

import numpy as np
import pandas as pd

import keraslike as tf

TEXTS = pd.Series(["good film", "bad film"])


def test_string_array_converts_like_a_numpy_array():
    values = TEXTS.values
    assert type(values).__name__ in ("StringArray", "ArrowStringArray", "ArrowStringArrayNumpySemantics")
    t = tf.constant(values)
    assert t.dtype == tf.string and tuple(t.shape) == (2,)
    assert t.numpy().tolist() == [b"good film", b"bad film"]
    assert tf.data.Dataset.from_tensor_slices(values).element_spec == tf.TensorSpec((), tf.string)
    assert tf.constant(TEXTS).numpy().tolist() == [b"good film", b"bad film"]  # the Series itself too


def test_text_layers_take_string_arrays():
    vectorize = tf.keras.layers.TextVectorization()
    vectorize.adapt(TEXTS.values)
    assert vectorize.get_vocabulary() == ["", "[UNK]", "film", "good", "bad"]
    assert np.asarray(vectorize(TEXTS.values)).tolist() == [[3, 2], [4, 2]]
    lookup = tf.keras.layers.StringLookup(vocabulary=["good", "bad"])
    assert np.asarray(lookup(pd.Series(["good", "x"]).values)).tolist() == [1, 0]


def test_numeric_arrays_are_not_taken_for_text():
    assert tf.constant(pd.Series([1.5, 2.0]).values).dtype == tf.float64
