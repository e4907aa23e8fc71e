"""The `track_tf1_style_variables` layers of tf1_style_layers.json (make_tf1_style_layers_golden.py), written once
for TF and keraslike: the model-mapping guide's DenseLayer, CompatV1LayerModel and WrappedDenseLayer."""

import numpy as np


def fixed(shape):
    """The value every variable is set to before the compared call."""
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.float32).reshape(shape) % 7 - 3.0) * 0.1


def build(tf):
    v1 = tf.compat.v1

    class DenseLayer(tf.keras.layers.Layer):
        def __init__(self, units, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.units = units

        @v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            out = inputs
            with v1.variable_scope("dense"):
                kernel = v1.get_variable(shape=[out.shape[-1], self.units], regularizer=tf.keras.regularizers.L2(),
                                         initializer=v1.initializers.glorot_normal, name="kernel")
                bias = v1.get_variable(shape=[self.units], initializer=v1.initializers.zeros, name="bias")
                out = tf.linalg.matmul(out, kernel)
                out = v1.nn.bias_add(out, bias)
            return out

    class CompatV1LayerModel(tf.keras.layers.Layer):
        def __init__(self, units, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.units = units

        @v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            with v1.variable_scope("model"):
                out = v1.layers.conv2d(inputs, 3, 3, kernel_regularizer="l2")
                out = v1.layers.flatten(out)
                out = v1.layers.dense(out, self.units, kernel_regularizer="l2")
                return out

    class NestedLayer(tf.keras.layers.Layer):
        def __init__(self, units, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.units = units

        @v1.keras.utils.track_tf1_style_variables
        def __call__(self, inputs):
            out = inputs
            with v1.variable_scope("inner_dense"):
                kernel = v1.get_variable(shape=[out.shape[-1], self.units], regularizer=tf.keras.regularizers.L2(),
                                         initializer=v1.initializers.glorot_normal, name="kernel")
                bias = v1.get_variable(shape=[self.units], initializer=v1.initializers.zeros, name="bias")
                out = tf.linalg.matmul(out, kernel)
                out = v1.nn.bias_add(out, bias)
            return out

    class WrappedDenseLayer(tf.keras.layers.Layer):
        def __init__(self, units, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self._dense_layer = NestedLayer(self.units)

        @v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            with v1.variable_scope("outer"):
                outputs = v1.layers.dense(inputs, 3)
                outputs = v1.layers.dense(inputs, 4)
                return self._dense_layer(outputs)

    class OOStyleCompatModel(tf.keras.layers.Layer):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.conv_1 = v1.layers.Conv2D(3, 3, kernel_regularizer="l2")
            self.conv_2 = v1.layers.Conv2D(4, 2, kernel_regularizer="l2")

        @v1.keras.utils.track_tf1_style_variables
        def call(self, inputs, training=None):
            with v1.variable_scope("model"):
                out = self.conv_1(inputs)
                out = self.conv_2(out)
                with v1.variable_scope("conv2d_2"):  # a scope opened by name: the next default is conv2d_3
                    pass
                out = v1.layers.conv2d(out, 2, 2, kernel_regularizer="l2")
                return out

    rng = np.random.default_rng(0)
    return {
        "dense": (lambda: DenseLayer(3), rng.normal(size=(2, 4)).astype("float32")),
        "compat_v1_layers": (lambda: CompatV1LayerModel(4), rng.normal(size=(2, 5, 5, 2)).astype("float32")),
        "wrapped": (lambda: WrappedDenseLayer(2), rng.normal(size=(3, 5)).astype("float32")),
        "oo_style": (lambda: OOStyleCompatModel(), rng.normal(size=(2, 6, 6, 2)).astype("float32")),
    }


def run(tf, layer, x):
    """Call, set every variable to `fixed`, call again: names, output, losses of the second call."""
    layer(x)
    first_names = [v.name for v in layer.weights]
    for v in layer.weights:
        v.assign(fixed(tuple(v.shape)))
    out = layer(x)
    layer(x)  # a third call reuses the same variables
    return {"names": first_names, "trainable": [v.name for v in layer.trainable_weights],
            "shapes": [list(v.shape) for v in layer.weights], "output": np.asarray(out).tolist(),
            "losses": sorted(float(np.asarray(loss)) for loss in layer.losses),
            "count_after_three_calls": len(layer.weights)}
