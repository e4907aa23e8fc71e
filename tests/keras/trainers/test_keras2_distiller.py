"""A Keras 2 model with no call() whose own train_step/test_step drive two sub-models (keras-io's
knowledge_distillation example), fit and evaluated as tf_keras does (TF 2.21, TF_USE_LEGACY_KERAS=1):
history keys `['distillation_loss', 'sparse_categorical_accuracy', 'student_loss']` (no "loss": the model was
compiled without one), evaluate returns `[sparse_categorical_accuracy, student_loss]`, and
`self.compiled_metrics.update_state` does not warn (TF 2's API, not deprecated there).
"""

import warnings

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras


class Distiller(keras.Model):
    def __init__(self, student, teacher):
        super(Distiller, self).__init__()
        self.teacher = teacher
        self.student = student

    def compile(self, optimizer, metrics, student_loss_fn, distillation_loss_fn, alpha=0.1, temperature=3):
        super(Distiller, self).compile(optimizer=optimizer, metrics=metrics)
        self.student_loss_fn = student_loss_fn
        self.distillation_loss_fn = distillation_loss_fn
        self.alpha = alpha
        self.temperature = temperature

    def train_step(self, data):
        x, y = data
        teacher_predictions = self.teacher(x, training=False)
        with tf.GradientTape() as tape:
            student_predictions = self.student(x, training=True)
            student_loss = self.student_loss_fn(y, student_predictions)
            distillation_loss = self.distillation_loss_fn(
                tf.nn.softmax(teacher_predictions / self.temperature, axis=1),
                tf.nn.softmax(student_predictions / self.temperature, axis=1))
            loss = self.alpha * student_loss + (1 - self.alpha) * distillation_loss
        trainable_vars = self.student.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply_gradients(zip(gradients, trainable_vars))
        self.compiled_metrics.update_state(y, student_predictions)
        results = {m.name: m.result() for m in self.metrics}
        results.update({"student_loss": student_loss, "distillation_loss": distillation_loss})
        return results

    def test_step(self, data):
        x, y = data
        y_prediction = self.student(x, training=False)
        student_loss = self.student_loss_fn(y, y_prediction)
        self.compiled_metrics.update_state(y, y_prediction)
        results = {m.name: m.result() for m in self.metrics}
        results.update({"student_loss": student_loss})
        return results


def _net():
    return keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3)])


@pytest.fixture
def keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


def test_distiller_fit_and_evaluate_like_tf_keras(keras2):
    rng = np.random.RandomState(0)
    x = rng.rand(64, 4).astype("float32")
    y = rng.randint(0, 3, 64)
    distiller = Distiller(student=_net(), teacher=_net())
    distiller.compile(optimizer=keras.optimizers.Adam(), metrics=[keras.metrics.SparseCategoricalAccuracy()],
                      student_loss_fn=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      distillation_loss_fn=keras.losses.KLDivergence(), alpha=0.1, temperature=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        history = distiller.fit(x, y, epochs=1, verbose=0)
        accuracy, student_loss = distiller.evaluate(x, y, verbose=0)
    assert sorted(history.history) == ["distillation_loss", "sparse_categorical_accuracy", "student_loss"]
    predictions = np.argmax(distiller.student.predict(x, verbose=0), axis=1)
    assert accuracy == pytest.approx(np.mean(predictions == y))
    # a value the step returns that is not a metric is the last batch's (rows 32..63 of batch_size 32), as TF
    expected_loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)(
        y[32:], distiller.student.predict(x[32:], verbose=0))
    assert student_loss == pytest.approx(float(expected_loss), rel=1e-5)
