"""Programs run under real TF 2.21 (Keras 3) and under keraslike: how Keras 3 objects report their dtype.

Keras 3 gives dtypes as strings: a layer's `kernel.dtype`, `keras.Variable(...).dtype`, metric and optimizer
variables, `keras.Input(...).dtype`, `keras.ops.dtype(x)`, `layer.compute_dtype`, all `'float32'`, which print,
format, hash and convert (`np.dtype(...)`) as strings and also equal `tf.float32`. `var.value.dtype` is the
tensor's dtype (`tf.float32` in TF, `torch.float32` in keraslike: tensor dtypes are torch's).

`make_dtype_report_golden.py` writes `dtype_report.json`; `tests/keras/test_dtype_report.py` compares. Each case
is `case(tf, keras) -> {label: facts}`.
"""

import json

import numpy as np


def string_facts(tf, dtype):
    """What user code sees of a Keras 3 dtype string."""
    name = str(dtype)
    try:
        np_name = np.dtype(dtype).name
    except TypeError:
        np_name = "TypeError"
    return {
        "is_str": isinstance(dtype, str), "repr": repr(dtype), "str": str(dtype), "format": f"{dtype}",
        "eq_name": bool(dtype == name), "ne_name": bool(dtype != name), "eq_tf": bool(dtype == getattr(tf, name)),
        "tf_eq": bool(getattr(tf, name) == dtype), "ne_tf": bool(dtype != getattr(tf, name)),
        "eq_other": bool(dtype == "int8"), "np": np_name, "json": json.dumps(dtype),
        "dict_lookup": {name: 1}.get(dtype), "in_set": dtype in {name}, "zeros": np.zeros(2, dtype=dtype).dtype.name,
    }


def tensor_facts(tf, dtype, name):
    """What user code sees of a tensor dtype: equal to TF's dtype object (keraslike's are torch's)."""
    return {"eq_tf": bool(dtype == getattr(tf, name)), "is_str": isinstance(dtype, str)}


def layer_variables(tf, keras):
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    bn = keras.layers.BatchNormalization()
    bn.build((None, 3))
    emb = keras.layers.Embedding(5, 2)
    emb.build((None, 4))
    return {"kernel": string_facts(tf, layer.kernel.dtype), "bias": string_facts(tf, layer.weights[1].dtype),
            "moving_mean": string_facts(tf, bn.moving_mean.dtype),
            "embeddings": string_facts(tf, emb.embeddings.dtype),
            "layer_dtype": string_facts(tf, layer.dtype), "compute_dtype": string_facts(tf, layer.compute_dtype),
            "variable_dtype": string_facts(tf, layer.variable_dtype),
            "kernel_value": tensor_facts(tf, layer.kernel.value.dtype, "float32"),
            "get_weights": [w.dtype.name for w in layer.get_weights()]}


def keras_variables(tf, keras):
    v = keras.Variable(np.ones(3, "float32"))
    i = keras.Variable(np.arange(3, dtype="int32"))
    f = keras.Variable(1.0)
    init = keras.Variable("zeros", shape=(2,), dtype="float64")
    return {"float32": string_facts(tf, v.dtype), "int32": string_facts(tf, i.dtype),
            "python_float": string_facts(tf, f.dtype), "initializer_float64": string_facts(tf, init.dtype),
            "value": tensor_facts(tf, v.value.dtype, "float32"), "ops_dtype": string_facts(tf, keras.ops.dtype(v))}


def metric_variables(tf, keras):
    mean = keras.metrics.Mean()
    mean.update_state([1.0, 2.0])
    acc = keras.metrics.SparseCategoricalAccuracy()
    return {"mean_total": string_facts(tf, mean.variables[0].dtype),
            "mean_count": string_facts(tf, mean.variables[1].dtype),
            "accuracy": [string_facts(tf, v.dtype) for v in acc.variables], "metric_dtype": mean.dtype}


def optimizer_variables(tf, keras):
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    opt = keras.optimizers.Adam(0.01)
    opt.apply_gradients([(tf.ones((3, 2)), layer.kernel), (tf.ones((2,)), layer.bias)])
    return {"iterations": string_facts(tf, opt.iterations.dtype),
            "learning_rate": string_facts(tf, opt.learning_rate.dtype),
            "slots": sorted({str(v.dtype) for v in opt.variables}),
            "first_slot": string_facts(tf, opt.variables[-1].dtype), "iterations_value": int(opt.iterations.numpy())}


def keras_tensors(tf, keras):
    x = keras.Input((3,))
    xi = keras.Input((3,), dtype="int32")
    y = keras.layers.Dense(2)(x)
    mixed = keras.layers.Dense(2, dtype="mixed_float16")
    z = mixed(x)
    emb = keras.layers.Embedding(5, 2)(xi)
    return {"input": string_facts(tf, x.dtype), "input_int32": string_facts(tf, xi.dtype),
            "dense_out": string_facts(tf, y.dtype), "mixed_out": string_facts(tf, z.dtype),
            "mixed_kernel": string_facts(tf, mixed.kernel.dtype),
            "mixed_compute": string_facts(tf, mixed.compute_dtype),
            "embedding_out": string_facts(tf, emb.dtype), "ops_dtype": string_facts(tf, keras.ops.dtype(x)),
            "repr": repr(xi).split(", name=")[0]}


def backend_names(tf, keras):
    return {"standardize_tf": string_facts(tf, keras.backend.standardize_dtype(tf.float32)),
            "standardize_str": string_facts(tf, keras.backend.standardize_dtype("float64")),
            "ops_dtype_tensor": string_facts(tf, keras.ops.dtype(tf.constant([1, 2]))),
            "policy_compute": string_facts(tf, keras.mixed_precision.Policy("mixed_float16").compute_dtype),
            "policy_variable": string_facts(tf, keras.mixed_precision.Policy("mixed_float16").variable_dtype)}


def user_code(tf, keras):
    """The idioms the string dtype serves: numpy arrays of a weight's dtype, casts, f-strings in logs."""
    layer = keras.layers.Dense(2, name="probe")
    layer.build((None, 3))
    k = layer.kernel
    zeros = np.zeros(k.shape, dtype=k.dtype)
    cast = keras.ops.cast(tf.constant([1, 2]), k.dtype)
    made = tf.zeros((2,), dtype=k.dtype)
    var = keras.Variable(np.zeros(2), dtype=k.dtype)
    return {"np_zeros": zeros.dtype.name, "cast": str(keras.ops.dtype(cast)), "tf_zeros": str(made.dtype == tf.float32),
            "variable": str(var.dtype), "log": f"kernel {k.path} has dtype {k.dtype}",
            "branch": "float" if k.dtype == "float32" else "other", "astype": np.arange(2).astype(k.dtype).dtype.name}


def other_objects(tf, keras):
    """Dtypes of Keras 3 objects that are not variables: metrics, losses, a SeedGenerator's state."""
    return {"metric": string_facts(tf, keras.metrics.Mean().dtype),
            "metric_float64": string_facts(tf, keras.metrics.Mean(dtype=tf.float64).dtype),
            "loss": string_facts(tf, keras.losses.MeanSquaredError().dtype),
            "seed_state": string_facts(tf, keras.random.SeedGenerator(1).state.dtype),
            "layer_float64": string_facts(tf, keras.layers.Dense(2, dtype=tf.float64).dtype),
            "input_float64": string_facts(tf, keras.Input((2,), dtype=tf.float64).dtype)}


CASES = {f.__name__: f for f in (layer_variables, keras_variables, metric_variables, optimizer_variables,
                                  keras_tensors, backend_names, user_code, other_objects)}
