"""The layers the applications are built from, as one namespace (`layers.Conv2D(...)`, as Keras's own
`keras/src/applications/*.py` write it).

The applications live in `_src`, which never imports the public `keraslike.keras.layers`; add a layer here
when an application needs one.
"""

# ruff: noqa: F401
from keraslike._src.keras.layers.activations.activations import ReLU
from keraslike._src.keras.layers.convolutional.conv import Conv2D
from keraslike._src.keras.layers.convolutional.depthwise_conv2d import DepthwiseConv2D
from keraslike._src.keras.layers.convolutional.separable_conv2d import SeparableConv2D
from keraslike._src.keras.layers.core.dense import Dense
from keraslike._src.keras.layers.activations.activation import Activation
from keraslike._src.keras.layers.regularization.dropout import Dropout
from keraslike._src.keras.layers.reshaping.flatten import Flatten
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.merging.base_merge import Add, Multiply
from keraslike._src.keras.layers.merging.concatenate import Concatenate
from keraslike._src.keras.layers.normalization.batch_normalization import BatchNormalization
from keraslike._src.keras.layers.normalization.layer_normalization import LayerNormalization
from keraslike._src.keras.layers.pooling.global_pooling import GlobalAveragePooling2D
from keraslike._src.keras.layers.pooling.pooling import AveragePooling2D, MaxPooling2D
from keraslike._src.keras.layers.preprocessing.normalization import Normalization
from keraslike._src.keras.layers.preprocessing.rescaling import Rescaling
from keraslike._src.keras.layers.reshaping.reshape import Reshape
from keraslike._src.keras.layers.reshaping.spatial import Cropping2D, ZeroPadding2D
