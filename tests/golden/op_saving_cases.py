"""A functional model that calls common `keras.ops` functions on symbolic tensors, built the same way under real
Keras 3 and under keraslike (`build(keras)`), with fixed weights and inputs.

make_op_saving_golden.py (under TF 2.21) saves Keras's model to keras3_files/op_saving.keras with its predictions,
and loads the file keraslike wrote (keraslike_op_saving.keras, by write_keraslike_op_saving.py) recording what
Keras 3 predicts from it in op_saving.json; tests/keras/saving/test_op_saving.py compares.
"""

import numpy as np

# Each op of the model: its Keras 3 class name (the config entries the test compares).
OPS = ["Concatenate", "Reshape", "Transpose", "Softmax", "Mean", "Max", "Sum", "Squeeze", "ExpandDims", "Stack",
       "Matmul", "Greater", "Where", "Cast", "OneHot", "Take"]


# More single calls, each in its own model `Model([a (N, 4) float32, i (N, 4) int32], call(ops, a, i))`: the op
# entries (config and call arguments) Keras 3 writes for them are in op_saving.json["calls"].
CALLS = {
    "layer_normalization": lambda ops, a, i: ops.layer_normalization(a),
    "rms_normalization": lambda ops, a, i: ops.rms_normalization(a),
    "einsum": lambda ops, a, i: ops.einsum("ij,ij->i", a, a),
    "average": lambda ops, a, i: ops.average(a, axis=1),
    "average_weights": lambda ops, a, i: ops.average(a, axis=1, weights=ops.ones((4,))),
    "pad": lambda ops, a, i: ops.pad(a, [[0, 0], [1, 1]]),
    "pad_constant": lambda ops, a, i: ops.pad(a, [[0, 0], [1, 1]], constant_values=5.0),
    "clip": lambda ops, a, i: ops.clip(a, -1.0, 1.0),
    "argmax": lambda ops, a, i: ops.argmax(a, axis=-1),
    "top_k": lambda ops, a, i: ops.top_k(a, 2)[0],
    "tile": lambda ops, a, i: ops.tile(a, (1, 2)),
    "repeat": lambda ops, a, i: ops.repeat(a, 2, axis=1),
    "split": lambda ops, a, i: ops.split(a, 2, axis=1)[0],
    "slice": lambda ops, a, i: ops.slice(a, (0, 1), (2, 2)),
    "logsumexp": lambda ops, a, i: ops.logsumexp(a, axis=-1),
    "norm": lambda ops, a, i: ops.norm(a, axis=-1),
    "relu": lambda ops, a, i: ops.relu(a),
    "gelu": lambda ops, a, i: ops.gelu(a),
    "erf": lambda ops, a, i: ops.erf(a),
    "cumsum": lambda ops, a, i: ops.cumsum(a, axis=1),
    "zeros_like": lambda ops, a, i: ops.zeros_like(a),
    "full_like": lambda ops, a, i: ops.full_like(a, 2.0),
    "normalize": lambda ops, a, i: ops.normalize(a),
    "abs": lambda ops, a, i: ops.abs(a),
    "conj": lambda ops, a, i: ops.conj(a),
    "swapaxes": lambda ops, a, i: ops.swapaxes(ops.expand_dims(a, 1), 1, 2),
    "moveaxis": lambda ops, a, i: ops.moveaxis(ops.expand_dims(a, 1), 1, 2),
    "sort": lambda ops, a, i: ops.sort(a),
    "std": lambda ops, a, i: ops.std(a, axis=1),
    "log_softmax": lambda ops, a, i: ops.log_softmax(a),
    "take_along_axis": lambda ops, a, i: ops.take_along_axis(a, ops.argsort(a), axis=1),
    "left_shift": lambda ops, a, i: ops.left_shift(i, ops.ones_like(i)),
    "bitwise_and": lambda ops, a, i: ops.bitwise_and(i, ops.ones_like(i)),
    "max_pool": lambda ops, a, i: ops.max_pool(ops.expand_dims(a, -1), 2),
    "average_pool": lambda ops, a, i: ops.average_pool(ops.expand_dims(a, -1), 2, padding="SAME"),
    "depth_to_space": lambda ops, a, i: ops.depth_to_space(ops.reshape(a, (-1, 1, 1, 4)), 2),
    "conv": lambda ops, a, i: ops.conv(ops.expand_dims(a, -1), ops.ones((2, 1, 3)), padding="SAME"),
}


def call_model(keras, name):
    a, i = keras.Input((4,), name="a"), keras.Input((4,), dtype="int32", name="i")
    return keras.Model([a, i], CALLS[name](keras.ops, a, i))


def inputs():
    rng = np.random.default_rng(7)
    a = rng.normal(size=(4, 6)).astype("float32")
    b = rng.normal(size=(4, 6)).astype("float32")
    ids = rng.integers(0, 5, size=(4, 3)).astype("int32")
    return [a, b, ids]


def build(keras):
    ops = keras.ops
    a, b = keras.Input((6,), name="a"), keras.Input((6,), name="b")
    ids = keras.Input((3,), dtype="int32", name="ids")
    dense = keras.layers.Dense(6, name="dense")
    h = dense(a)
    c = ops.concatenate([h, b], axis=-1)                       # (N, 12)
    r = ops.reshape(c, (-1, 4, 3))                             # (N, 4, 3)
    t = ops.transpose(r, (0, 2, 1))                            # (N, 3, 4)
    m = ops.mean(ops.softmax(t), axis=1)                       # (N, 4)
    mx = ops.max(r, axis=-1)                                   # (N, 4)
    sq = ops.squeeze(ops.sum(r, axis=2, keepdims=True), axis=-1)  # (N, 4)
    st = ops.stack([m, mx, sq], axis=1)                        # (N, 3, 4)
    mm = ops.matmul(ops.expand_dims(m, 1), ops.transpose(st, (0, 2, 1)))  # (N, 1, 3)
    positive = ops.greater(b, 0.0)
    w = ops.where(positive, a, 0.0)                            # (N, 6)
    mask = ops.cast(positive, "float32")                       # (N, 6)
    oh = ops.reshape(ops.one_hot(ids, 5), (-1, 15))            # (N, 15)
    tk = ops.take(h, [0, 2, 4], axis=1)                        # (N, 3)
    out = ops.concatenate([ops.reshape(mm, (-1, 3)), m, mx, sq, w, mask, oh, tk], axis=-1)
    model = keras.Model([a, b, ids], out)
    kernel = np.linspace(-1.0, 1.0, 36, dtype="float32").reshape(6, 6)
    dense.set_weights([kernel, np.linspace(-0.5, 0.5, 6, dtype="float32")])
    return model
