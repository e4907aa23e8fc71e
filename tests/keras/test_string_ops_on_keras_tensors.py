"""TF ops on a `tf.string` KerasTensor under TF_USE_LEGACY_KERAS=1 (tf_keras records them as TFOpLambda layers),
as keras-io's wide/deep/cross-networks example writes its one-hot features:
`lookup(tf.expand_dims(inputs["Soil_Type"], -1))` with a StringLookup in "binary" mode, then `concatenate`.

keraslike gave every string op's output the shape `()` (the symbolic-output code only read torch tensors), so the
lookup's output was `(40,)` and `concatenate` raised. Shapes printed by tf_keras 2.21 (/work/tfvenv):
expand_dims of Input((), string) -> (None, 1); StringLookup binary/multi_hot/one_hot/count on it -> (None, 3);
reshape [-1, 1] -> (None, 1); on Input((None,), string): expand_dims -> (None, None, 1), strings.lower and
strings.length -> (None, None), strings.reduce_join(axis=-1) -> (None,).
"""

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike.keras import layers


@pytest.fixture(autouse=True)
def _keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


def test_shapes_of_string_ops_on_keras_tensors():
    flat = layers.Input(shape=(), dtype=tf.string)
    rows = layers.Input(shape=(None,), dtype=tf.string)
    assert tuple(tf.expand_dims(flat, -1).shape) == (None, 1)
    assert tuple(tf.reshape(flat, [-1, 1]).shape) == (None, 1)
    assert tuple(tf.expand_dims(rows, -1).shape) == (None, None, 1)
    assert tuple(tf.strings.lower(rows).shape) == (None, None)
    assert tuple(tf.strings.length(rows).shape) == (None, None)
    assert tuple(tf.strings.reduce_join(rows, axis=-1).shape) == (None,)


@pytest.mark.parametrize("mode", ["binary", "multi_hot", "one_hot", "count"])
def test_lookup_of_expanded_string_input(mode):
    inp = layers.Input(shape=(), dtype=tf.string)
    lookup = layers.StringLookup(vocabulary=["a", "b", "c"], mask_token=None, num_oov_indices=0, output_mode=mode)
    assert tuple(lookup(tf.expand_dims(inp, -1)).shape) == (None, 3)


def test_wide_features_concatenate_and_train():
    soil = layers.Input(name="soil", shape=(), dtype=tf.string)
    height = layers.Input(name="height", shape=(), dtype=tf.float32)
    lookup = layers.StringLookup(vocabulary=["s1", "s2", "s3"], mask_token=None, num_oov_indices=0,
                                 output_mode="binary")
    features = layers.concatenate([tf.expand_dims(height, -1), lookup(tf.expand_dims(soil, -1))])
    assert tuple(features.shape) == (None, 4)
    model = keras.Model({"soil": soil, "height": height}, layers.Dense(2, activation="softmax")(features))
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    x = {"soil": np.array(["s1", "s3", "s2", "s1"]), "height": np.array([0.5, 1.0, -1.0, 2.0], "float32")}
    data = tf.data.Dataset.from_tensor_slices((x, np.array([0, 1, 0, 1]))).batch(2)  # as make_csv_dataset gives
    model.fit(data, epochs=1, verbose=0)
    assert model.predict(data, verbose=0).shape == (4, 2)
