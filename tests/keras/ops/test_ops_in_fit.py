"""Custom layers (and a custom metric) written with `keras.ops` inside `fit`: one device against torch, and
2 replicas against one device."""

import numpy as np
import pytest
import torch

import keraslike as tf
from tests.conftest import in_turn

keras = tf.keras
ops = keras.ops


class OpsDense(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name="w")
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", name="b")

    def call(self, x):
        return ops.tanh(ops.add(ops.matmul(x, self.w), self.b))


def test_ops_layer_fit_matches_a_torch_loop():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 5)).astype("float32")
    y = rng.normal(size=(32, 3)).astype("float32")
    model = keras.Sequential([keras.Input((5,)), OpsDense(4), keras.layers.Dense(3)])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    w0 = [w.copy() for w in model.get_weights()]
    history = model.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)

    params = [torch.tensor(w, requires_grad=True) for w in w0]
    xt, yt = torch.tensor(x), torch.tensor(y)
    losses = []
    for _ in range(3):
        epoch = []
        for i in range(0, 32, 8):
            h = torch.tanh(xt[i:i + 8] @ params[0] + params[1])
            loss = ((h @ params[2] + params[3] - yt[i:i + 8]) ** 2).mean()
            epoch.append(loss.item())
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p, g in zip(params, grads):
                    p -= 0.05 * g
        losses.append(np.mean(epoch))
    for got, want in zip(model.get_weights(), params):
        np.testing.assert_allclose(got, want.detach().numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(history.history["loss"], losses, rtol=1e-5)


@pytest.mark.slow
@pytest.mark.timeout(900)  # waits for its in-turn groups
def test_ops_layers_under_two_replicas_equal_one_device(tmp_path_factory):
    # the runs are jobs of the shared in-turn groups (tests/conftest.py IN_TURN)
    one, one_dir = in_turn(tmp_path_factory, "one_replica")["ops_layer"]
    two, two_dir = in_turn(tmp_path_factory, "keras_two_replicas")["ops_layer"]
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    a, b = np.load(one_dir / "one.npz"), np.load(two_dir / "two.npz")
    assert int(a["replicas"]) == 1 and int(b["replicas"]) == 2
    weights = sorted(k for k in a.files if k.startswith("arr_"))
    assert len(weights) == 4
    for key in weights:
        np.testing.assert_allclose(b[key], a[key], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(b["h_loss"], a["h_loss"], rtol=1e-5)
    # the add_weight metric sums its state over replicas: same per-epoch values as one device, and
    # evaluate's value equals the rate counted with numpy on the predictions
    np.testing.assert_allclose(b["h_true_positives"], a["h_true_positives"], rtol=1e-6)
    for run in (a, b):
        np.testing.assert_allclose(float(run["eval_tp"]), float(run["numpy_tp"]), rtol=1e-6)
