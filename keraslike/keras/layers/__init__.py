"""`tf.keras.layers`."""

from keraslike._src.keras.layers.convolutional.conv import Conv1D, Conv2D, Conv3D
from keraslike._src.keras.layers.convolutional.conv2d_transpose import Conv2DTranspose
from keraslike._src.keras.layers.convolutional.depthwise_conv2d import DepthwiseConv2D
from keraslike._src.keras.layers.convolutional.separable_conv2d import SeparableConv2D
from keraslike._src.keras.layers.core.dense import Dense
from keraslike._src.keras.layers.core.input_layer import Input, InputLayer
from keraslike._src.keras.layers.core.simple import Activation, Dropout, Flatten
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.pooling.global_pooling import (
    GlobalAveragePooling1D, GlobalAveragePooling2D, GlobalAveragePooling3D, GlobalMaxPooling1D,
    GlobalMaxPooling2D, GlobalMaxPooling3D,
)
from keraslike._src.keras.layers.pooling.pooling import (
    AveragePooling1D, AveragePooling2D, AveragePooling3D, MaxPooling1D, MaxPooling2D, MaxPooling3D,
)

Convolution1D = Conv1D
Convolution2D = Conv2D
Convolution3D = Conv3D
Conv2DTranspose = Conv2DTranspose
Convolution2DTranspose = Conv2DTranspose
SeparableConvolution2D = SeparableConv2D
MaxPool1D = MaxPooling1D
MaxPool2D = MaxPooling2D
MaxPool3D = MaxPooling3D
AvgPool1D = AveragePooling1D
AvgPool2D = AveragePooling2D
AvgPool3D = AveragePooling3D
GlobalAvgPool1D = GlobalAveragePooling1D
GlobalAvgPool2D = GlobalAveragePooling2D
GlobalAvgPool3D = GlobalAveragePooling3D
GlobalMaxPool1D = GlobalMaxPooling1D
GlobalMaxPool2D = GlobalMaxPooling2D
GlobalMaxPool3D = GlobalMaxPooling3D
