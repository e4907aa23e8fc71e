"""`Flatten` (keras/src/layers/reshaping/flatten.py): all but the batch dimension into one."""

from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer


class Flatten(Layer):
    """Flatten all but the batch dimension: `(batch, d1, d2, ...)` -> `(batch, d1*d2*...)`.

    With `data_format="channels_first"` the input is first moved to channels-last order, as Keras does.
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = conv_utils.normalize_data_format(data_format)

    def call(self, inputs):
        if self.data_format == "channels_first" and inputs.dim() > 2:
            inputs = inputs.movedim(1, -1)
        return inputs.reshape(inputs.shape[0], -1)

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}
