"""Write `tests/golden/embedding_dims.json`: which `input_dim`/`output_dim` values real `keras.layers.Embedding`
(Keras 3.15) and `tf_keras.layers.Embedding` (Keras 2, TF_USE_LEGACY_KERAS=1) accept, and the table shape they build.

Run under real TensorFlow 2.21, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_embedding_dims_golden.py

Also `layers/<version>/<layer>`: Dense, Conv2D, LSTM and MultiHeadAttention sizes given as integer scalar tensors.
`tests/keras/layers/test_embedding_dims.py` reads it. (Found by keras-io's cct, whose positional embedding is
`layers.Embedding(input_dim=tf.shape(x)[1], output_dim=tf.shape(x)[-1])`, which tf_keras accepts.)
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "embedding_dims.json")
# name -> (input_dim, output_dim) as (kind, value): "int" a Python int, "np64"/"np32" numpy ints, "tensor" tf.constant
CASES = {
    "int": (("int", 5), ("int", 3)),
    "tensor": (("tensor", 64), ("tensor", 8)),
    "numpy": (("np64", 5), ("np32", 3)),
    "float": (("float", 5.0), ("int", 3)),
    "zero_tensor": (("tensor", 0), ("int", 3)),
    "negative": (("int", -2), ("int", 3)),
    "bool": (("bool", True), ("int", 3)),
}
MAKE = {"int": int, "float": float, "bool": bool, "np64": np.int64, "np32": np.int32, "tensor": tf.constant}


# Other layers' integer sizes given as integer scalar tensors (tf_keras: int(units)): name -> output shape
LAYERS = {
    "Dense": lambda m, n: m.layers.Dense(n)(tf.zeros((2, 3))),
    "Conv2D": lambda m, n: m.layers.Conv2D(n, 3)(tf.zeros((1, 5, 5, 2))),
    "LSTM": lambda m, n: m.layers.LSTM(n)(tf.zeros((1, 4, 2))),
    "MultiHeadAttention": lambda m, n: m.layers.MultiHeadAttention(num_heads=tf.constant(2), key_dim=n)(
        tf.zeros((1, 3, 4)), tf.zeros((1, 3, 4))),
}


def run_layer(module, make):
    try:
        return {"output": list(make(module, tf.shape(tf.zeros((1, 8)))[1]).shape)}
    except Exception as e:  # noqa: BLE001
        return {"raises": type(e).__name__}


def run(module, dims):
    input_dim, output_dim = (MAKE[kind](value) for kind, value in dims)
    try:
        layer = module.layers.Embedding(input_dim=input_dim, output_dim=output_dim)
        out = layer(tf.constant([[0, 1]]))
    except Exception as e:  # noqa: BLE001 - the golden records which exception
        return {"raises": type(e).__name__}
    return {"table": list(layer.embeddings.shape), "output": list(out.shape)}


def main():
    golden = {"cases": CASES}
    for keras_version, module in (("3", keras), ("2", tf_keras)):
        for name, dims in CASES.items():
            golden[f"{keras_version}/{name}"] = run(module, dims)
        for name, make in LAYERS.items():
            golden[f"layers/{keras_version}/{name}"] = run_layer(module, make)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
