"""Writes tests/golden/keras3_files/mha_axes.keras and mha_axes.npz under real TF 2.21 (Keras 3).

A functional model with three MultiHeadAttention layers: self-attention on a sequence (Keras saves the computed
`attention_axes=[1]`), attention over axis 2 only of a rank-4 input (axis 1 acts as a batch axis), and over
axes (1, 2) of the same input (the default, written explicitly). Weights are set from a seeded generator;
the .npz holds the inputs, the model's predictions, and the attention scores of the axis-2 layer. Also
`gqa.keras`/`gqa.npz`: a GroupQueryAttention model (Keras's class `GroupedQueryAttention` names its layer
and its weight-file path `grouped_query_attention`).

    /work/tfvenv/bin/python tests/golden/make_mha_axes_golden.py
"""

import os

import keras
import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras3_files")
rng = np.random.default_rng(11)

seq = keras.Input((5, 6), name="seq")
grid = keras.Input((3, 4, 6), name="grid")
s = keras.layers.MultiHeadAttention(2, 3, name="mha_seq")(seq, seq)
axis2 = keras.layers.MultiHeadAttention(2, 3, attention_axes=(2,), name="mha_axis2")
g2, scores = axis2(grid, grid, return_attention_scores=True)
g12 = keras.layers.MultiHeadAttention(3, 2, value_dim=4, attention_axes=(1, 2), output_shape=5, name="mha_axes12")(
    grid, g2)
model = keras.Model([seq, grid], [s, g12, scores])
for v in model.weights:
    v.assign(rng.normal(scale=0.5, size=v.shape).astype("float32"))
xs = rng.normal(size=(2, 5, 6)).astype("float32")
xg = rng.normal(size=(2, 3, 4, 6)).astype("float32")
out = model.predict([xs, xg], verbose=0)
model.save(os.path.join(HERE, "mha_axes.keras"))
np.savez(os.path.join(HERE, "mha_axes.npz"), xs=xs, xg=xg, seq=out[0], axes12=out[1], scores=out[2])

tokens = keras.Input((5, 8), name="tokens")  # GroupQueryAttention: Keras's class is GroupedQueryAttention,
gqa = keras.Model(tokens, keras.layers.GroupQueryAttention(4, 4, 2)(tokens, tokens))  # which names its files
for v in gqa.weights:
    v.assign(rng.normal(scale=0.5, size=v.shape).astype("float32"))
xt = rng.normal(size=(2, 5, 8)).astype("float32")
gqa.save(os.path.join(HERE, "gqa.keras"))
np.savez(os.path.join(HERE, "gqa.npz"), x=xt, y=gqa.predict(xt, verbose=0), name=gqa.layers[1].name)
print({layer.name: layer.get_config()["attention_axes"] for layer in model.layers if "mha" in layer.name},
      [o.shape for o in out])
