"""Adaptive pooling to a fixed output size: AdaptiveAveragePooling1D/2D/3D, AdaptiveMaxPooling1D/2D/3D
(keras/src/layers/pooling/adaptive_*_pooling*.py), over `keras.ops.adaptive_*_pool`."""

from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.ops import nn as ops_nn


class _AdaptivePooling(Layer):
    rank = 2
    mode = "average"

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.output_size = conv_utils.normalize_tuple(output_size, self.rank, "output_size")
        self.data_format = conv_utils.normalize_data_format(data_format)

    def call(self, inputs):
        fn = ops_nn.adaptive_average_pool if self.mode == "average" else ops_nn.adaptive_max_pool
        return fn(inputs, self.output_size, data_format=self.data_format)

    def compute_output_shape(self, input_shape):
        if self.data_format == "channels_last":
            return (input_shape[0], *self.output_size, input_shape[-1])
        return (input_shape[0], input_shape[1], *self.output_size)

    def get_config(self):
        return {**super().get_config(), "output_size": self.output_size, "data_format": self.data_format}


def _family(name, rank, mode):
    doc = (f"{'Average' if mode == 'average' else 'Max'} pooling of {rank}-D spatial inputs to exactly "
           f"`output_size` (int or tuple of {rank}); `data_format` \"channels_last\" (default) or \"channels_first\".")
    return type(name, (_AdaptivePooling,), {"rank": rank, "mode": mode, "__doc__": doc,
                                           "__module__": __name__})


AdaptiveAveragePooling1D = _family("AdaptiveAveragePooling1D", 1, "average")
AdaptiveAveragePooling2D = _family("AdaptiveAveragePooling2D", 2, "average")
AdaptiveAveragePooling3D = _family("AdaptiveAveragePooling3D", 3, "average")
AdaptiveMaxPooling1D = _family("AdaptiveMaxPooling1D", 1, "max")
AdaptiveMaxPooling2D = _family("AdaptiveMaxPooling2D", 2, "max")
AdaptiveMaxPooling3D = _family("AdaptiveMaxPooling3D", 3, "max")
