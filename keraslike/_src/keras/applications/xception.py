"""`keras.applications.Xception` (Chollet 2017), mirroring `keras/src/applications/xception.py` of Keras 3.15:
layer names `block{b}_conv{i}`, `block{b}_sepconv{i}` (+ `_bn`, `_act`), `predictions`, and weights.

Input `(batch, 299, 299, 3)` scaled to [-1, 1] (`xception.preprocess_input`); without the top, h, w >= 71.
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "xception/"


def _bn(x, name=None):
    return layers.BatchNormalization(axis=-1, name=name)(x)


def _sep(x, filters, name):
    return _bn(layers.SeparableConv2D(filters, (3, 3), padding="same", use_bias=False, name=name)(x), f"{name}_bn")


def _residual(x, filters):
    return _bn(layers.Conv2D(filters, (1, 1), strides=(2, 2), padding="same", use_bias=False)(x))


def _entry_block(x, block, filters, first_relu=True):
    """Two separable convs and a stride-2 max pool, plus a 1x1 stride-2 conv shortcut."""
    residual = _residual(x, filters[-1])
    if first_relu:
        x = layers.Activation("relu", name=f"block{block}_sepconv1_act")(x)
    x = _sep(x, filters[0], f"block{block}_sepconv1")
    x = layers.Activation("relu", name=f"block{block}_sepconv2_act")(x)
    x = _sep(x, filters[1], f"block{block}_sepconv2")
    x = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="same", name=f"block{block}_pool")(x)
    return layers.Add()([x, residual])


def Xception(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
             classifier_activation="softmax", name="xception"):
    """Xception: depthwise-separable convolutions with residual connections (36 conv layers).

    Args:
        include_top: whether to include the classifier (then the input is 299x299x3 with ImageNet weights).
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 71.
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
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=71, data_format=None,
                                                    require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = layers.Conv2D(32, (3, 3), strides=(2, 2), use_bias=False, name="block1_conv1")(img_input)
    x = layers.Activation("relu", name="block1_conv1_act")(_bn(x, "block1_conv1_bn"))
    x = layers.Conv2D(64, (3, 3), use_bias=False, name="block1_conv2")(x)
    x = layers.Activation("relu", name="block1_conv2_act")(_bn(x, "block1_conv2_bn"))
    x = _entry_block(x, 2, (128, 128), first_relu=False)
    x = _entry_block(x, 3, (256, 256))
    x = _entry_block(x, 4, (728, 728))
    for i in range(8):
        residual = x
        prefix = f"block{i + 5}"
        for j in (1, 2, 3):
            x = layers.Activation("relu", name=f"{prefix}_sepconv{j}_act")(x)
            x = _sep(x, 728, f"{prefix}_sepconv{j}")
        x = layers.Add()([x, residual])
    x = _entry_block(x, 13, (728, 1024))
    x = layers.Activation("relu", name="block14_sepconv1_act")(_sep(x, 1536, "block14_sepconv1"))
    x = layers.Activation("relu", name="block14_sepconv2_act")(_sep(x, 2048, "block14_sepconv2"))
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"xception_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    return pretrained.load(model, weights, fname, _URL + fname)


def preprocess_input(x, data_format=None):
    """Xception preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
