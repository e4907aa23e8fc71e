"""Layers built with weight regularizers and constraints given by name, and what their `get_config()` holds for
them; shared by `make_weight_options_config_golden.py` (real Keras 3.15) and
`tests/keras/layers/test_weight_options_config.py`.

`run(keras)` -> {layer: {argument: the serialized entry (floats to 6 digits), or "<missing>"}}.
"""

K = {"kernel_regularizer": "l2", "bias_regularizer": "l1", "kernel_constraint": "non_neg",
     "bias_constraint": "unit_norm"}
R = {**K, "recurrent_regularizer": "l1l2", "recurrent_constraint": "max_norm"}
DW = {"depthwise_regularizer": "l2", "bias_regularizer": "l1", "depthwise_constraint": "non_neg",
      "bias_constraint": "unit_norm"}
SEP = {**DW, "pointwise_regularizer": "l1l2", "pointwise_constraint": "max_norm"}
NORM = {"beta_regularizer": "l2", "gamma_regularizer": "l1", "beta_constraint": "non_neg",
        "gamma_constraint": "unit_norm"}
EMB = {"embeddings_regularizer": "l2", "embeddings_constraint": "non_neg"}

CASES = {  # layer: (positional args, weight options)
    "Dense": ((2,), K), "EinsumDense": (("ab,bc->ac", 2), K), "Embedding": ((5, 2), EMB),
    "Conv1D": ((2, 2), K), "Conv2D": ((2, 2), K), "Conv3D": ((2, 2), K), "Conv1DTranspose": ((2, 2), K),
    "Conv2DTranspose": ((2, 2), K), "Conv3DTranspose": ((2, 2), K), "DepthwiseConv1D": ((2,), DW),
    "DepthwiseConv2D": ((2,), DW), "SeparableConv1D": ((2, 2), SEP), "SeparableConv2D": ((2, 2), SEP),
    "SimpleRNN": ((2,), R), "LSTM": ((2,), R), "GRU": ((2,), R), "SimpleRNNCell": ((2,), R), "LSTMCell": ((2,), R),
    "GRUCell": ((2,), R), "ConvLSTM2D": ((2, 2), R), "BatchNormalization": ((), NORM),
    "LayerNormalization": ((), NORM), "GroupNormalization": ((1,), NORM),
    "PReLU": ((), {"alpha_regularizer": "l2", "alpha_constraint": "non_neg"}),
    "MultiHeadAttention": ((2, 2), K), "GroupQueryAttention": ((2, 2, 1), K),
}


def _rounded(value):  # Keras's L1 keeps its factor as a float32 (0.009999999776482582)
    if isinstance(value, float):
        return float(f"{value:.6g}")
    return {k: _rounded(v) for k, v in value.items()} if isinstance(value, dict) else value


def _entry(value):
    if isinstance(value, dict):
        return {k: _rounded(value.get(k)) for k in ("module", "class_name", "config", "registered_name")}
    return "<missing>" if value is None else repr(value)


def run(keras):
    out = {}
    for name, (args, options) in CASES.items():
        config = getattr(keras.layers, name)(*args, **options).get_config()
        out[name] = {arg: _entry(config.get(arg)) for arg in options}
    return out
