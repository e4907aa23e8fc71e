"""keras.Input(dtype=tf.string) as the CSV tutorial builds its titanic model (tutorials/load_data/csv): one Input
per column, strings through StringLookup, numbers through Normalization, concatenated (conformance corpus)."""

import numpy as np

import keraslike as tf
from keraslike.keras import layers


def test_string_and_numeric_inputs_by_dtype():
    columns = {"sex": np.array(["male", "female", "female", "male"]), "age": np.array([22.0, 38.0, 26.0, 35.0]),
               "fare": np.array([7.25, 71.28, 7.92, 53.1])}
    inputs = {}
    for name, column in columns.items():
        dtype = tf.string if column.dtype.kind == "U" else tf.float32
        inputs[name] = tf.keras.Input(shape=(1,), name=name, dtype=dtype)
    assert inputs["sex"].dtype == tf.string and inputs["age"].dtype == tf.float32
    numeric = {name: t for name, t in inputs.items() if t.dtype == tf.float32}
    assert sorted(numeric) == ["age", "fare"]
    x = layers.Concatenate()(list(numeric.values()))
    norm = layers.Normalization()
    norm.adapt(np.stack([columns["age"], columns["fare"]], axis=1))
    lookup = layers.StringLookup(vocabulary=["male", "female"])
    one_hot = layers.CategoryEncoding(num_tokens=lookup.vocabulary_size())
    out = layers.Concatenate()([norm(x), one_hot(lookup(inputs["sex"]))])
    model = tf.keras.Model(inputs, out)
    result = model({name: column[:, None] for name, column in columns.items()})
    assert tuple(result.shape) == (4, 5)
    np.testing.assert_allclose(np.asarray(result)[:, 2:].sum(axis=1), 1.0)
    np.testing.assert_allclose(np.asarray(result)[:, 2:][:, 2], [0, 1, 1, 0])  # "female" is token 2
