"""`keras.applications.InceptionV3` (Szegedy et al. 2015), mirroring `keras/src/applications/inception_v3.py`
of Keras 3.15: the same layers in the same order (auto-named `conv2d_*`/`batch_normalization_*` as Keras's,
`mixed0`..`mixed10`, `predictions`), and weights. Input `(batch, 299, 299, 3)` scaled to [-1, 1]; h, w >= 75.
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "inception_v3/"


def conv2d_bn(x, filters, num_row, num_col, padding="same", strides=(1, 1), name=None):
    """Conv2D (no bias) -> BatchNormalization (no scale) -> ReLU."""
    x = layers.Conv2D(filters, (num_row, num_col), strides=strides, padding=padding, use_bias=False,
                      name=None if name is None else f"{name}_conv")(x)
    x = layers.BatchNormalization(axis=3, scale=False, name=None if name is None else f"{name}_bn")(x)
    return layers.Activation("relu", name=name)(x)


def _avg_branch(x, filters):
    return conv2d_bn(layers.AveragePooling2D((3, 3), strides=(1, 1), padding="same")(x), filters, 1, 1)


def _block_35(x, pool_filters, name):
    branch1x1 = conv2d_bn(x, 64, 1, 1)
    branch5x5 = conv2d_bn(conv2d_bn(x, 48, 1, 1), 64, 5, 5)
    branch3x3dbl = conv2d_bn(conv2d_bn(conv2d_bn(x, 64, 1, 1), 96, 3, 3), 96, 3, 3)
    return layers.Concatenate(axis=3, name=name)([branch1x1, branch5x5, branch3x3dbl, _avg_branch(x, pool_filters)])


def _block_17(x, width, name):
    branch1x1 = conv2d_bn(x, 192, 1, 1)
    branch7x7 = conv2d_bn(conv2d_bn(conv2d_bn(x, width, 1, 1), width, 1, 7), 192, 7, 1)
    dbl = conv2d_bn(x, width, 1, 1)
    for filters, (rows, cols) in ((width, (7, 1)), (width, (1, 7)), (width, (7, 1)), (192, (1, 7))):
        dbl = conv2d_bn(dbl, filters, rows, cols)
    return layers.Concatenate(axis=3, name=name)([branch1x1, branch7x7, dbl, _avg_branch(x, 192)])


def _block_8(x, i):
    branch1x1 = conv2d_bn(x, 320, 1, 1)
    branch3x3 = conv2d_bn(x, 384, 1, 1)
    branch3x3 = layers.Concatenate(axis=3, name=f"mixed9_{i}")([conv2d_bn(branch3x3, 384, 1, 3),
                                                                 conv2d_bn(branch3x3, 384, 3, 1)])
    dbl = conv2d_bn(conv2d_bn(x, 448, 1, 1), 384, 3, 3)
    dbl = layers.Concatenate(axis=3)([conv2d_bn(dbl, 384, 1, 3), conv2d_bn(dbl, 384, 3, 1)])
    return layers.Concatenate(axis=3, name=f"mixed{9 + i}")([branch1x1, branch3x3, dbl, _avg_branch(x, 192)])


def InceptionV3(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="inception_v3"):
    """InceptionV3: a conv stem, then Inception blocks mixed0..mixed10 (35x35, 17x17 and 8x8 grids).

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
    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding="valid")
    x = conv2d_bn(x, 32, 3, 3, padding="valid")
    x = conv2d_bn(x, 64, 3, 3)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = conv2d_bn(x, 80, 1, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, 3, padding="valid")
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = _block_35(x, 32, "mixed0")
    x = _block_35(x, 64, "mixed1")
    x = _block_35(x, 64, "mixed2")
    branch3x3 = conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding="valid")
    dbl = conv2d_bn(conv2d_bn(conv2d_bn(x, 64, 1, 1), 96, 3, 3), 96, 3, 3, strides=(2, 2), padding="valid")
    x = layers.Concatenate(axis=3, name="mixed3")([branch3x3, dbl, layers.MaxPooling2D((3, 3), strides=(2, 2))(x)])
    x = _block_17(x, 128, "mixed4")
    x = _block_17(x, 160, "mixed5")
    x = _block_17(x, 160, "mixed6")
    x = _block_17(x, 192, "mixed7")
    branch3x3 = conv2d_bn(conv2d_bn(x, 192, 1, 1), 320, 3, 3, strides=(2, 2), padding="valid")
    b7 = conv2d_bn(conv2d_bn(conv2d_bn(x, 192, 1, 1), 192, 1, 7), 192, 7, 1)
    b7 = conv2d_bn(b7, 192, 3, 3, strides=(2, 2), padding="valid")
    x = layers.Concatenate(axis=3, name="mixed8")([branch3x3, b7, layers.MaxPooling2D((3, 3), strides=(2, 2))(x)])
    x = _block_8(x, 0)
    x = _block_8(x, 1)
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"inception_v3_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    return pretrained.load(model, weights, fname, _URL + fname)


def preprocess_input(x, data_format=None):
    """InceptionV3 preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
