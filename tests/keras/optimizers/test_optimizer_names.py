"""Optimizers' default names and their variables' names as TF 2.21 gives them (values probed on TF 2.21).

Keras 3: the class name in snake_case, made unique as layers' names are (`adam`, `adam_1`, ...; `RMSprop` is
`rm_sprop`, `AdamW` `adam_w`; `clear_session` restarts the count; a given name is kept); `iterations` and
`learning_rate` are Keras variables with path `adam/iteration` and name `iteration`. tf_keras
(`TF_USE_LEGACY_KERAS=1`) and the legacy optimizers: the class name (`Adam`), not made unique, and
`iterations.name == "iteration:0"`.
"""

import pytest

import keraslike as tf

keras = tf.keras

KERAS3_NAMES = {"Adam": "adam", "SGD": "sgd", "RMSprop": "rm_sprop", "Adagrad": "adagrad", "AdamW": "adam_w",
                "Nadam": "nadam", "Adamax": "adamax", "Adadelta": "adadelta", "Ftrl": "ftrl", "Lion": "lion"}


def test_keras3_default_names_and_variable_paths(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    keras.backend.clear_session()
    for cls, name in KERAS3_NAMES.items():
        opt = getattr(keras.optimizers, cls)()
        assert opt.name == name, cls
        assert [(v.path, v.name) for v in opt.variables[:2]] == [
            (f"{name}/iteration", "iteration"), (f"{name}/learning_rate", "learning_rate")], cls
    assert [keras.optimizers.Adam().name, keras.optimizers.Adam().name] == ["adam_1", "adam_2"]
    assert keras.optimizers.Adam(name="mine").name == "mine"
    assert keras.optimizers.get("rmsprop").name == "rm_sprop_1"
    assert repr(keras.optimizers.SGD().iterations) == "<Variable path=sgd_1/iteration, shape=(), dtype=int64, value=0>"
    keras.backend.clear_session()
    assert keras.optimizers.SGD().name == "sgd"


def test_compiled_optimizer_slot_paths(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    keras.backend.clear_session()
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile("adam", "mse")
    model.fit(tf.ones((2, 3)), tf.ones((2, 1)), verbose=0)
    assert model.optimizer.name == "adam"
    assert [v.path for v in model.optimizer.variables] == [
        "adam/iteration", "adam/learning_rate", "adam/sequential_dense_kernel_momentum",
        "adam/sequential_dense_kernel_velocity", "adam/sequential_dense_bias_momentum",
        "adam/sequential_dense_bias_velocity"]


@pytest.mark.parametrize("cls", ["SGD", "Adam", "RMSprop", "AdamW", "Nadam"])
def test_keras2_default_name_is_the_class_name(monkeypatch, cls):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    first, second = getattr(keras.optimizers, cls)(), getattr(keras.optimizers, cls)()
    assert (first.name, second.name, first.iterations.name) == (cls, cls, "iteration:0")


def test_legacy_optimizer_name_is_the_class_name():
    assert keras.optimizers.legacy.Adam().get_config()["name"] == "Adam"
    assert keras.optimizers.legacy.Nadam().get_config()["name"] == "Nadam"
