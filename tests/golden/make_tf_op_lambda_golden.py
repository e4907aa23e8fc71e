"""Writes tests/golden/tf_op_lambda/ under real TF 2.21's tf_keras (what `TF_USE_LEGACY_KERAS=1` selects).

    /work/tfvenv/bin/python tests/golden/make_tf_op_lambda_golden.py

tf_keras records a TF function applied to a functional-API tensor as a `TFOpLambda` layer (`SlicingOpLambda` for
`x[...]`) whose config names the function (`"math.truediv"`, `"__operators__.add"`, `"reshape"`, `"nn.relu"`,
`"concat"`, `"__operators__.getitem"`) and whose inbound node carries the call's other arguments. Writes
- `ops.h5` / `ops.keras`: one model with each of those ops (a tensor operand, slices with `None` and steps, an
  integer index, a list of tensors), then a Dense;
- `trained.keras` / `trained.h5`: that model compiled with Adam and mse and trained 2 steps (optimizer state
  saved; tf_keras's `.keras` lists `[iteration, m, v, ...]`, no learning rate);
- `expected.npz`: the input `x`, the model's predictions `ops`, the targets `y` and the Dense kernel
  `trained_next_kernel` after one more `train_on_batch(x, y)` (which depends on the restored Adam moments).
"""

import os

os.environ["TF_USE_LEGACY_KERAS"] = "1"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_op_lambda")


def build():
    tf.keras.utils.set_random_seed(0)
    inp = tf.keras.Input((6,), name="inp")
    a = inp / 2.0                                 # TFOpLambda math.truediv, y=2.0
    b = a + inp                                   # __operators__.add, y = a tensor reference
    c = b[:, 1:5]                                 # SlicingOpLambda __operators__.getitem, slice specs
    d = tf.reshape(c, (-1, 2, 2))                 # reshape
    e = tf.nn.relu(d - 1.0)                       # __operators__.sub, nn.relu
    f = tf.reshape(e, (-1, 4))
    g = inp[:, 0:1] * b[:, ::2]                   # two slices, a tensor multiply (broadcast)
    h = tf.expand_dims(inp[:, 0], -1)             # an integer index, expand_dims
    cat = tf.concat([f, g, h], axis=-1)           # concat of a list of tensors
    out = tf.keras.layers.Dense(3, name="dense")(cat)
    return tf.keras.Model(inp, out)


def main():
    os.makedirs(OUT, exist_ok=True)
    model = build()
    x = np.random.RandomState(0).uniform(-2, 2, size=(5, 6)).astype("float32")
    pred = model.predict(x, verbose=0)
    model.save(os.path.join(OUT, "ops.h5"))
    model.save(os.path.join(OUT, "ops.keras"))
    reloaded = tf.keras.models.load_model(os.path.join(OUT, "ops.h5"))
    np.testing.assert_allclose(reloaded.predict(x, verbose=0), pred, rtol=1e-6)
    y = np.random.RandomState(1).normal(size=(5, 3)).astype("float32")
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-2), loss="mse")
    model.train_on_batch(x, y)
    model.train_on_batch(x, y)
    model.save(os.path.join(OUT, "trained.keras"))
    model.save(os.path.join(OUT, "trained.h5"))
    model.train_on_batch(x, y)
    np.savez(os.path.join(OUT, "expected.npz"), x=x, ops=pred, y=y,
             trained_next_kernel=model.get_layer("dense").kernel.numpy())


if __name__ == "__main__":
    main()
