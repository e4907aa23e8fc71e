"""Keras's second names of layer classes: `Convolution2D` is `Conv2D`, `MaxPool2D` is `MaxPooling2D`, ...

Public as `keras.layers.<alias>` (re-exported by `keraslike/keras/layers/__init__.py`) and registered with
`object_registration`, so a config whose `class_name` is an alias deserializes, as in Keras 3.
"""

from keraslike._src.keras.layers.convolutional.conv import Conv1D, Conv2D, Conv3D
from keraslike._src.keras.layers.convolutional.conv1d_variants import SeparableConv1D
from keraslike._src.keras.layers.convolutional.conv2d_transpose import Conv1DTranspose, Conv2DTranspose, Conv3DTranspose
from keraslike._src.keras.layers.convolutional.separable_conv2d import SeparableConv2D
from keraslike._src.keras.layers.pooling.global_pooling import (
    GlobalAveragePooling1D, GlobalAveragePooling2D, GlobalAveragePooling3D, GlobalMaxPooling1D, GlobalMaxPooling2D,
    GlobalMaxPooling3D,
)
from keraslike._src.keras.layers.pooling.pooling import (
    AveragePooling1D, AveragePooling2D, AveragePooling3D, MaxPooling1D, MaxPooling2D, MaxPooling3D,
)
from keraslike._src.keras.saving import object_registration

ALIASES = {
    "Convolution1D": Conv1D, "Convolution2D": Conv2D, "Convolution3D": Conv3D,
    "Convolution1DTranspose": Conv1DTranspose, "Convolution2DTranspose": Conv2DTranspose,
    "Convolution3DTranspose": Conv3DTranspose,
    "SeparableConvolution1D": SeparableConv1D, "SeparableConvolution2D": SeparableConv2D,
    "MaxPool1D": MaxPooling1D, "MaxPool2D": MaxPooling2D, "MaxPool3D": MaxPooling3D,
    "AvgPool1D": AveragePooling1D, "AvgPool2D": AveragePooling2D, "AvgPool3D": AveragePooling3D,
    "GlobalAvgPool1D": GlobalAveragePooling1D, "GlobalAvgPool2D": GlobalAveragePooling2D,
    "GlobalAvgPool3D": GlobalAveragePooling3D,
    "GlobalMaxPool1D": GlobalMaxPooling1D, "GlobalMaxPool2D": GlobalMaxPooling2D,
    "GlobalMaxPool3D": GlobalMaxPooling3D,
}
"""Alias -> class, Keras 3's `keras.layers` aliases."""

for _alias, _cls in ALIASES.items():
    object_registration.register_builtin_alias("layers", _alias, _cls)
del _alias, _cls

Convolution1D, Convolution2D, Convolution3D = Conv1D, Conv2D, Conv3D
Convolution1DTranspose, Convolution2DTranspose = Conv1DTranspose, Conv2DTranspose
Convolution3DTranspose = Conv3DTranspose
SeparableConvolution1D, SeparableConvolution2D = SeparableConv1D, SeparableConv2D
MaxPool1D, MaxPool2D, MaxPool3D = MaxPooling1D, MaxPooling2D, MaxPooling3D
AvgPool1D, AvgPool2D, AvgPool3D = AveragePooling1D, AveragePooling2D, AveragePooling3D
GlobalAvgPool1D, GlobalAvgPool2D = GlobalAveragePooling1D, GlobalAveragePooling2D
GlobalAvgPool3D = GlobalAveragePooling3D
GlobalMaxPool1D, GlobalMaxPool2D, GlobalMaxPool3D = GlobalMaxPooling1D, GlobalMaxPooling2D, GlobalMaxPooling3D
