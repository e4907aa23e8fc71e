"""The Keras 3.15 activations celu ... threshold and `activations.deserialize`, against real Keras outputs
(tests/golden/make_activation_golden.py)."""

import os
import sys

import numpy as np
import pytest

import keraslike as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "golden"))
from make_activation_golden import CASES  # noqa: E402  (the case table; importing it does not import keras)

GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "activations.npz")))


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_keras(name):
    fn, kwargs = CASES[name]
    out = getattr(tf.keras.activations, fn)(GOLDEN["x"], **kwargs)
    np.testing.assert_allclose(np.asarray(out), GOLDEN[name], rtol=1e-5, atol=1e-6)


def test_sparsemax_is_the_euclidean_projection_onto_the_simplex():
    x = np.array([[0.30478743, 1.248887, -1.2545716, 0.06496563, 2.3576818, 2.3777585],
                  [1.0, 2.0, 0.5, -1.0, 0.0, 0.2]], "float32")
    out = tf.keras.activations.sparsemax(x).numpy()
    np.testing.assert_allclose(out.sum(-1), 1.0, rtol=1e-6)
    # hand-computed: row 0 keeps the two largest, tau = (2.3577 + 2.3778 - 1) / 2; row 1 keeps only the 2.0
    tau = (2.3576818 + 2.3777585 - 1) / 2
    np.testing.assert_allclose(out[0], [0, 0, 0, 0, 2.3576818 - tau, 2.3777585 - tau], atol=1e-6)
    np.testing.assert_allclose(out[1], [0, 1, 0, 0, 0, 0], atol=1e-6)
    np.testing.assert_allclose(tf.keras.activations.sparsemax(x.T, axis=0).numpy(), out.T, atol=1e-6)


def test_names_resolve_in_layers_and_deserialize():
    for fn, _ in CASES.values():
        if fn not in ("glu", "threshold"):
            assert tf.keras.activations.get(fn) is getattr(tf.keras.activations, fn)
            assert tf.keras.activations.deserialize(tf.keras.activations.serialize(getattr(tf.keras.activations, fn)))
    layer = tf.keras.layers.Dense(3, activation="hard_tanh")
    assert float(np.abs(layer(np.full((1, 2), 50.0, "float32")).numpy()).max()) <= 1.0
    with pytest.raises(ValueError, match="activation"):
        tf.keras.activations.deserialize("no_such_activation")
