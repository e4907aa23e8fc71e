"""Issue 14 item 2: `compile(jit_compile=True)` runs the steps through `torch.compile`, with one warning and an
eager fallback when compiling fails; "auto" stays eager (Keras 3's torch backend); `tf.function(jit_compile=True)`
falls back the same way.

The reference is the same program run eagerly. Before the change `jit_compile` was accepted and ignored.
Compiling with inductor takes several seconds on the test machine, so the compiled runs are marked slow.

Run: pytest tests/keras/trainers/test_jit_compile.py -q -m slow
"""

import json
import warnings

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.autodiff import jit
from tests.conftest import in_turn

keras = tf.keras


def _data(n=64):
    rng = np.random.default_rng(0)
    return rng.normal(size=(n, 8)).astype("float32"), rng.integers(0, 3, size=n).astype("int64")


def _model(jit_compile):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(3)])
    model.compile(keras.optimizers.Adam(0.01), keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"], jit_compile=jit_compile)
    return model


def _train(jit_compile):
    x, y = _data()
    model = _model(jit_compile)
    history = model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=False, validation_data=(x, y),
                        validation_batch_size=16)
    return model, history, model.evaluate(x, y, batch_size=16, verbose=0), model.predict(x, batch_size=16, verbose=0)


def _compiles_are_counted(monkeypatch, inductor=False):
    """Record every function compiled; without `inductor`, dynamo traces with torch's "eager" backend (fast)."""
    compiled = []
    real = jit._torch_compile if inductor else (lambda fn: torch.compile(fn, backend="eager", dynamic=False))

    def counting(fn):
        compiled.append(fn)
        return real(fn)

    monkeypatch.setattr(jit, "_torch_compile", counting)
    return compiled


@pytest.mark.slow
def test_compiled_fit_evaluate_predict_equal_eager(monkeypatch):
    compiled = _compiles_are_counted(monkeypatch, inductor=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # a fallback would warn: the compiled path must run
        model_c, hist_c, eval_c, pred_c = _train(True)
    assert model_c.jit_compile is True
    assert len(compiled) == 3  # train forward pass, test forward pass, predict forward pass
    model_e, hist_e, eval_e, pred_e = _train(False)
    assert len(compiled) == 3  # eager compile compiled nothing
    for key in ("loss", "accuracy", "val_loss", "val_accuracy"):
        np.testing.assert_allclose(hist_c.history[key], hist_e.history[key], rtol=1e-5, atol=1e-7)
    for a, b in zip(model_c.get_weights(), model_e.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(eval_c, eval_e, rtol=1e-5)
    np.testing.assert_allclose(pred_c, pred_e, rtol=1e-5, atol=1e-6)


def _failing_backend(gm, example_inputs):
    raise RuntimeError("no C compiler for this test")


def test_a_failing_compiler_falls_back_to_eager_with_one_warning(monkeypatch):
    monkeypatch.setattr(jit, "_torch_compile", lambda fn: torch.compile(fn, backend=_failing_backend))
    x, y = _data()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model_c, hist_c, eval_c, pred_c = _train(True)
    fallback = [w for w in caught if "torch.compile could not compile" in str(w.message)]
    assert len(fallback) == 1, [str(w.message) for w in caught]
    assert "Model.compile(jit_compile=True)" in str(fallback[0].message)
    assert "no C compiler for this test" in str(fallback[0].message)
    model_e, hist_e, eval_e, pred_e = _train(False)
    np.testing.assert_allclose(hist_c.history["loss"], hist_e.history["loss"], rtol=1e-6)
    for a, b in zip(model_c.get_weights(), model_e.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(pred_c, pred_e, rtol=1e-6)


def test_auto_is_eager_and_run_eagerly_turns_jit_off(monkeypatch):
    compiled = _compiles_are_counted(monkeypatch)
    x, y = _data(16)
    model = _model("auto")
    assert model.jit_compile is False
    model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    assert compiled == []
    with pytest.warns(UserWarning, match="run_eagerly"):
        model.compile("sgd", "sparse_categorical_crossentropy", run_eagerly=True, jit_compile=True)
    assert model.jit_compile is False and model.run_eagerly is True
    with pytest.raises(ValueError, match="jit_compile"):
        model.compile("sgd", "mse", jit_compile="xla")
    model.compile("sgd", "sparse_categorical_crossentropy", steps_per_execution=3)
    assert model.steps_per_execution == 3 and model.run_eagerly is False
    model.jit_compile = True  # Keras 3's setter: the next steps compile
    assert model.jit_compile is True
    model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    assert len(compiled) == 1  # the train forward pass


def test_run_functions_eagerly_skips_compiling(monkeypatch):
    compiled = _compiles_are_counted(monkeypatch)
    x, y = _data(16)
    model = _model(True)
    tf.config.run_functions_eagerly(True)
    try:
        model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    finally:
        tf.config.run_functions_eagerly(False)
    assert compiled == []


def test_tf_function_jit_compile_falls_back_once(monkeypatch):
    monkeypatch.setattr(jit, "_torch_compile", lambda fn: torch.compile(fn, backend=_failing_backend))

    @tf.function(jit_compile=True)
    def f(v):
        return torch.sin(v) * 2.0

    v = torch.linspace(0, 1, 8)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            torch.testing.assert_close(f(v), torch.sin(v) * 2.0)
    fallback = [w for w in caught if "torch.compile could not compile" in str(w.message)]
    assert len(fallback) == 1
    assert "tf.function(jit_compile=True)" in str(fallback[0].message)


def test_user_errors_are_not_swallowed_by_the_compiled_step(monkeypatch):
    monkeypatch.setattr(jit, "_torch_compile", lambda fn: torch.compile(fn, backend="eager"))

    class Broken(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)

        def call(self, x):
            if x.shape[0] > 4:
                raise KeyError("mine")
            return self.dense(x)

    model = Broken()
    model.compile("sgd", "mse", jit_compile=True)
    x = np.ones((8, 2), "float32")
    with pytest.raises(KeyError, match="mine"):
        model.fit(x, x[:, :1], batch_size=8, epochs=1, verbose=0)


def test_traced_steps_equal_eager_without_inductor(monkeypatch):
    """The dynamo-traced steps (torch's "eager" backend: tracing without code generation) equal plain eager."""
    compiled = []

    def traced(fn):
        compiled.append(fn)
        return torch.compile(fn, backend="eager", dynamic=False)

    monkeypatch.setattr(jit, "_torch_compile", traced)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        model_c, hist_c, eval_c, pred_c = _train(True)
    assert len(compiled) == 3
    model_e, hist_e, eval_e, pred_e = _train(False)
    np.testing.assert_allclose(hist_c.history["loss"], hist_e.history["loss"], rtol=1e-6)
    np.testing.assert_allclose(hist_c.history["val_accuracy"], hist_e.history["val_accuracy"], rtol=1e-6)
    for a, b in zip(model_c.get_weights(), model_e.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(pred_c, pred_e, rtol=1e-6)


class _KerasStyleStep(keras.Model):
    """A Keras 3 (torch backend) style `train_step`: compiled whole by `jit_compile=True`, as Keras does."""

    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(16, activation="relu")
        self.out = keras.layers.Dense(3)

    def call(self, x):
        return self.out(self.hidden(x))

    def train_step(self, data):
        x, y = data
        self.zero_grad()
        y_pred = self(x, training=True)
        loss = self.compute_loss(y=y, y_pred=y_pred)
        loss.backward()
        self.optimizer.apply([v.value.grad for v in self.trainable_weights], self.trainable_weights)
        return self.compute_metrics(x, y, y_pred)


def test_an_overridden_train_step_goes_through_torch_compile_whole(monkeypatch):
    """Keras 3 compiles an overridden `train_step` whole. Dynamo cannot trace `v.value.grad` (VariableValue's
    attribute forwarding) after the backward graph break, so this step falls back (one warning); either way
    the training equals eager."""
    compiled = []

    def traced(fn):
        compiled.append(getattr(fn, "__name__", ""))
        return torch.compile(fn, backend="eager", dynamic=False)

    monkeypatch.setattr(jit, "_torch_compile", traced)
    x, y = _data()
    results = []
    for jit_compile in (True, False):
        keras.utils.set_random_seed(2)
        model = _KerasStyleStep()
        model.compile(keras.optimizers.Adam(0.01), keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      metrics=["accuracy"], jit_compile=jit_compile)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            history = model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=False)
        assert len([w for w in caught if "could not compile the train_step" in str(w.message)]) <= int(jit_compile)
        results.append((history.history, model.get_weights()))
    assert "train_step" in compiled
    np.testing.assert_allclose(results[0][0]["loss"], results[1][0]["loss"], rtol=1e-6)
    for a, b in zip(results[0][1], results[1][1]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


@pytest.mark.slow
def test_compiled_steps_under_two_replicas_equal_eager(tmp_path_factory):
    """2 gloo replicas (DDP after the first step), steps traced by dynamo: same training as eager replicas."""
    jobs = in_turn(tmp_path_factory, "keras_two_replicas")  # tests/conftest.py IN_TURN: jit_eager, jit_compiled
    (eager_proc, eager_dir), (jit_proc, jit_dir) = jobs["jit_eager"], jobs["jit_compiled"]
    for proc in (eager_proc, jit_proc):
        assert proc.returncode == 0, proc.stderr
    eager = [json.loads((eager_dir / f"eager.rank{r}.json").read_text()) for r in range(2)]
    compiled = [json.loads((jit_dir / f"jit.rank{r}.json").read_text()) for r in range(2)]
    for ref, got in zip(eager, compiled):
        assert got["warnings"] == []  # no fallback: the traced steps ran
        for key in ("loss", "val_loss", "accuracy"):
            np.testing.assert_allclose(got["history"][key], ref["history"][key], rtol=1e-6)
        for a, b in zip(got["weights"], ref["weights"]):
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
        np.testing.assert_allclose(got["predicted"], ref["predicted"], rtol=1e-6, atol=1e-7)
