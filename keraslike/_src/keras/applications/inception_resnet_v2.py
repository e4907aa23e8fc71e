"""`keras.applications.InceptionResNetV2` (Szegedy et al. 2016), mirroring
`keras/src/applications/inception_resnet_v2.py` of Keras 3.15: the same layers in the same order
(`mixed_5b`, `block35_{i}`, `mixed_6a`, `block17_{i}`, `mixed_7a`, `block8_{i}` (+ `_conv`, `_mixed`, `_ac`),
`conv_7b`, `predictions`; the other convs auto-named as Keras's) and weights.

Input `(batch, 299, 299, 3)` scaled to [-1, 1] (`inception_resnet_v2.preprocess_input`); h, w >= 75.
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "inception_resnet_v2/"


class CustomScaleLayer(layers.Layer):
    """`inputs[0] + inputs[1] * scale`: the scaled residual sum of an Inception-ResNet block."""

    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def call(self, inputs):
        return inputs[0] + inputs[1] * self.scale

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[0])

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}


def conv2d_bn(x, filters, kernel_size, strides=1, padding="same", activation="relu", use_bias=False, name=None):
    """Conv2D, then (without bias) BatchNormalization with no scale, then the activation."""
    x = layers.Conv2D(filters, kernel_size, strides=strides, padding=padding, use_bias=use_bias, name=name)(x)
    if not use_bias:
        x = layers.BatchNormalization(axis=3, scale=False, name=None if name is None else f"{name}_bn")(x)
    if activation is not None:
        x = layers.Activation(activation, name=None if name is None else f"{name}_ac")(x)
    return x


def inception_resnet_block(x, scale, block_type, block_idx, activation="relu"):
    """One Inception-ResNet block: parallel conv branches, concatenated, projected and added (scaled) to `x`.

    Raises:
        ValueError: `block_type` is not "block35", "block17" or "block8".
    """
    if block_type == "block35":
        branches = [conv2d_bn(x, 32, 1), conv2d_bn(conv2d_bn(x, 32, 1), 32, 3),
                    conv2d_bn(conv2d_bn(conv2d_bn(x, 32, 1), 48, 3), 64, 3)]
    elif block_type == "block17":
        branches = [conv2d_bn(x, 192, 1), conv2d_bn(conv2d_bn(conv2d_bn(x, 128, 1), 160, [1, 7]), 192, [7, 1])]
    elif block_type == "block8":
        branches = [conv2d_bn(x, 192, 1), conv2d_bn(conv2d_bn(conv2d_bn(x, 192, 1), 224, [1, 3]), 256, [3, 1])]
    else:
        raise ValueError('Unknown Inception-ResNet block type. Expects "block35", "block17" or "block8", '
                         f"but got: block_type={block_type}")
    block_name = f"{block_type}_{block_idx}"
    mixed = layers.Concatenate(axis=3, name=f"{block_name}_mixed")(branches)
    up = conv2d_bn(mixed, x.shape[3], 1, activation=None, use_bias=True, name=f"{block_name}_conv")
    x = CustomScaleLayer(scale)([x, up])
    if activation is not None:
        x = layers.Activation(activation, name=f"{block_name}_ac")(x)
    return x


def InceptionResNetV2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                      classes=1000, classifier_activation="softmax", name="inception_resnet_v2"):
    """InceptionResNetV2: an Inception stem, then 10 block35, 20 block17 and 10 block8 residual blocks.

    Args:
        include_top: whether to include the classifier (then the input is 299x299x3 with ImageNet weights).
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 75.
        pooling: without the top: `None` (4D output), `"avg"` or `"max"`.
        classes: number of classes with the top (1000 with ImageNet weights).
        classifier_activation: activation of `predictions` (`None`/`"softmax"` with weights).
        name: the model's name.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=75, data_format=None,
                                                    require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = conv2d_bn(img_input, 32, 3, strides=2, padding="valid")
    x = conv2d_bn(x, 32, 3, padding="valid")
    x = conv2d_bn(x, 64, 3)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = conv2d_bn(x, 80, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, padding="valid")
    x = layers.MaxPooling2D(3, strides=2)(x)
    branches = [conv2d_bn(x, 96, 1), conv2d_bn(conv2d_bn(x, 48, 1), 64, 5),
                conv2d_bn(conv2d_bn(conv2d_bn(x, 64, 1), 96, 3), 96, 3),
                conv2d_bn(layers.AveragePooling2D(3, strides=1, padding="same")(x), 64, 1)]
    x = layers.Concatenate(axis=3, name="mixed_5b")(branches)
    for block_idx in range(1, 11):
        x = inception_resnet_block(x, scale=0.17, block_type="block35", block_idx=block_idx)
    branches = [conv2d_bn(x, 384, 3, strides=2, padding="valid"),
                conv2d_bn(conv2d_bn(conv2d_bn(x, 256, 1), 256, 3), 384, 3, strides=2, padding="valid"),
                layers.MaxPooling2D(3, strides=2, padding="valid")(x)]
    x = layers.Concatenate(axis=3, name="mixed_6a")(branches)
    for block_idx in range(1, 21):
        x = inception_resnet_block(x, scale=0.1, block_type="block17", block_idx=block_idx)
    branches = [conv2d_bn(conv2d_bn(x, 256, 1), 384, 3, strides=2, padding="valid"),
                conv2d_bn(conv2d_bn(x, 256, 1), 288, 3, strides=2, padding="valid"),
                conv2d_bn(conv2d_bn(conv2d_bn(x, 256, 1), 288, 3), 320, 3, strides=2, padding="valid"),
                layers.MaxPooling2D(3, strides=2, padding="valid")(x)]
    x = layers.Concatenate(axis=3, name="mixed_7a")(branches)
    for block_idx in range(1, 10):
        x = inception_resnet_block(x, scale=0.2, block_type="block8", block_idx=block_idx)
    x = inception_resnet_block(x, scale=1.0, activation=None, block_type="block8", block_idx=10)
    x = conv2d_bn(x, 1536, 1, name="conv_7b")
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"inception_resnet_v2_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    return pretrained.load(model, weights, fname, _URL + fname)


def preprocess_input(x, data_format=None):
    """InceptionResNetV2 preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
