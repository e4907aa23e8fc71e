"""Programs run under real TF 2.21 (Keras 3) and under keraslike: a layer's `dtype=` as a dtype policy
(issue 21 item 5): `Dense(2, dtype="mixed_float16")` computes in float16 with float32 variables, a float64
layer casts float32 inputs to float64, and `add_weight(autocast=False)` keeps a variable out of the cast.

`make_layer_dtype_golden.py` writes `layer_dtype.json`; `tests/keras/layers/test_layer_dtype_policy.py`
compares. Each case is `case(tf, keras) -> JSON-able dict`; weights are set by a fixed pattern.
"""

import numpy as np


def _pattern(shape, i):
    size = int(np.prod(shape))
    return (np.sin(np.arange(size, dtype="float64") * 0.9 + i) * 0.6).reshape(shape)


X = _pattern((4, 3), 11).astype("float32")
Y = _pattern((4, 2), 12).astype("float32")


def _dtype(t):
    name = getattr(t.dtype, "name", None) or str(t.dtype)
    return str(name).replace("torch.", "")


def _values(tf, t):
    return np.asarray(tf.cast(t, "float32").numpy(), "float64").tolist()


def _dense(keras, dtype, i=0):
    layer = keras.layers.Dense(2, activation="tanh", dtype=dtype)
    layer.build((None, 3))
    layer.set_weights([_pattern((3, 2), i).astype(layer.variable_dtype), _pattern((2,), i + 1).astype(
        layer.variable_dtype)])
    return layer


def _facts(tf, layer, out):
    return {"out_dtype": _dtype(out), "out": _values(tf, out), "kernel_dtype": _dtype(layer.kernel),
            "compute_dtype": layer.compute_dtype, "variable_dtype": layer.variable_dtype,
            "policy": layer.dtype_policy.name, "config_dtype_name": _policy_name(layer.get_config()["dtype"])}


def _policy_name(config_dtype):
    if isinstance(config_dtype, dict):
        return config_dtype["config"]["name"]
    return config_dtype


def mixed_float16(tf, keras):
    layer = _dense(keras, "mixed_float16")
    return _facts(tf, layer, layer(X))


def mixed_bfloat16_policy_object(tf, keras):
    layer = _dense(keras, keras.DTypePolicy("mixed_bfloat16"))
    return _facts(tf, layer, layer(X))


def float64_casts_float32_inputs(tf, keras):
    layer = _dense(keras, "float64")
    return _facts(tf, layer, layer(X))


def float32_casts_float64_inputs(tf, keras):
    layer = _dense(keras, "float32")
    return _facts(tf, layer, layer(X.astype("float64")))


def float16_layer(tf, keras):
    layer = _dense(keras, "float16")
    return _facts(tf, layer, layer(X))


def autocast_false_weight(tf, keras):
    class Scales(keras.layers.Layer):
        def build(self, input_shape):
            self.a = self.add_weight(shape=(2,), initializer="ones", name="a")
            self.b = self.add_weight(shape=(2,), initializer="ones", name="b", autocast=False)

        def call(self, x):
            return [self.a * 1.0, self.b * 1.0]

    layer = Scales(dtype="mixed_float16")
    a, b = layer(X)
    return {"a_dtype": _dtype(a), "b_dtype": _dtype(b), "a_var_dtype": _dtype(layer.a)}


def mixed_model_fit(tf, keras):
    """A mixed_float16 Dense inside a float32 model, trained by `fit`: gradients reach the float32 variables."""
    first = _dense(keras, "mixed_float16", 0)
    last = keras.layers.Dense(2, dtype="float32")
    model = keras.Sequential([keras.Input((3,)), first, last])
    last.set_weights([_pattern((2, 2), 5).astype("float32"), np.zeros(2, "float32")])
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss="mse")
    history = model.fit(X, Y, batch_size=2, epochs=2, shuffle=False, verbose=0)
    middle = first(X)
    return {"losses": [float(v) for v in history.history["loss"]],
            "weights": [np.asarray(w, "float64").tolist() for w in model.get_weights()],
            "weight_dtypes": [str(w.dtype) for w in model.get_weights()],
            "middle_dtype": _dtype(middle), "out_dtype": _dtype(model(X))}



def _sweep_inputs():
    rng = np.random.RandomState(0)
    x2, x3 = rng.rand(2, 6).astype("float32"), rng.rand(2, 5, 6).astype("float32")
    x4 = rng.rand(2, 6, 6, 2).astype("float32")
    ids = np.array([[1, 2, 0, 3, 4], [2, 2, 1, 0, 0]], "int32")
    return x2, x3, x4, ids


def _sweep_layers(keras):
    layers = keras.layers
    x2, x3, x4, ids = _sweep_inputs()
    return {
        "Dense": (lambda d: layers.Dense(3, dtype=d), (x2,)),
        "BatchNormalization": (lambda d: layers.BatchNormalization(dtype=d), (x2,)),
        "LayerNormalization": (lambda d: layers.LayerNormalization(dtype=d), (x2,)),
        "GroupNormalization": (lambda d: layers.GroupNormalization(2, dtype=d), (x4,)),
        "Conv2D": (lambda d: layers.Conv2D(2, 3, dtype=d), (x4,)),
        "Conv1D": (lambda d: layers.Conv1D(2, 3, dtype=d), (x3,)),
        "DepthwiseConv2D": (lambda d: layers.DepthwiseConv2D(3, dtype=d), (x4,)),
        "Embedding": (lambda d: layers.Embedding(5, 3, dtype=d), (ids,)),
        "LSTM": (lambda d: layers.LSTM(3, dtype=d), (x3,)),
        "GRU": (lambda d: layers.GRU(3, dtype=d), (x3,)),
        "SimpleRNN": (lambda d: layers.SimpleRNN(3, dtype=d), (x3,)),
        "MultiHeadAttention": (lambda d: layers.MultiHeadAttention(2, 4, dtype=d), (x3, x3)),
        "GlobalAveragePooling1D": (lambda d: layers.GlobalAveragePooling1D(dtype=d), (x3,)),
        "Activation_softmax": (lambda d: layers.Activation("softmax", dtype=d), (x2,)),
        "Add": (lambda d: layers.Add(dtype=d), ([x2, x2],)),
        "Rescaling": (lambda d: layers.Rescaling(0.5, offset=0.1, dtype=d), (x2,)),
    }


def layer_sweep(tf, keras):
    """Common layers under per-layer policies: output dtype and values (weights set by a fixed pattern)."""
    out = {}
    for policy in ("mixed_float16", "mixed_bfloat16", "float64"):
        for name, (make, args) in _sweep_layers(keras).items():
            layer = make(policy)
            layer(*args)
            layer.set_weights([_pattern(w.shape, i).astype(w.dtype) + (1.0 if "variance" in v.path else 0.0)
                               for i, (w, v) in enumerate(zip(layer.get_weights(), layer.weights))])
            y = layer(*args)
            out[f"{policy}/{name}"] = {"out_dtype": _dtype(y), "out": _values(tf, y)}
    return out


def global_mixed_policy(tf, keras):
    """Layers made under `set_global_policy("mixed_float16")` take it as their policy (float16 when called
    directly too); a float32 output layer; `fit` with the loss-scaled optimizer."""
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                                  keras.layers.BatchNormalization(), keras.layers.Dense(2, dtype="float32")])
    finally:
        keras.mixed_precision.set_global_policy("float32")
    model.set_weights([_pattern(w.shape, i).astype(w.dtype) + (1.0 if "variance" in v.path else 0.0)
                       for i, (w, v) in enumerate(zip(model.get_weights(), model.weights))])
    first = model.layers[0](X)
    out = model(X)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(X, Y, batch_size=2, epochs=2, shuffle=False, verbose=0)
    return {"policies": [layer.dtype_policy.name for layer in model.layers], "first_dtype": _dtype(first),
            "out_dtype": _dtype(out), "out": _values(tf, out), "losses": [float(v) for v in history.history["loss"]],
            "weights": [np.asarray(w, "float64").tolist() for w in model.get_weights()]}


CASES = {name: fn for name, fn in dict(globals()).items()
         if callable(fn) and getattr(fn, "__module__", None) == __name__ and not name.startswith("_")}
