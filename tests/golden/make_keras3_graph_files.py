"""Writes tests/golden/keras3_files/ under real TF 2.21 (Keras 3): files that keraslike must load.

- `masked_rnn.keras`: a functional model whose `Embedding(mask_zero=True)` feeds an LSTM; Keras 3 stores the
  mask as a `NotEqual` op node of the graph.
- `ops_graph.keras`: a functional model built from `keras.ops` on symbolic tensors (`+`, slicing with a
  negative step, `*`, reshape, sum, cast, concatenate, pad, average with weights, einsum).
- `subclassed.keras` / `subclassed.weights.h5`: a subclassed model whose attributes sort before and after
  `layers` (`dense`, `head`, `norm`, a private `_extra`, a list `blocks`): Keras walks attributes in sorted
  order and its `layers` list claims the layers it meets first.
- `stacked_cells.keras`: an `RNN(StackedRNNCells([LSTMCell, LSTMCell]))` after a summed Bidirectional GRU
  (cells are a list of configs whose initializers carry Keras 3.15's `input_axes`/`output_axes`).
- `expected.npz`: the inputs and each model's predictions.

    /work/tfvenv/bin/python tests/golden/make_keras3_graph_files.py
"""

import os

import keras
import numpy as np
from keras import ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras3_files")
os.makedirs(HERE, exist_ok=True)
keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)

tokens = keras.Input((6,), dtype="int32")
embedded = keras.layers.Embedding(12, 4, mask_zero=True)(tokens)
masked_rnn = keras.Model(tokens, keras.layers.LSTM(3)(embedded))
ids = np.array([[3, 5, 1, 0, 0, 0], [7, 0, 0, 0, 0, 0], [2, 4, 6, 8, 10, 11]], "int32")
masked_rnn.save(os.path.join(HERE, "masked_rnn.keras"))

a, b = keras.Input((4, 3)), keras.Input((4, 3))
h = (a + b)[:, 1:, ::-1] * 2.0
h = ops.reshape(h, (-1, 9))
s = ops.cast(ops.sum(b, axis=1), "float16")
h = ops.concatenate([ops.cast(h, "float16"), s], axis=-1)
h = ops.pad(h, [[0, 0], [1, 1]], constant_values=0.5)
w = ops.average(a, axis=1, weights=np.array([1.0, 2.0, 3.0, 4.0], "float32"))
e = ops.einsum("bij,bij->bi", a, b)
ops_graph = keras.Model([a, b], [h, w, e])
xa, xb = rng.normal(size=(2, 4, 3)).astype("float32"), rng.normal(size=(2, 4, 3)).astype("float32")
ops_graph.save(os.path.join(HERE, "ops_graph.keras"))


@keras.saving.register_keras_serializable(package="golden")
class SortedAttributes(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(4)
        self.norm = keras.layers.LayerNormalization()
        self.head = keras.layers.Dense(2)
        self.blocks = [keras.layers.Dense(4), keras.layers.Dense(4)]
        self._extra = keras.layers.Dense(4, use_bias=False)

    def call(self, x):
        x = self.norm(self.dense(x))
        for block in self.blocks:
            x = block(x)
        return self.head(self._extra(x))


sub = SortedAttributes()
xs = rng.normal(size=(3, 5)).astype("float32")
sub(xs)
for v in sub.weights:  # non-default values everywhere (LayerNormalization's gamma/beta too)
    v.assign(rng.normal(size=v.shape).astype("float32"))
sub.save(os.path.join(HERE, "subclassed.keras"))
sub.save_weights(os.path.join(HERE, "subclassed.weights.h5"))
seq = keras.Input((6, 4))
cells = keras.layers.RNN(keras.layers.StackedRNNCells([keras.layers.LSTMCell(3), keras.layers.LSTMCell(2)]))
stacked = keras.Model(seq, cells(keras.layers.Bidirectional(keras.layers.GRU(3, return_sequences=True),
                                                            merge_mode="sum")(seq)))
xr = rng.normal(size=(2, 6, 4)).astype("float32")
stacked.save(os.path.join(HERE, "stacked_cells.keras"))
ops_out = ops_graph.predict([xa, xb], verbose=0)
np.savez(os.path.join(HERE, "expected.npz"), ids=ids, masked_rnn=masked_rnn.predict(ids, verbose=0), xa=xa, xb=xb,
         ops_h=ops_out[0], ops_w=ops_out[1], ops_e=ops_out[2], xs=xs, subclassed=sub.predict(xs, verbose=0),
         xr=xr, stacked_cells=stacked.predict(xr, verbose=0))
