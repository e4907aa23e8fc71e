"""`Layer.add_variable` (Keras 3) and `Model.save_spec` (TF 2), as tutorials call them."""

import numpy as np

import keraslike as tf

keras = tf.keras


class Scaled(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2, kernel_initializer="ones")
        self.offset = self.add_variable((2,), "ones", name="offset")  # shape first, as Keras 3
        self.frozen = self.add_variable(shape=(), initializer=keras.initializers.Constant(3.0), trainable=False)

    def call(self, x):
        return self.dense(x) * self.frozen + self.offset


def test_add_variable_creates_tracked_weights():
    model = Scaled()
    out = model(np.ones((1, 4), "float32"))
    np.testing.assert_allclose(out.numpy(), [[13.0, 13.0]])  # (4 * 1) * 3 + 1
    assert model.offset in model.trainable_weights and model.frozen in model.non_trainable_weights
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    model.fit(np.ones((2, 4), "float32"), np.zeros((2, 2), "float32"), verbose=0)
    # d(mse)/d(offset) = 2 * 13 / 2 per unit -> offset 1 - 0.1 * 13 = -0.3; the frozen scale stays 3
    np.testing.assert_allclose(model.offset.numpy(), [-0.3, -0.3], rtol=1e-5)
    assert float(model.frozen.numpy()) == 3.0


def test_save_spec():
    model = Scaled()
    assert model.save_spec() is None  # not called yet
    model.predict(np.ones((5, 4), "float32"), batch_size=5, verbose=0)
    (args, kwargs) = model.save_spec()
    assert kwargs == {} and tuple(args[0].shape) == (None, 4) and args[0].dtype == tf.float32
    assert tuple(model.save_spec(dynamic_batch=False)[0][0].shape) == (5, 4)
    features = keras.Input((3,), name="features")
    labels = keras.Input((1,), name="ids", dtype="int64")
    functional = keras.Model([features, labels], keras.layers.Dense(1)(features))
    (specs,), _ = functional.save_spec()
    assert [(s.name, tuple(s.shape), s.dtype) for s in specs] == [("features", (None, 3), tf.float32),
                                                                  ("ids", (None, 1), tf.int64)]
