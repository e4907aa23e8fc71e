"""keraslike's class registry (`_src/keras/saving/object_registration.py`): every built-in layer, model, loss,
metric, optimizer and initializer class joins it when defined; user classes only through
`register_keras_serializable` or `custom_objects`, as in Keras."""

import collections
import inspect

import numpy as np
import pytest

import keraslike as tf
from keraslike._src.keras.saving import object_registration, serialization_lib
from keraslike._src.keras.layers.rnn import wrapper_config

KINDS = {"layers": tf.keras.layers.Layer, "optimizers": tf.keras.optimizers.Optimizer, "losses": tf.keras.losses.Loss,
         "metrics": tf.keras.metrics.Metric, "initializers": tf.keras.initializers.Initializer}
LEGACY = "keraslike._src.keras.optimizers.legacy"  # tf.keras.optimizers.legacy.Adam shares its name with Adam


def _public_classes(namespace, base):
    return {name: obj for name, obj in vars(namespace).items() if inspect.isclass(obj) and issubclass(obj, base)}


def test_every_public_class_is_found_by_its_name():
    missing = []
    for kind, base in KINDS.items():
        table = object_registration.builtin_objects(kind)
        namespace = getattr(tf.keras, kind)
        for public_name, cls in _public_classes(namespace, base).items():
            # layers: Keras 3 also resolves the aliases (`Convolution2D`, `MaxPool2D`, ...)
            for name in {public_name, cls.__name__} if kind == "layers" else {cls.__name__}:
                if cls.__module__ != LEGACY and table.get(name) is not cls:
                    missing.append(f"{kind}: {name} -> {table.get(name)}")
    inputs = tf.keras.Input((2,))
    functional = type(tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs)))
    for cls in (tf.keras.Sequential, tf.keras.Model, functional):
        if object_registration.builtin_objects("layers").get(cls.__name__) is not cls:
            missing.append(f"layers: {cls.__name__}")
    assert not missing, "classes serialization cannot find by name:\n" + "\n".join(missing)


def test_no_two_builtin_classes_share_a_name():
    clashes = []
    for kind in KINDS:
        classes = [c for c in object_registration.builtin_classes(kind) if c.__module__ != LEGACY]
        counts = collections.Counter(c.__name__ for c in classes)
        clashes += [f"{kind}: {name} ({[c.__module__ for c in classes if c.__name__ == name]})"
                    for name, count in counts.items() if count > 1]
    assert not clashes, "two keraslike classes of one kind share a name:\n" + "\n".join(clashes)


def test_legacy_optimizers_do_not_shadow_the_keras3_ones():
    assert object_registration.builtin_objects("optimizers")["Adam"] is tf.keras.optimizers.Adam
    assert object_registration.builtin_base("optimizers") is tf.keras.optimizers.Optimizer


def test_a_user_class_joins_only_when_registered():
    class Scale(tf.keras.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, x):
            return x * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    assert "Scale" not in object_registration.builtin_objects("layers")
    config = serialization_lib.serialize_keras_object(Scale(3.0))
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):
        serialization_lib.deserialize_keras_object(config)
    assert serialization_lib.deserialize_keras_object(config, custom_objects={"Scale": Scale}).factor == 3.0
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):  # Keras 3's description, Keras 3's error
        wrapper_config.deserialize_layer(wrapper_config.serialize_layer(Scale(3.0)))
    registered = tf.keras.saving.register_keras_serializable(package="StructTest")(Scale)
    try:
        config = serialization_lib.serialize_keras_object(Scale(4.0))
        assert config["registered_name"] == "StructTest>Scale"
        assert tf.keras.saving.get_registered_name(Scale) == "StructTest>Scale"
        assert tf.keras.saving.get_registered_object("StructTest>Scale") is registered
        assert serialization_lib.deserialize_keras_object(config).factor == 4.0
    finally:
        object_registration.GLOBAL_CUSTOM_OBJECTS.pop("StructTest>Scale")
        object_registration.GLOBAL_CUSTOM_NAMES.pop(Scale)


def test_wrapped_layers_round_trip_through_the_registry():
    layer = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(3, return_sequences=True))
    x = np.random.default_rng(0).normal(size=(2, 5, 4)).astype("float32")
    expected = layer(x)
    clone = tf.keras.layers.Bidirectional.from_config(layer.get_config())
    clone(x)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(x).numpy(), expected.numpy(), rtol=1e-6)
    assert type(clone.forward_layer) is tf.keras.layers.LSTM


def test_functional_model_round_trips_through_the_registry():
    inputs = tf.keras.Input((4,))
    hidden = tf.keras.layers.Dense(3, activation="relu")(inputs)
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(hidden))
    config = serialization_lib.serialize_keras_object(model)
    assert config["class_name"] == "Functional"
    clone = serialization_lib.deserialize_keras_object(config)
    clone.set_weights(model.get_weights())
    x = np.arange(8, dtype="float32").reshape(2, 4)
    np.testing.assert_allclose(clone(x).numpy(), model(x).numpy(), rtol=1e-6)
    assert [type(layer) for layer in clone.layers] == [type(layer) for layer in model.layers]


def test_a_config_naming_an_alias_deserializes_as_in_keras():
    # Keras 3.15: keras.layers.deserialize({"class_name": "Convolution2D", ...}) is a Conv2D
    config = {"class_name": "Convolution2D", "config": {"filters": 2, "kernel_size": 3}, "module": "keras.layers",
              "registered_name": None}
    layer = tf.keras.layers.deserialize(config)
    assert type(layer) is tf.keras.layers.Conv2D and layer.filters == 2 and layer.kernel_size == (3, 3)
    assert tf.keras.layers.MaxPool2D is tf.keras.layers.MaxPooling2D
