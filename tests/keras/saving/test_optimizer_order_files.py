"""Optimizer state with several slot kinds (Adam amsgrad, RMSprop momentum+centered) saved by real TF 2.21 restores
slot by slot: one more training step after loading equals TF's (golden: tests/golden/make_optimizer_order_files.py):
Keras 3 `.keras`, tf_keras `.h5`, and TF <= 2.10's `optimizers.legacy` `.h5`."""

import os

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
E = np.load(os.path.join(GOLDEN, "opt_order.npz"))

FILES = {
    "k3": ("keras3_files", "opt_order_{}.keras"),
    "k2": ("legacy_h5", "opt_order_{}.h5"),
    "tf210": ("legacy_h5", "opt_order_tf210_{}.h5"),
}


@pytest.mark.parametrize("case", ["adam_amsgrad", "rmsprop_centered"])
@pytest.mark.parametrize("source", sorted(FILES))
def test_next_step_after_loading_equals_tf(source, case):
    folder, name = FILES[source]
    model = tf.keras.models.load_model(os.path.join(GOLDEN, folder, name.format(case)))
    assert int(model.optimizer.iterations) == 2
    model.train_on_batch(E["x_next"], E["y_next"])
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(w, E[f"{source}/{case}/{i}"], rtol=1e-5, atol=1e-6)
