"""`Metric.add_weight` / `add_variable`: custom metrics written as the Keras guides write them."""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
ops = keras.ops


class BinaryTruePositives(keras.metrics.Metric):
    def __init__(self, name="binary_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_weight(name="tp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        values = ops.logical_and(ops.cast(y_true, "bool"), ops.cast(y_pred, "bool"))
        values = ops.cast(values, self.dtype)
        if sample_weight is not None:
            values = ops.multiply(values, ops.cast(sample_weight, self.dtype))
        self.true_positives.assign_add(ops.sum(values))

    def result(self):
        return self.true_positives


def test_add_weight_metric_accumulates_and_resets():
    m = BinaryTruePositives()
    m.update_state([0, 1, 1, 1], [0, 1, 0, 1])
    m.update_state([1, 1], [1, 1], sample_weight=[0.5, 2.0])
    assert float(m.result()) == pytest.approx(4.5)
    assert len(m.variables) == 1 and not m.variables[0].requires_grad
    m.reset_state()
    assert float(m.result()) == 0.0


def test_add_variable_signature_shape_dtype_and_errors():
    class Hist(keras.metrics.Metric):
        def __init__(self):
            super().__init__(name="hist")
            self.counts = self.add_variable((3,), "zeros", dtype="int32", aggregation="sum", name="counts")

        def update_state(self, labels):
            self.counts.assign_add(ops.bincount(labels, minlength=3)[:3])

        def result(self):
            return self.counts

    h = Hist()
    h.update_state(np.array([0, 2, 2]))
    assert h.result().dtype == torch.int32 and h.result().tolist() == [1, 0, 2]
    with pytest.raises(ValueError, match="aggregation"):
        h.add_variable((), "zeros", aggregation="max")
    with pytest.raises(ValueError, match="on_read"):
        h.add_weight(name="x", synchronization="on_write")


def test_custom_metric_in_fit_logs_the_result():
    x = np.array([[1.0], [-1.0], [2.0], [-3.0]], "float32")
    y = np.array([[1.0], [0.0], [1.0], [1.0]], "float32")
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, kernel_initializer="ones",
                                                                    bias_initializer="zeros")])
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse",
                  metrics=[BinaryTruePositives()])
    # predictions x > 0 are "positive" (cast to bool is != 0, so every non-zero prediction counts)
    logs = model.evaluate(x, y, batch_size=2, verbose=0, return_dict=True)
    assert logs["binary_true_positives"] == pytest.approx(3.0)
