"""A masked sequence loss under 2 replicas equals one device on the global batch (DESIGN section 4).

Keras 3 under TF's MirroredStrategy averages each replica's loss over ITS kept (unmasked) entries and then
divides by the number of replicas, so a global batch whose halves keep different numbers of steps weighs the
steps of the sparser half more than one device does. keraslike's rule is that N replicas make the same
update as one device: inside `fit`/`evaluate`/`train_on_batch` the averaging reductions divide by the kept
entries of the GLOBAL batch (one all-reduce of two counts per masked loss), so the replicas' shares sum to
the one-device loss; `"mean_with_sample_weight"` divides by the global batch's weight the same way. Before:
the steps below moved the weights by a different amount than one device (the loss per replica was a mean
over its own kept steps, or its own weights).

One launched job for the module (slow), unseeded and shuffled as users run it.

Run:
    OMP_NUM_THREADS=1 python -m pytest -q -m slow tests/keras/losses/test_masked_losses_replicas.py
"""

import importlib.util

import numpy as np
import pytest

from tests.conftest import SCRIPTS, in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the first test waits for its in-turn group
WORKER = SCRIPTS / "masked_sequence_fit.py"


def _worker_module():
    spec = importlib.util.spec_from_file_location("masked_sequence_fit", WORKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    proc, folder = in_turn(tmp_path_factory, "keras_two_replicas")["masked_sequence"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr
    result = np.load(folder / "two.npz")
    assert int(result["replicas"]) == 2
    return result


def test_train_step_equals_one_device(two):
    worker = _worker_module()
    tokens, labels, _ = worker.data()
    model = worker.build()
    loss = model.train_on_batch(tokens[:4], labels[:4])
    np.testing.assert_allclose(two["step_loss"], loss, rtol=1e-5)
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(two[f"step_w{i}"], w, rtol=1e-5, atol=1e-6, err_msg=f"weight {i}")


def test_mean_with_sample_weight_step_equals_one_device(two):
    """The weighted mean divides by the global batch's weight (the replicas' weights differ)."""
    worker = _worker_module()
    tokens, labels, sample_weight = worker.data()
    model = worker.build("mean_with_sample_weight")
    loss = model.train_on_batch(tokens[:4], labels[:4], sample_weight=sample_weight[:4])
    np.testing.assert_allclose(two["weighted_loss"], loss, rtol=1e-5)
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(two[f"weighted_w{i}"], w, rtol=1e-5, atol=1e-6, err_msg=f"weight {i}")


def test_fit_on_batches_with_an_empty_replica_equals_one_device(two):
    """The last batch has one row: the replica without rows still joins the count all-reduce."""
    worker = _worker_module()
    tokens, labels, sample_weight = worker.data()
    model = worker.build()
    model.set_weights([two[f"step_w{i}"] for i in range(len(model.get_weights()))])
    history = model.fit(tokens, labels, sample_weight=sample_weight, batch_size=8, epochs=1, verbose=0,
                        shuffle=False)
    assert sorted(history.history) == sorted(k[4:] for k in two.files if k.startswith("fit_") and
                                             not k[4:].startswith("w") or k.startswith("fit_weighted"))
    for name, values in history.history.items():
        np.testing.assert_allclose(two[f"fit_{name}"], values, rtol=1e-5, atol=1e-6, err_msg=name)
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(two[f"fit_w{i}"], w, rtol=1e-4, atol=1e-6, err_msg=f"weight {i}")


def test_evaluate_equals_one_device(two):
    worker = _worker_module()
    tokens, labels, sample_weight = worker.data()
    model = worker.build()
    model.set_weights([two[f"w{i}"] for i in range(len(model.get_weights()))])
    logs = model.evaluate(tokens, labels, sample_weight=sample_weight, batch_size=8, verbose=0, return_dict=True)
    assert sorted(logs) == sorted(k[2:] for k in two.files if k.startswith("r_"))
    for name, value in logs.items():
        np.testing.assert_allclose(two[f"r_{name}"], value, rtol=1e-5, atol=1e-6, err_msg=name)
