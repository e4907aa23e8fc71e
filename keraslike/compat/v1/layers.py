"""`tf.compat.v1.layers`: TF1's functional layers on graph variables."""

# ruff: noqa: F401
from keraslike._src.graph.layers import (
    average_pooling2d, batch_normalization, conv2d, dense, dropout, flatten, max_pooling2d,
)
from keraslike._src.graph.layer_classes_v1 import Conv2D, Dense
