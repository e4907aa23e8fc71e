"""Checkpoints keraslike writes for real TF to read back (tests/golden/make_keraslike_checkpoints.py writes them
with keraslike, tests/golden/check_tf_reads_keraslike.py loads them in TF 2.21 and records the result in
tf_reads_keraslike.json). The same builders serve both sides: `tf` is keraslike or TensorFlow, `keras` the
matching Keras (Keras 3, or tf_keras for the Keras 2 case)."""

import numpy as np

X = (np.arange(12, dtype="float32").reshape(4, 3) / 12.0)
Y = np.stack([X.sum(1), X[:, 0] - X[:, 2]], axis=1).astype("float32")


def dense_weights():
    rng = np.random.default_rng(3)
    return [rng.standard_normal((3, 4)).astype("float32"), np.linspace(-1, 1, 4).astype("float32"),
            rng.standard_normal((4, 2)).astype("float32"), np.array([0.5, -0.5], "float32")]


def make_module_classes(tf):
    class Dense(tf.Module):
        def __init__(self, n_in, n_out, name=None):
            super().__init__(name=name)
            self.w = tf.Variable(np.zeros((n_in, n_out), "float32"), name="w")
            self.b = tf.Variable(np.zeros((n_out,), "float32"), name="b")

        def __call__(self, x):
            return tf.nn.relu(x @ self.w + self.b)

    class Net(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.l1 = Dense(3, 4)
            self.l2 = Dense(4, 2)
            self.extra = [tf.Variable(0.0), tf.Variable([0.0, 0.0])]
            self.table = {"a": tf.Variable(0.0), "b": tf.Variable([[0, 0]], dtype=tf.int32)}

        def __call__(self, x):
            return self.l2(self.l1(x)) * self.extra[0]

    return Net


def fill_module(net):
    w = dense_weights()
    net.l1.w.assign(w[0])
    net.l1.b.assign(w[1])
    net.l2.w.assign(w[2])
    net.l2.b.assign(w[3])
    net.extra[0].assign(1.5)
    net.extra[1].assign([2.0, 3.0])
    net.table["a"].assign(5.0)
    net.table["b"].assign([[1, 2]])


def make_model(keras):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    return model


IMAGES = (np.arange(2 * 6 * 6 * 2, dtype="float32").reshape(2, 6, 6, 2) % 7) / 7.0


def make_functional(keras):
    """A one-input functional model: Conv2D, BatchNormalization, Dense (Keras 3 `_operations` indices certain)."""
    images = keras.Input((6, 6, 2))
    x = keras.layers.Conv2D(3, 3, activation="relu")(images)
    x = keras.layers.BatchNormalization()(x)
    x = keras.layers.GlobalAveragePooling2D()(x)
    return keras.Model(images, keras.layers.Dense(2)(x))


def functional_weights(model):
    rng = np.random.default_rng(7)
    return [rng.standard_normal(tuple(w.shape)).astype("float32") * 0.5 + (1.0 if "variance" in w.name else 0.0)
            for w in model.weights]
