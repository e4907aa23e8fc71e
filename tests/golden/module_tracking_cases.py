"""Programs run both under real TF 2.21 with `tf_keras` (Keras 2, whose layers are `tf.Module`s) and under
keraslike: what a `tf.Module` holding Keras layers, variables, lists and dicts reports, and what a Keras layer
holding `tf.Variable`s and `tf.Module`s in its attributes reports (issue 21 item 10 and item 5).

`make_module_tracking_golden.py` writes `module_tracking.json` from them; `tests/module/test_tracking.py`
runs them on keraslike and compares. Each case is `case(tf, keras) -> JSON-able dict`; layers are named
explicitly and values set by a fixed pattern, so nothing depends on seeds or name counters.
"""

import numpy as np


def label(v):
    """TF-2-style variable name: `"scope/kernel:0"` (a keraslike layer weight's `name` is Keras 3's short one)."""
    return v.name if v.name.endswith(":0") else v.path + ":0"


def _pattern(shape, i):
    size = int(np.prod(shape)) if len(shape) else 1
    return (np.cos(np.arange(size, dtype="float64") * 0.7 + i) * 0.5).reshape(shape).astype("float32")


def _set_all(variables):
    for i, v in enumerate(variables):
        v.assign(_pattern(tuple(v.shape), i))


def course_mlp(tf, keras):
    """The low-level TF2 course pattern: a `tf.Module` of Keras layers trained with a tape."""

    class MLP(tf.Module):
        def __init__(self):
            super().__init__(name="mlp")
            self.dense1 = keras.layers.Dense(4, activation="relu", name="mlp_dense1")
            self.dense2 = keras.layers.Dense(2, name="mlp_dense2")
            self.scale = tf.Variable(1.5, name="scale")
            self.blocks = [keras.layers.Dense(3, name="block_dense"), keras.layers.BatchNormalization(name="block_bn")]
            self.extra = {"step": tf.Variable(0, trainable=False, name="step"), "shift": tf.Variable(0.1, name="shift")}

        @tf.function
        def __call__(self, x):
            x = self.blocks[1](self.blocks[0](x))
            return self.dense2(self.dense1(x)) * self.scale + self.extra["shift"]

    model = MLP()
    out = {"before_call": [label(v) for v in model.variables]}
    x = tf.constant(_pattern((5, 3), 7))
    y = tf.constant(_pattern((5, 2), 8))
    model(x)
    out["variables"] = [label(v) for v in model.variables]
    out["trainable_variables"] = [label(v) for v in model.trainable_variables]
    out["non_trainable_variables"] = [label(v) for v in model.non_trainable_variables]
    out["submodules"] = [type(m).__name__ for m in model.submodules]
    out["count_params"] = int(sum(np.prod(v.shape) for v in model.trainable_variables))
    _set_all([v for v in model.variables if v.dtype != tf.int32])
    optimizer = keras.optimizers.SGD(0.1)
    losses = []
    for _ in range(2):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    out["losses"] = losses
    out["values"] = [np.asarray(v.numpy(), "float64").tolist() for v in model.variables]
    return out


def nested_modules(tf, keras):
    """Modules inside modules and a Keras layer holding a module: order and no duplicates."""

    class Leaf(tf.Module):
        def __init__(self, name):
            super().__init__(name=name)
            self.w = tf.Variable(np.ones((2, 2), "float32"), name=f"{name}_w")

    class Tree(tf.Module):
        def __init__(self):
            super().__init__(name="tree")
            self.b_leaf = Leaf("b_leaf")
            self.a_leaves = (Leaf("a0"), Leaf("a1"))
            self.shared = self.b_leaf  # the same module twice: reported once
            self.layer = keras.layers.Dense(2, name="tree_dense")

    tree = Tree()
    tree.layer(tf.ones((1, 2)))
    return {"variables": [label(v) for v in tree.variables],
            "submodules": [type(m).__name__ for m in tree.submodules]}


def layer_attributes(tf, keras):
    """A Keras layer whose weights are `tf.Variable`s and a `tf.Module` in its attributes (the TF guide's
    `self.w = tf.Variable(...)`), trained by `fit`."""

    class Holder(tf.Module):
        def __init__(self):
            super().__init__(name="holder")
            self.offset = tf.Variable(np.zeros(2, "float32"), name="offset")

    class Linear(keras.layers.Layer):
        def __init__(self):
            super().__init__(name="linear")
            self.w = tf.Variable(_pattern((3, 2), 1), name="w")
            self.b = tf.Variable(np.zeros(2, "float32"), name="b")
            self.count = tf.Variable(np.zeros(2, "float32"), trainable=False, name="count")
            self.pair = [tf.Variable(_pattern((2,), 2), name="p0"), tf.Variable(_pattern((2,), 3), name="p1")]
            self.holder = Holder()

        def call(self, x):
            return tf.matmul(x, self.w) + self.b + self.pair[0] * self.pair[1] + self.holder.offset

    layer = Linear()
    out = {
        "weights_is_w_b": layer.weights[:2] == [layer.w, layer.b],
        "weights": sorted(label(v) for v in layer.weights),
        "trainable_weights": sorted(label(v) for v in layer.trainable_weights),
        "non_trainable_weights": sorted(label(v) for v in layer.non_trainable_weights),
    }
    model = keras.Sequential([keras.Input((3,)), layer])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    x = _pattern((6, 3), 4)
    y = _pattern((6, 2), 5)
    history = model.fit(x, y, batch_size=3, epochs=2, shuffle=False, verbose=0)
    out["losses"] = [float(v) for v in history.history["loss"]]
    out["values"] = {label(v): np.asarray(v.numpy(), "float64").tolist() for v in layer.weights}
    out["count_params"] = int(model.count_params())
    return out


def guide_linear(tf, keras):
    """The subclassing guide: `self.w = self.add_weight(...)` in `__init__`; `weights == [w, b]`."""

    class Linear(keras.layers.Layer):
        def __init__(self, units=4, input_dim=2):
            super().__init__()
            self.w = self.add_weight(shape=(input_dim, units), initializer="random_normal", trainable=True)
            self.b = self.add_weight(shape=(units,), initializer="zeros", trainable=True)

        def call(self, inputs):
            return tf.matmul(inputs, self.w) + self.b

    layer = Linear()
    layer(tf.ones((2, 2)))
    return {"weights_is_w_b": layer.weights == [layer.w, layer.b],
            "trainable_is_w_b": layer.trainable_weights == [layer.w, layer.b]}


CASES = {"course_mlp": course_mlp, "nested_modules": nested_modules, "layer_attributes": layer_attributes,
         "guide_linear": guide_linear}
