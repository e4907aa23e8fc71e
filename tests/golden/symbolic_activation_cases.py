"""`keras.activations.*` on a functional model's KerasTensor, written once for Keras on TF and for keraslike:
`make_symbolic_activations.py` records TF 2.21's results, tests/keras/test_symbolic_activations.py compares
keraslike's. `cases(keras)` takes the `keras` module."""

import numpy as np

NAMES = ["celu", "elu", "exponential", "gelu", "glu", "hard_shrink", "hard_sigmoid", "hard_silu", "hard_swish",
         "hard_tanh", "leaky_relu", "linear", "log_sigmoid", "log_softmax", "mish", "relu", "relu6", "selu",
         "sigmoid", "silu", "soft_shrink", "softmax", "softplus", "softsign", "sparse_plus", "sparse_sigmoid",
         "sparsemax", "squareplus", "swish", "tanh", "tanh_shrink"]
X = np.array([[-2.0, -0.5, 0.0], [0.5, 1.5, 3.0]], dtype="float32")
X4 = np.array([[-2.0, -0.5, 0.0, 1.0], [0.5, 1.5, 3.0, -1.0]], dtype="float32")


def cases(keras):
    """name -> function of the Input building the output (the recipe's `sigmoid(logits) * 5` first)."""
    act = keras.activations
    out = {
        "sigmoid": lambda x: act.sigmoid(x) * 5,
        "gelu": lambda x: act.gelu(x),
        "gelu_approximate": lambda x: act.gelu(x, approximate=True),
        "relu_capped": lambda x: act.relu(x, max_value=1.0),
        "relu": lambda x: act.relu(x),
        "exponential": lambda x: act.exponential(x),
        "softmax": lambda x: act.softmax(x),
        "leaky_relu": lambda x: act.leaky_relu(x, negative_slope=0.5),
        "elu": lambda x: act.elu(x),
        "hard_sigmoid": lambda x: act.hard_sigmoid(x),
    }
    for name in NAMES:
        out["default_" + name] = lambda x, name=name: getattr(act, name)(x)
    return out


def input_for(keras, name):
    return keras.Input((4,)) if "glu" in name else keras.Input((3,))


def data_for(name):
    return X4 if "glu" in name else X
