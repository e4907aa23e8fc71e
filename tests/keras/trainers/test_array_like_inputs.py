"""1-D arrays for `(None, 1)` inputs and pandas DataFrame/Series inputs (Keras 3's array adapters).

In the style of tensorflow/docs site/en/tutorials/keras/regression.ipynb: one DataFrame column
(`train_features['Horsepower']`) fed to a one-input model, the whole DataFrame to a wider one, with
`validation_split=0.2`. The reference is the same run on the equivalent numpy arrays.
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
layers = keras.layers

rng = np.random.default_rng(5)
HP = rng.normal(100, 30, size=50)  # float64, like a pandas column
MPG = 40 - 0.1 * HP + rng.normal(0, 1, size=50)


def _one_input_model():
    keras.utils.set_random_seed(3)
    norm = layers.Normalization(input_shape=[1], axis=None)
    norm.adapt(HP)
    model = keras.Sequential([norm, layers.Dense(units=1)])
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.1), loss="mean_absolute_error")
    return model


def _fit(model, x, y):
    return model.fit(x, y, epochs=3, batch_size=8, validation_split=0.2, shuffle=False, verbose=0).history


def test_1d_array_feeds_a_none_by_1_input():
    two_d = _one_input_model()
    expected = _fit(two_d, HP[:, None], MPG)
    one_d = _one_input_model()
    got = _fit(one_d, HP, MPG)  # Keras adds the trailing axis of size 1
    assert got == expected
    np.testing.assert_allclose(one_d.predict(HP[:10], verbose=0), two_d.predict(HP[:10, None], verbose=0))
    assert one_d.predict(HP[:4], verbose=0).shape == (4, 1)


def test_functional_input_rank_is_adjusted_both_ways():
    inputs = keras.Input(shape=(1,))
    model = keras.Model(inputs, layers.Dense(2, kernel_initializer="ones")(inputs))
    np.testing.assert_allclose(model(np.array([1.0, 2.0])).numpy(), [[1, 1], [2, 2]])
    flat_in = keras.Input(shape=(3,))
    flat = keras.Model(flat_in, layers.Dense(1, kernel_initializer="ones")(flat_in))
    with pytest.raises(ValueError):
        flat.predict(np.ones((2,)), verbose=0)  # only a trailing axis of size 1 is added


def test_pandas_series_and_dataframe_inputs():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"Horsepower": HP, "Weight": HP * 30 + 1000, "Cylinders": (HP // 40).astype(int)})
    series = frame["Horsepower"]
    labels = pd.Series(MPG, name="MPG")
    expected = _fit(_one_input_model(), HP[:, None], MPG)
    assert _fit(_one_input_model(), series, labels) == expected

    def wide():
        keras.utils.set_random_seed(4)
        model = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="relu"), layers.Dense(1)])
        model.compile(optimizer="adam", loss="mse", metrics=["mae"])
        return model

    arrays = frame.to_numpy().astype("float64")
    ref = wide()
    ref_history = _fit(ref, arrays, MPG)
    model = wide()
    assert _fit(model, frame, labels) == ref_history
    np.testing.assert_allclose(model.evaluate(frame, labels, verbose=0), ref.evaluate(arrays, MPG, verbose=0))
    np.testing.assert_allclose(model.predict(frame, verbose=0), ref.predict(arrays, verbose=0))
    val = model.fit(frame[:40], labels[:40], validation_data=(frame[40:], labels[40:]), epochs=1, verbose=0)
    assert "val_loss" in val.history


def test_layer_called_on_a_dataframe():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": [10.0, 20.0, 30.0]})
    norm = layers.Normalization(axis=-1)
    norm.adapt(frame.to_numpy())
    np.testing.assert_allclose(norm(frame.iloc[:2]).numpy(), norm(frame.to_numpy()[:2]).numpy())
