"""A layer instance placed twice in one `Sequential` (keras-io's TabTransformer `create_mlp` appends the same
`normalization_layer` before each Dense).

TF 2.21 accepts it in both Kerases (the unique-name check skips the same instance); Keras 3 lists it at each
position in `model.layers`, tf_keras (TF_USE_LEGACY_KERAS=1) once; the weights are counted once in both
(6 here). keraslike raised "All layers added to a Sequential model should have unique names" before.
Values by hand: LayerNormalization with its initial gamma=1, beta=0 normalises each row; Dense with ones
kernel and zero bias sums the row (a normalised row sums to 0).
"""

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras


def _mlp(normalization_layer, units):
    mlp_layers = []
    for _ in range(2):
        mlp_layers.append(normalization_layer)
        mlp_layers.append(keras.layers.Dense(units, kernel_initializer="ones", bias_initializer="zeros"))
    return keras.Sequential(mlp_layers, name="MLP")


@pytest.mark.parametrize("legacy", [False, True])
def test_same_layer_twice_in_sequential(monkeypatch, legacy):
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    norm = keras.layers.LayerNormalization(epsilon=1e-6)
    model = _mlp(norm, 4)
    x = np.array([[1.0, 2.0, 3.0, 6.0], [0.0, 0.0, 4.0, 0.0]], dtype=np.float32)
    out = model(tf.constant(x)).numpy()
    # first Dense sums a normalised row: 0 in every unit; the shared norm of a constant row is 0 again
    np.testing.assert_allclose(out, np.zeros((2, 4)), atol=1e-5)
    names = [layer.name for layer in model.layers]
    if legacy:
        assert len(names) == 3 and names.count(norm.name) == 1
    else:
        assert len(names) == 4 and names[0] == names[2] == norm.name
    assert len(model.weights) == 6
    assert model.count_params() == 2 * 4 + 2 * (4 * 4 + 4)


def test_shared_layer_trains_once_per_position(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    norm = keras.layers.LayerNormalization()
    model = _mlp(norm, 4)
    model.compile(optimizer="sgd", loss="mse")
    history = model.fit(np.ones((8, 4), np.float32), np.zeros((8, 4), np.float32), epochs=1, verbose=0)
    assert history.history["loss"] == [0.0]


def test_distinct_layers_with_one_name_still_refused():
    first = keras.layers.Dense(2, name="same")
    second = keras.layers.Dense(2, name="same")
    with pytest.raises(ValueError, match="should have unique names"):
        keras.Sequential([first, second])


def test_keras2_deferred_sequential_skips_the_repeat(monkeypatch):
    """tf_keras runs a Sequential built without an input shape over `model.layers` (the instance once): a
    normalization layer repeated after a wider Dense is skipped, in an eager call as in a symbolic one
    (TabTransformer's final MLP: BatchNormalization(133) -> Dense(266) -> BatchNormalization again).
    TF 2.21 (TF_USE_LEGACY_KERAS=1): [[8, 8], [8, 8]] both ways (Dense(8) of ones kernel and bias on a normalised
    row: 0 + 1 in each of 8 units; Dense(2) of ones sums them); Keras 3 calls the repeat and fails on 8 != 4."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    x = np.array([[1.0, 2.0, 3.0, 6.0], [0.0, 0.0, 4.0, 0.0]], dtype=np.float32)

    def model():
        norm = keras.layers.LayerNormalization()
        return keras.Sequential([norm, keras.layers.Dense(8, kernel_initializer="ones", bias_initializer="ones"),
                                 norm, keras.layers.Dense(2, kernel_initializer="ones")])

    eager = model()
    np.testing.assert_allclose(eager(tf.constant(x)).numpy(), [[8.0, 8.0], [8.0, 8.0]], rtol=1e-5)
    assert len(eager.layers) == 3 and len(eager.weights) == 6
    inputs = keras.Input((4,))
    functional = keras.Model(inputs, model()(inputs))
    np.testing.assert_allclose(functional(tf.constant(x)).numpy(), [[8.0, 8.0], [8.0, 8.0]], rtol=1e-5)


def test_keras3_sequential_calls_the_repeat(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    norm = keras.layers.LayerNormalization()
    model = keras.Sequential([norm, keras.layers.Dense(8), norm, keras.layers.Dense(2)])
    with pytest.raises(ValueError, match="layer_normalization"):
        model(tf.constant(np.ones((2, 4), np.float32)))
