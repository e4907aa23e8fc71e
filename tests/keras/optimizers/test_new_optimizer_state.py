"""Lamb, Adafactor, Muon and ScheduleFreeAdamW state survives `get_variables`/`set_variables` (what model.save and
checkpoints use): a restored optimizer continues exactly like the original. Adafactor's slots differ per variable
(factored `r`/`c` for rank >= 2 only), which a single key list for all variables could not restore."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.keras.saving import optimizer_state


def _problem():
    rng = np.random.default_rng(4)
    values = [rng.normal(size=s).astype("float32") for s in ((3, 4), (4,), (2, 3, 5))]
    grads = [[rng.normal(size=v.shape).astype("float32") for v in values] for _ in range(5)]
    return values, grads


def _steps(opt, variables, grads):
    for step_grads in grads:
        opt.apply_gradients([(torch.as_tensor(g), v) for g, v in zip(step_grads, variables)])


@pytest.mark.parametrize("name", ["Lamb", "Adafactor", "Muon", "ScheduleFreeAdamW"])
def test_restored_optimizer_continues_identically(name):
    cls = getattr(tf.keras.optimizers, name)
    values, grads = _problem()
    original = [tf.Variable(v, name=f"v{i}") for i, v in enumerate(values)]
    opt = cls(learning_rate=0.05, weight_decay=0.01)
    _steps(opt, original, grads[:3])
    saved = optimizer_state.get_variables(opt)
    assert len(saved) > 2
    restored = [tf.Variable(v.numpy(), name=f"v{i}") for i, v in enumerate(original)]
    opt2 = cls(learning_rate=0.05, weight_decay=0.01)
    assert optimizer_state.set_variables(opt2, saved, restored) is True
    assert int(opt2.iterations) == 3
    _steps(opt, original, grads[3:])
    _steps(opt2, restored, grads[3:])
    for a, b in zip(original, restored):
        np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-6, atol=1e-7)
