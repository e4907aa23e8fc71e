"""Saving and loading custom models and layers (keras-io guides/serialization_and_saving.py, Keras 3 and TF 2).

Subclassed models found through `custom_objects`, `custom_object_scope` or
`register_keras_serializable`, nested custom layers round-tripped by `get_config`/`from_config`,
registered activation functions, and Keras 3's automatic config from constructor arguments.
The reference is the original model's predictions.
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras

X = np.random.default_rng(2).normal(size=(6, 5)).astype("float32")
Y = np.random.default_rng(3).normal(size=(6, 10)).astype("float32")


class HiddenStack(keras.Model):
    def __init__(self, hidden_units, **kwargs):
        super().__init__(**kwargs)
        self.hidden_units = hidden_units
        self.dense_layers = [keras.layers.Dense(u) for u in hidden_units]

    def call(self, inputs):
        for layer in self.dense_layers:
            inputs = layer(inputs)
        return inputs

    def get_config(self):
        return {"hidden_units": self.hidden_units}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def test_subclassed_model_with_custom_objects_and_scope(tmp_path):
    model = HiddenStack([16, 16, 10])
    model.compile(optimizer="adam", loss="mse")
    model.fit(X, Y, verbose=0)
    path = str(tmp_path / "hidden.keras")
    model.save(path)
    loaded = keras.models.load_model(path, custom_objects={"HiddenStack": HiddenStack})
    np.testing.assert_allclose(loaded.predict(X, verbose=0), model.predict(X, verbose=0), rtol=1e-6)
    with keras.utils.custom_object_scope({"HiddenStack": HiddenStack}):
        scoped = keras.models.load_model(path)
    assert scoped.hidden_units == [16, 16, 10]
    # compiled with the optimizer state: one more identical step on both gives identical weights (same row
    # order: a shuffled batch sums its gradient in another order, which differs in the last float bits)
    model.fit(X, Y, epochs=1, batch_size=6, verbose=0, shuffle=False)
    loaded.fit(X, Y, epochs=1, batch_size=6, verbose=0, shuffle=False)
    np.testing.assert_allclose(loaded.predict(X, verbose=0), model.predict(X, verbose=0), rtol=1e-5)


def test_unknown_class_names_the_class(tmp_path):
    model = HiddenStack([3])
    model(X)
    model.save(str(tmp_path / "m.keras"))
    with pytest.raises(TypeError, match="Could not locate class 'HiddenStack'"):
        keras.models.load_model(str(tmp_path / "m.keras"))


@keras.saving.register_keras_serializable(package="h5_tests", name="squared")
def squared(x):
    return x ** 2


@keras.saving.register_keras_serializable(package="h5_tests")
class Wrapper(keras.layers.Layer):
    """Keras 3 guide pattern: a layer holding another layer, serialized with serialize_keras_object."""

    def __init__(self, sublayer, **kwargs):
        super().__init__(**kwargs)
        self.sublayer = sublayer

    def call(self, x):
        return self.sublayer(x)

    def get_config(self):
        return {**super().get_config(), "sublayer": keras.saving.serialize_keras_object(self.sublayer)}

    @classmethod
    def from_config(cls, config):
        sublayer = keras.saving.deserialize_keras_object(config.pop("sublayer"))
        return cls(sublayer, **config)


@keras.saving.register_keras_serializable(package="h5_tests")
class Registered(keras.Model):
    def __init__(self, units=4, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.inner = Wrapper(keras.layers.Dense(units, activation=squared))

    def call(self, x):
        return self.inner(x)

    def get_config(self):
        return {**super().get_config(), "units": self.units}


def test_registered_model_with_nested_layer_and_function(tmp_path):
    model = Registered(10, name="reg")
    model.compile(optimizer="sgd", loss="mse")
    model.fit(X, Y, verbose=0)
    path = str(tmp_path / "reg.keras")
    model.save(path)
    loaded = keras.models.load_model(path)  # found through the registry alone
    assert type(loaded) is Registered and loaded.units == 10 and loaded.name == "reg"
    assert loaded.inner.sublayer.activation is squared
    np.testing.assert_allclose(loaded.predict(X, verbose=0), model.predict(X, verbose=0), rtol=1e-6)
    config = model.inner.get_config()
    rebuilt = Wrapper.from_config(config)
    assert rebuilt.sublayer.units == 10 and rebuilt.sublayer.activation is squared


class AutoConfig(keras.Model):
    """No get_config: Keras 3 saves the constructor's plain arguments."""

    def __init__(self, units=4, act="relu", **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units, activation=act)

    def call(self, x):
        return self.dense(x)


class Scale(keras.layers.Layer):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor

    def call(self, x):
        return x * self.factor


def test_automatic_config_from_constructor_arguments(tmp_path):
    model = AutoConfig(3, act="tanh", name="auto")
    model(X)
    policy = {"module": "keras", "class_name": "DTypePolicy", "config": {"name": "float32"}, "registered_name": None}
    assert model.get_config() == {"name": "auto", "trainable": True, "dtype": policy, "units": 3, "act": "tanh"}
    assert Scale(2.5).get_config()["factor"] == 2.5 and "name" not in Scale(2.5).get_config()
    model.save(str(tmp_path / "auto.keras"))
    loaded = keras.models.load_model(str(tmp_path / "auto.keras"), custom_objects={"AutoConfig": AutoConfig})
    assert loaded.units == 3 and loaded.dense.activation.__name__ == "tanh"
    np.testing.assert_allclose(loaded.predict(X, verbose=0), model.predict(X, verbose=0), rtol=1e-6)


class HoldsLayer(keras.Model):
    def __init__(self, layer, **kwargs):
        super().__init__(**kwargs)
        self.layer = layer

    def call(self, x):
        return self.layer(x)


def test_non_plain_constructor_arguments_need_get_config(tmp_path):
    model = HoldsLayer(keras.layers.Dense(2))
    model(X)
    with pytest.raises(NotImplementedError, match="must override `get_config\\(\\)`"):
        model.save(str(tmp_path / "holds.keras"))


def test_fit_without_trainable_weights_reports_the_loss():
    inputs = keras.Input((5,))
    model = keras.Model(inputs, Scale(2.0)(inputs))
    model.compile(optimizer="sgd", loss="mse")
    with pytest.warns(UserWarning, match="does not have any trainable weights"):
        history = model.fit(X, X, batch_size=6, verbose=0)
    np.testing.assert_allclose(history.history["loss"][0], np.mean(X ** 2), rtol=1e-5)
