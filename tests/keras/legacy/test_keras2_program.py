"""A Keras 2 tutorial's program under TF_USE_LEGACY_KERAS=1 gives tf_keras's names, numbers and text.

`tests/golden/keras2_idioms_cases.run` is run here on keraslike and compared with what it gave on real TF 2.21's
tf_keras (tests/golden/keras2_idioms.json, written by make_keras2_idioms_golden.py): the generator methods,
`K.function`, `K.learning_phase`, `input_1`/`model` names, `metrics_names`, optimizer keyword arguments and
configs, `to_json`, `summary`. The Keras 3 side of each switch is checked to stay Keras 3's.
"""

import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "golden")
sys.path.insert(0, HERE)
from keras2_idioms_cases import run  # noqa: E402

with open(os.path.join(HERE, "keras2_idioms.json")) as f:
    GOLDEN = json.load(f)

keras = tf.keras
torch.set_num_threads(1)
NUMBERS = ("fit_generator", "evaluate_generator", "predict_generator", "evaluate", "k_function",
           "sparse_crossentropy_unnormalised", "sparse_crossentropy_fit")


@pytest.fixture(scope="module")
def results():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TF_USE_LEGACY_KERAS", "1")
        return run(tf, np)


@pytest.mark.parametrize("key", sorted(set(GOLDEN) - set(NUMBERS)))
def test_same_as_tf_keras(results, key):
    expected = GOLDEN[key]
    if key == "sgd_config":  # learning_rate: tf_keras keeps a float32, written rounded
        assert results[key] == expected and list(results[key]) == list(expected)
    assert results[key] == expected


@pytest.mark.parametrize("key", NUMBERS)
def test_same_numbers_as_tf_keras(results, key):
    def close(a, b):
        if isinstance(a, list):
            assert isinstance(b, list) and len(a) == len(b), (a, b)
            for u, v in zip(a, b):
                close(u, v)
        elif isinstance(a, dict):
            assert list(a) == list(b)
            for k in a:
                close(a[k], b[k])
        elif isinstance(a, float):
            assert a == pytest.approx(b, abs=2e-4)
        else:
            assert a == b
    close(results[key], GOLDEN[key])


@pytest.fixture
def keras3(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)


def test_keras3_side_unchanged(keras3):
    inp = keras.Input((4,))
    model = keras.Model(inp, keras.layers.Dense(1)(inp))
    assert inp.name.startswith("input_layer") and model.name.startswith("functional")
    model.compile("adam", "mse", metrics=["mae"])
    assert model.metrics_names == ["loss", "compile_metrics"]
    config = model.optimizer.get_config()
    assert {"loss_scale_factor", "gradient_accumulation_steps"} <= set(config)
    assert not {"jit_compile", "is_legacy_optimizer"} & set(config)
    # TF 2.21 (tests/golden/config_format.json, functional:to_json): the model's build and compile configs too
    assert list(json.loads(model.to_json())) == ["module", "class_name", "config", "registered_name", "build_config",
                                                 "compile_config"]
    assert keras.optimizers.Adam(lr=0.01).learning_rate.numpy() == pytest.approx(0.01)  # keraslike's leniency
    with pytest.warns(UserWarning, match="decay"):
        keras.optimizers.Adam(decay=0.1)
    lines = []
    model.summary(print_fn=lines.append)
    assert "━" in "".join(lines)
    scores = np.array([[2.0, 1.0], [0.2, 0.3]], "float32")  # Keras 3 divides by the sum, then clips
    np.testing.assert_allclose(keras.losses.sparse_categorical_crossentropy(np.array([0, 1]), scores).numpy(),
                               [np.log(1.5), np.log(5 / 3)], rtol=1e-6)


def test_generator_methods_in_keras3_too(keras3):
    inp = keras.Input((2,))
    model = keras.Model(inp, keras.layers.Dense(1, kernel_initializer="ones")(inp))
    model.compile("sgd", "mse")
    x = np.ones((8, 2), "float32")

    def batches():
        while True:
            yield x[:4], np.zeros((4, 1), "float32")

    with pytest.warns(UserWarning, match="fit_generator"):
        history = model.fit_generator(batches(), steps_per_epoch=2, epochs=1, verbose=0, workers=4,
                                      use_multiprocessing=True, max_queue_size=3)
    assert len(history.history["loss"]) == 1
    with pytest.warns(UserWarning, match="predict_generator"):
        assert model.predict_generator(batches(), steps=2).shape == (8, 1)
    with pytest.raises(ValueError, match="Received: workers=-1"):
        model.evaluate_generator(batches(), steps=1, workers=-1)


def test_k_function_refuses_session_arguments():
    inp = keras.Input((2,))
    with pytest.raises(ValueError, match="Received: updates"):
        keras.backend.function([inp], [inp * 2.0], updates=[1])
    with pytest.raises(ValueError, match="Received: kwargs"):
        keras.backend.function([inp], [inp], options=None)


def test_set_learning_phase():
    with pytest.warns(UserWarning, match="set_learning_phase` is deprecated"):
        keras.backend.set_learning_phase(0)
    assert keras.backend.learning_phase() == 0
    with pytest.warns(UserWarning), pytest.raises(NotImplementedError, match="Received: value=1"):
        keras.backend.set_learning_phase(1)
    with pytest.warns(UserWarning), pytest.raises(ValueError, match="0 or 1"):
        keras.backend.set_learning_phase(2)


def test_placeholder():  # tf_keras 2.21 (eager): a KerasTensor of that shape and floatx, in no layer
    x = keras.backend.placeholder(shape=(None, 4))
    assert keras.backend.int_shape(x) == (None, 4) and x.dtype == torch.float32
    assert keras.backend.int_shape(keras.backend.placeholder(ndim=2, dtype="int32")) == (None, None)
    with pytest.raises(ValueError, match="sparse and ragged"):
        keras.backend.placeholder(shape=(2,), sparse=True, ragged=True)
    with pytest.raises(NotImplementedError, match="Received: shape=None"):
        keras.backend.placeholder()


def test_keras_tensor_shape_is_a_tensor_shape_under_keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    shape = keras.Input((4,)).shape
    assert isinstance(shape, tf.TensorShape) and shape.as_list() == [None, 4] and shape.rank == 2
    assert shape == (None, 4) and shape[1:] == (4,) and str(shape) == "(None, 4)"
    monkeypatch.delenv("TF_USE_LEGACY_KERAS")
    assert type(keras.Input((4,)).shape) is tuple  # Keras 3
