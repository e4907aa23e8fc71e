"""`keras.applications.VGG16` / `VGG19` (Simonyan & Zisserman 2014), mirroring `keras/src/applications/vgg16.py`
and `vgg19.py` of Keras 3.15: same layer names (`block{b}_conv{i}`, `fc1`, `fc2`, `predictions`) and weights.

Input `(batch, 224, 224, 3)` caffe-preprocessed (`vgg16.preprocess_input`); any size >= 32 without the top.
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL


def _vgg(convs_per_block, model_name, include_top, weights, input_tensor, input_shape, pooling, classes,
         classifier_activation, name):
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=None, require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = img_input
    for block, (filters, convs) in enumerate(zip((64, 128, 256, 512, 512), convs_per_block), start=1):
        for i in range(1, convs + 1):
            x = layers.Conv2D(filters, (3, 3), activation="relu", padding="same", name=f"block{block}_conv{i}")(x)
        x = layers.MaxPooling2D((2, 2), strides=(2, 2), name=f"block{block}_pool")(x)
    if include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = f"{model_name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    return pretrained.load(model, weights, fname, f"{_URL}{model_name}/{fname}")


def VGG16(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
          classifier_activation="softmax", name="vgg16"):
    """VGG16: 13 3x3 convolutions in 5 blocks, then (with `include_top`) two 4096-unit Dense layers.

    Args:
        include_top: whether to include the 3 fully-connected layers (then the input must be 224x224x3).
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)` when `include_top=False` (h, w >= 32); default `(224, 224, 3)` with the top,
            `(None, None, 3)` without.
        pooling: without the top: `None` (4D output), `"avg"` or `"max"` (2D output).
        classes: number of classes with the top (1000 with ImageNet weights).
        classifier_activation: activation of the `predictions` layer (`None`/`"softmax"` with weights).
        name: the model's name.

    Returns:
        A Functional `Model`: `(batch, h, w, 3)` -> `(batch, classes)` (or features).

    Raises:
        ValueError: invalid `weights`, `classes`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """
    return _vgg((2, 2, 3, 3, 3), "vgg16", include_top, weights, input_tensor, input_shape, pooling, classes,
                classifier_activation, name)


def VGG19(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
          classifier_activation="softmax", name="vgg19"):
    """VGG19: 16 3x3 convolutions in 5 blocks (2, 2, 4, 4, 4); arguments as `VGG16`."""
    return _vgg((2, 2, 4, 4, 4), "vgg19", include_top, weights, input_tensor, input_shape, pooling, classes,
                classifier_activation, name)


def preprocess_input(x, data_format=None):
    """Caffe-style preprocessing (RGB -> BGR, ImageNet means subtracted); see `imagenet_utils.preprocess_input`."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
