"""A loss object called by user code under a multi-replica strategy: Keras 3 divides its average by the replica
count, Keras 2 refuses the default reduction (TF 2.21 on two logical CPUs, both Kerases).

Keras 3 on TF's backend scales "sum_over_batch_size"/"mean"/"mean_with_sample_weight" losses by
`1 / num_replicas_in_sync` of `tf.distribute.get_strategy()` (in `strategy.run` and in the scope), so a custom loop
that SUMs the replicas' gradients in `apply_gradients` makes the one-device update; TF 2.21 gave 0.5566 for the
crossentropy below in `run` and in the scope of a 2-replica MirroredStrategy, 1.1131 outside, 2.2263 with
reduction "sum" everywhere. tf_keras (`TF_USE_LEGACY_KERAS=1`) raises a ValueError for AUTO/SUM_OVER_BATCH_SIZE
there instead. Before: keraslike returned 1.1131 under the strategy in both modes, so the multi-GPU tutorials' loop
(default reduction, `reduce(SUM)`) trained with twice TF's step on 2 replicas (tests/golden/tutorial_programs.json
`naive_loop_*`, `custom_train_step_*` on real replicas). compile's losses inside `fit` are scaled by the step itself.
The strategy is a stand-in with two replicas (a real one needs launched processes: the slow tests).
"""

import numpy as np
import pytest

import keraslike as tf
from keraslike._src.distribute import context as distribute_context
from keraslike._src.keras.losses.loss import builtin_loss_calls

LOGITS = np.array([[1.0, 2.0], [0.5, 0.1]], dtype="float32")
LABELS = np.array([0, 1])


def _per_sample():
    shifted = LOGITS - LOGITS.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return -log_probs[np.arange(2), LABELS]


class _TwoReplicas:
    num_replicas_in_sync = 2


@pytest.fixture
def two_replicas():
    return distribute_context.strategy_scope(_TwoReplicas())


def _scce(**kwargs):
    return tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, **kwargs)


def test_keras3_divides_the_average_by_the_replica_count(two_replicas):
    mean = _per_sample().mean()
    np.testing.assert_allclose(float(_scce()(LABELS, LOGITS)), mean, rtol=1e-6)  # no strategy: 1.1131
    with two_replicas:
        np.testing.assert_allclose(float(_scce()(LABELS, LOGITS)), mean / 2, rtol=1e-6)  # TF: 0.5566
        np.testing.assert_allclose(float(_scce(ignore_class=5)(LABELS, LOGITS)), mean / 2, rtol=1e-6)
        np.testing.assert_allclose(float(_scce(reduction="sum")(LABELS, LOGITS)), _per_sample().sum(), rtol=1e-6)
        np.testing.assert_allclose(np.asarray(_scce(reduction="none")(LABELS, LOGITS)), _per_sample(), rtol=1e-6)
        mse = tf.keras.losses.MeanSquaredError()
        np.testing.assert_allclose(float(mse([[1.0], [3.0]], [[0.0], [0.0]])), 5.0 / 2, rtol=1e-6)
        weighted = tf.keras.losses.MeanSquaredError(reduction="mean_with_sample_weight")
        np.testing.assert_allclose(float(weighted([[1.0], [3.0]], [[0.0], [0.0]], sample_weight=[1.0, 3.0])),
                                   (1.0 + 27.0) / 4.0 / 2, rtol=1e-6)
        with builtin_loss_calls():  # compile's losses in a built-in step: the step scales the total itself
            np.testing.assert_allclose(float(_scce()(LABELS, LOGITS)), mean, rtol=1e-6)


def test_keras2_refuses_the_default_reduction_under_a_strategy(two_replicas, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    with two_replicas:
        with pytest.raises(ValueError, match=r"Reduction.SUM` or `NONE`.*Received: reduction='sum_over_batch_size'"):
            _scce()(LABELS, LOGITS)
        np.testing.assert_allclose(float(_scce(reduction="sum")(LABELS, LOGITS)), _per_sample().sum(), rtol=1e-6)
    np.testing.assert_allclose(float(_scce()(LABELS, LOGITS)), _per_sample().mean(), rtol=1e-6)
