"""Issue 14 item 3 / issue 16: the per-step fast paths give the values of the general paths, and a one-replica
strategy's collectives are identities the trainer can call without asking how many replicas there are.

References: the public metric/loss functions (per-sample values averaged by hand) and torch's own cross-entropy.
"""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras


@pytest.mark.parametrize("labels", ["int64", "int32", "float32", "column"])
def test_sparse_categorical_accuracy_fast_path_equals_the_function(labels):
    rng = np.random.default_rng(0)
    scores = torch.from_numpy(rng.normal(size=(37, 5)).astype("float32"))
    y = rng.integers(0, 5, size=37)
    y_true = {"int64": torch.from_numpy(y), "int32": torch.from_numpy(y.astype("int32")),
              "float32": torch.from_numpy(y.astype("float32")),
              "column": torch.from_numpy(y.reshape(-1, 1))}[labels]
    metric = keras.metrics.SparseCategoricalAccuracy()
    metric.update_state(y_true, scores)
    metric.update_state(y_true[:10], scores[:10])
    per_sample = np.concatenate([keras.metrics.sparse_categorical_accuracy(y_true, scores).numpy(),
                                 keras.metrics.sparse_categorical_accuracy(y_true[:10], scores[:10]).numpy()])
    expected = np.mean(np.concatenate([(scores.numpy().argmax(-1) == y), (scores.numpy()[:10].argmax(-1) == y[:10])]))
    assert per_sample.mean() == pytest.approx(expected)
    assert float(metric.result()) == pytest.approx(expected, rel=1e-6)
    weighted = keras.metrics.SparseCategoricalAccuracy()  # the general path (sample weights) agrees
    weighted.update_state(y_true, scores, sample_weight=np.ones(37, "float32"))
    assert float(weighted.result()) == pytest.approx(float(np.mean(scores.numpy().argmax(-1) == y)), rel=1e-6)


@pytest.mark.parametrize("from_logits", [True, False])
def test_sparse_crossentropy_mean_path_equals_torch(from_logits):
    rng = np.random.default_rng(1)
    logits = torch.from_numpy(rng.normal(size=(19, 4)).astype("float32")).requires_grad_(True)
    y = torch.from_numpy(rng.integers(0, 4, size=19))
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=from_logits)
    y_pred = logits if from_logits else torch.softmax(logits, -1)
    value = loss_fn(y, y_pred)
    value.backward()
    grad = logits.grad.clone()
    logits.grad = None
    reference = torch.nn.functional.cross_entropy(logits, y)
    reference.backward()
    torch.testing.assert_close(value, reference, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(grad, logits.grad, rtol=1e-4, atol=1e-6)
    per_sample = keras.losses.sparse_categorical_crossentropy(y, y_pred, from_logits=from_logits)
    torch.testing.assert_close(value, per_sample.mean(), rtol=1e-6, atol=1e-7)
    with pytest.raises(ValueError, match="label value of 7 which is outside the valid range"):
        loss_fn(torch.tensor([0, 7]), y_pred[:2])


def test_loss_tracker_weighted_update_int_and_tensor_weights():
    mean = keras.metrics.Mean()
    mean.update_weighted(torch.tensor(2.0), 3)
    mean.update_weighted(torch.tensor(4.0), torch.tensor(1.0))
    assert float(mean.result()) == pytest.approx((2.0 * 3 + 4.0) / 4)


def test_one_replica_strategy_collectives_are_identities():
    strategy = tf.distribute.get_strategy()
    assert strategy.any_replica(True) is True and strategy.any_replica(False) is False
    rows = torch.arange(6.0).reshape(3, 2)
    blocks = strategy.gather_rows(rows, [3])
    assert len(blocks) == 1 and blocks[0] is rows
    assert strategy.replica_batch_sizes(7) == [7]
    assert strategy.log_read_interval(100) is None  # one replica: the progress bar redraws on its timer


def test_the_trainer_keeps_the_module_the_strategy_returns():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    x = np.ones((4, 2), "float32")
    model.fit(x, x[:, :1], epochs=1, verbose=0)
    assert model.__dict__["_train_module"] is model  # one replica: the strategy's wrapper is the model itself
    assert "_train_module" not in dict(model.named_modules())  # never registered as its own submodule


def test_an_overridden_steps_logs_come_out_sorted_as_tf_keras_gives_them():
    """tf.keras passes step outputs through tree.map_structure (sorted dict keys): History, the progress line
    and evaluate(return_dict=True) list "accuracy" before "loss" whatever order the step returned."""
    import numpy as np

    import keraslike as tf

    class Model(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(3)

        def call(self, x):
            return self.dense(x)

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = self.compute_loss(y=y, y_pred=self(x, training=True))
            self.optimizer.apply(tape.gradient(loss, self.trainable_variables), self.trainable_variables)
            return {"loss": loss, "accuracy": loss * 0 + 0.5}

    model = Model()
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(np.ones((8, 4), "float32"), np.arange(8) % 3, epochs=1, verbose=0)
    assert list(history.history) == ["accuracy", "loss"]
