"""SavedModel cases built the same way by keraslike and by real TF 2.21 (`tf` is either; `keras` the matching
Keras 3): make_saved_model_golden.py (TF) writes TF's SavedModels of them and reads keraslike's;
make_keraslike_saved_models.py (keraslike) writes keraslike's."""

import numpy as np

X = (np.arange(12, dtype="float32").reshape(4, 3) / 12.0) - 0.25


def make_module(tf):
    class Dense(tf.Module):
        def __init__(self, n_in, n_out, seed, name=None):
            super().__init__(name=name)
            rng = np.random.default_rng(seed)
            self.w = tf.Variable(rng.standard_normal((n_in, n_out)).astype("float32"), name="w")
            self.b = tf.Variable(np.linspace(-0.5, 0.5, n_out).astype("float32"), name="b")

        def __call__(self, x):
            return tf.nn.relu(x @ self.w + self.b)

    class Net(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.hidden = Dense(3, 4, 0)
            self.out = Dense(4, 2, 1)
            self.scale = tf.Variable(2.0, trainable=False, name="scale")
            self.extras = [tf.Variable([1.0, -1.0], name="extra")]

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def __call__(self, x):
            return self.out(self.hidden(x)) * self.scale + self.extras[0]

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="features")])
        def embed(self, x):
            return {"hidden": self.hidden(x)}

    return Net(name="net")


def make_keras(keras):
    inputs = keras.Input((3,), name="features")
    hidden = keras.layers.Dense(4, activation="relu", name="hidden")(inputs)
    model = keras.Model(inputs, keras.layers.Dense(2, name="out")(hidden))
    rng = np.random.default_rng(5)
    model.set_weights([rng.standard_normal(w.shape).astype("float32") for w in model.get_weights()])
    return model
