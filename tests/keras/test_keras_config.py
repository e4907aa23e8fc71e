"""tf.keras.config, the Keras 3 top-level names, keras.Variable, keras.remat, Progbar averaging and
interactive logging: each against Keras 3.15's documented behaviour or torch autograd."""

import importlib
import json
import logging
import os
import subprocess
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras


@pytest.fixture
def restore_config():
    saved = dict(importlib.import_module("keraslike._src.keras.backend.config")._STATE)
    yield
    importlib.import_module("keraslike._src.keras.backend.config")._STATE.update(saved)


def test_every_keras3_top_level_and_config_name_resolves():
    names = ["Layer", "Loss", "Metric", "Optimizer", "Variable", "Initializer", "Regularizer", "InputSpec",
             "KerasTensor", "DTypePolicy", "FloatDTypePolicy", "device", "name_scope", "version", "remat",
             "Input", "Model", "Sequential"]
    config = ["backend", "disable_flash_attention", "disable_interactive_logging", "disable_traceback_filtering",
              "dtype_policy", "enable_flash_attention", "enable_interactive_logging", "enable_traceback_filtering",
              "enable_unsafe_deserialization", "epsilon", "floatx", "image_data_format", "is_flash_attention_enabled",
              "is_interactive_logging_enabled", "is_nnx_enabled", "is_traceback_filtering_enabled", "max_epochs",
              "max_steps_per_epoch", "set_backend", "set_dtype_policy", "set_epsilon", "set_floatx",
              "set_image_data_format", "set_max_epochs", "set_max_steps_per_epoch"]
    missing = [n for n in names if not hasattr(keras, n)] + [f"config.{n}" for n in config
                                                              if not hasattr(keras.config, n)]
    assert not missing, missing
    assert keras.version() == "3.15.1" and keras.config.backend() == "tensorflow"


def test_epsilon_reaches_the_losses(restore_config):
    y_true, y_pred = np.array([[1.0, 0.0]]), np.array([[0.0, 1.0]])

    def clipped(eps):  # both predictions are clipped into [eps, 1 - eps] (in float32), as Keras does
        return float(np.mean([-np.log(np.float32(eps)), -np.log(1 - np.float32(1 - np.float32(eps)))]))

    default = float(keras.losses.binary_crossentropy(y_true, y_pred)[0])
    assert default == pytest.approx(clipped(1e-7), rel=1e-4)
    keras.config.set_epsilon(1e-3)
    assert keras.config.epsilon() == 1e-3 and keras.backend.epsilon() == 1e-3
    assert float(keras.losses.binary_crossentropy(y_true, y_pred)[0]) == pytest.approx(clipped(1e-3), rel=1e-4)
    with pytest.raises(TypeError, match="value"):
        keras.config.set_epsilon("small")


def test_image_data_format_is_the_layers_default(restore_config):
    keras.config.set_image_data_format("channels_first")
    conv = keras.layers.Conv2D(4, 3)
    assert conv.data_format == "channels_first"
    assert conv(torch.zeros(1, 3, 8, 8)).shape == (1, 4, 6, 6)
    keras.config.set_image_data_format("channels_last")
    assert keras.layers.Conv2D(4, 3).data_format == "channels_last"
    with pytest.raises(ValueError, match="data_format"):
        keras.config.set_image_data_format("NHWC")


@pytest.mark.slow
def test_keras_json_sets_the_defaults(tmp_path):
    (tmp_path / "keras.json").write_text(json.dumps({"epsilon": 1e-5, "image_data_format": "channels_first",
                                                     "floatx": "float64", "backend": "jax"}))
    code = ("import keraslike as tf; c = tf.keras.config; "
            "print(c.epsilon(), c.image_data_format(), c.floatx(), c.backend())")
    env = {"KERAS_HOME": str(tmp_path), "KERAS_MAX_EPOCHS": "3", "PATH": os.environ.get("PATH", ""),
           "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code + "; print(c.max_epochs())"], env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.stdout.split() == ["1e-05", "channels_first", "float64", "tensorflow", "3"], out.stderr


def test_max_epochs_and_steps_cap_fit_and_predict(restore_config):
    keras.config.set_max_epochs(2)
    keras.config.set_max_steps_per_epoch(3)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    seen = []
    counter = keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: seen.append(batch))
    with pytest.warns(UserWarning, match="Limiting epochs to 2"):
        history = model.fit(np.ones((64, 3)), np.ones(64), epochs=5, batch_size=4, verbose=0, callbacks=[counter])
    assert len(history.history["loss"]) == 2 and seen == [0, 1, 2, 0, 1, 2]
    with pytest.warns(UserWarning, match="Limiting steps_per_epoch to 3"):
        predictions = model.predict(np.ones((64, 3)), batch_size=4, verbose=0)
    assert predictions.shape == (12, 1)  # 3 steps of 4, as Keras
    with pytest.raises(ValueError, match="max_epochs"):
        keras.config.set_max_epochs(0)


def test_unsafe_deserialization_lets_lambdas_load(restore_config, tmp_path):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Lambda(lambda x: x * 3.0)])
    path = str(tmp_path / "m.keras")
    model.save(path)
    with pytest.raises(ValueError, match="enable_unsafe_deserialization"):
        keras.models.load_model(path)
    keras.config.enable_unsafe_deserialization()
    loaded = keras.models.load_model(path)
    np.testing.assert_allclose(loaded(np.ones((1, 2), "float32")).numpy(), [[3.0, 3.0]])


def test_backend_and_traceback_switches_say_what_they_do():
    keras.config.set_backend("tensorflow")
    with pytest.raises(ValueError, match="backend"):
        keras.config.set_backend("jax")
    keras.config.disable_traceback_filtering()
    assert keras.config.is_traceback_filtering_enabled() is False
    with pytest.raises(ValueError, match="traceback"):
        keras.config.enable_traceback_filtering()
    assert keras.config.is_nnx_enabled() is False


def test_flash_attention_switch_chooses_kernels(restore_config):
    layer = keras.layers.MultiHeadAttention(2, 4)
    x = torch.randn(2, 5, 8)
    expected = layer(x, x)
    assert keras.config.is_flash_attention_enabled() is None
    keras.config.disable_flash_attention()
    torch.testing.assert_close(layer(x, x), expected)
    keras.config.enable_flash_attention()
    with pytest.raises(ValueError, match="CUDA"):
        layer(x, x)


def test_keras_variable_from_initializers_and_values():
    v = keras.Variable("ones", shape=(2, 3), name="w")
    assert v.dtype == torch.float32 and v.shape == (2, 3) and float(v.numpy().sum()) == 6.0
    assert isinstance(v, keras.Variable) and isinstance(v, tf.Variable)
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    assert isinstance(dense.kernel, keras.Variable) and not isinstance(torch.ones(2), keras.Variable)
    assert keras.Variable(np.zeros(3)).dtype == torch.float32  # float64 arrays become floatx, as Keras
    assert keras.Variable(np.arange(3)).dtype == torch.int64
    assert keras.Variable(keras.initializers.Constant(2.0), shape=(2,), trainable=False).trainable is False
    with pytest.raises(ValueError, match="shape"):
        keras.Variable("zeros")
    with pytest.raises(ValueError, match="aggregation"):
        keras.Variable(1.0, aggregation="max")


def test_remat_recomputes_with_the_same_gradients():
    w = tf.Variable(np.random.RandomState(0).randn(4, 4).astype("float32"))
    x = torch.randn(3, 4)

    def block(inputs):
        return torch.tanh(inputs @ w) @ w

    with tf.GradientTape() as tape:
        tape.watch(x)
        y = keras.remat(block)(x).sum()
    got = tape.gradient(y, [x, w])
    xr, wr = x.clone().requires_grad_(), w.detach().clone().requires_grad_()
    (torch.tanh(xr @ wr) @ wr).sum().backward()
    torch.testing.assert_close(got[0], xr.grad)
    torch.testing.assert_close(got[1], wr.grad)


def test_progbar_averages_like_keras(capsys):
    bar = keras.utils.Progbar(4, verbose=2, stateful_metrics=["acc"])
    for step, (loss, acc) in enumerate([(4.0, 0.1), (2.0, 0.2), (0.0, 0.3), (6.0, 0.9)]):
        bar.update(step + 1, [("loss", loss), ("acc", acc)], finalize=False)
    bar.update(4, [], finalize=True)
    line = capsys.readouterr().out.strip()
    assert line.endswith("- loss: 3.0000 - acc: 0.9000"), line  # loss averaged over steps, acc as given
    bar = keras.utils.Progbar(3, verbose=2, stateless_metrics=["x"])
    bar.update(1, [("x", 1.0), ("y", 5.0)])
    bar.update(3, [("x", 4.0), ("y", 7.0)], finalize=False)  # weight 2 for the second value
    bar.update(3, [], finalize=True)
    assert capsys.readouterr().out.strip().endswith("- x: 3.0000 - y: 7.0000")
    with pytest.raises(ValueError, match="stateful_metrics"):
        keras.utils.Progbar(3, stateful_metrics=["a"], stateless_metrics=["b"])


def test_disabled_interactive_logging_sends_progress_to_the_keras_logger(restore_config, capsys, caplog):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    keras.config.disable_interactive_logging()
    with caplog.at_level(logging.INFO, logger="keras"):
        model.fit(np.ones((8, 3)), np.ones(8), epochs=2, verbose=2)
    assert capsys.readouterr().out == ""
    messages = [r.getMessage() for r in caplog.records if r.name == "keras"]
    assert messages[0] == "Epoch 1/2" and messages[1].startswith("1/1 - ") and "loss: " in messages[1]
    keras.config.enable_interactive_logging()
    model.fit(np.ones((8, 3)), np.ones(8), epochs=1, verbose=2)
    assert "loss: " in capsys.readouterr().out
