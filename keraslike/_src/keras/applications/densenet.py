"""`keras.applications.DenseNet121/169/201` (Huang et al. 2016), mirroring `keras/src/applications/densenet.py`
of Keras 3.15: layer names `conv1_conv`, `conv{s}_block{i}_{0,1}_bn`, `_1_conv`, `_2_conv`, `pool{s}_conv`,
`bn`, `predictions`, and weights. Input `(batch, 224, 224, 3)`, "torch" preprocessing.
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "densenet/"
_EPS = 1.001e-5
_FILES = {  # blocks -> (weights name, md5 with top, md5 without)
    (6, 12, 24, 16): ("densenet121", "9d60b8095a5708f2dcce2bca79d332c7", "30ee3e1110167f948a6b9946edeeb738"),
    (6, 12, 32, 32): ("densenet169", "d699b8f76981ab1b30698df4c175e90b", "b8c4d4c20dd625c148057b9ff1c1176b"),
    (6, 12, 48, 32): ("densenet201", "1ceb130c1ea1b78c3bf6114dbdfd8807", "c13680b51ded0fb44dff2d8f86ac8bb1"),
}


def _bn_relu(x, name):
    x = layers.BatchNormalization(axis=3, epsilon=_EPS, name=f"{name}_bn")(x)
    return layers.Activation("relu", name=f"{name}_relu")(x)


def _conv_block(x, growth_rate, name):
    x1 = _bn_relu(x, f"{name}_0")
    x1 = layers.Conv2D(4 * growth_rate, 1, use_bias=False, name=f"{name}_1_conv")(x1)
    x1 = _bn_relu(x1, f"{name}_1")
    x1 = layers.Conv2D(growth_rate, 3, padding="same", use_bias=False, name=f"{name}_2_conv")(x1)
    return layers.Concatenate(axis=3, name=f"{name}_concat")([x, x1])


def _transition_block(x, reduction, name):
    x = _bn_relu(x, name)
    x = layers.Conv2D(int(x.shape[3] * reduction), 1, use_bias=False, name=f"{name}_conv")(x)
    return layers.AveragePooling2D(2, strides=2, name=f"{name}_pool")(x)


def build_densenet(blocks, include_top, weights, input_tensor, input_shape, pooling, classes, classifier_activation,
                   name):
    """DenseNet body: stem, four dense blocks of `blocks` conv blocks (growth 32) with transitions, head."""
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32, data_format=None,
                                                    require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=False, name="conv1_conv")(x)
    x = _bn_relu(x, "conv1")
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1")(x)
    for stage, count in enumerate(blocks, start=2):
        for i in range(count):
            x = _conv_block(x, 32, name=f"conv{stage}_block{i + 1}")
        if stage < 5:
            x = _transition_block(x, 0.5, name=f"pool{stage}")
    x = layers.BatchNormalization(axis=3, epsilon=_EPS, name="bn")(x)
    x = layers.Activation("relu", name="relu")(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling, "avg_pool", "max_pool")
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    weights_name, top_hash, notop_hash = _FILES.get(tuple(blocks), ("densenet", None, None))
    fname = f"{weights_name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    return pretrained.load(model, weights, fname, _URL + fname, top_hash if include_top else notop_hash)


_DOC = """{what}

    Args:
        include_top: whether to include the classifier (then the input is 224x224x3 with ImageNet weights).
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 32.
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


def DenseNet121(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="densenet121"):
    return build_densenet((6, 12, 24, 16), include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, name)


def DenseNet169(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="densenet169"):
    return build_densenet((6, 12, 32, 32), include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, name)


def DenseNet201(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="densenet201"):
    return build_densenet((6, 12, 48, 32), include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, name)


DenseNet121.__doc__ = _DOC.format(what="DenseNet121: dense blocks of (6, 12, 24, 16) conv blocks.")
DenseNet169.__doc__ = _DOC.format(what="DenseNet169: dense blocks of (6, 12, 32, 32) conv blocks.")
DenseNet201.__doc__ = _DOC.format(what="DenseNet201: dense blocks of (6, 12, 48, 32) conv blocks.")


def preprocess_input(x, data_format=None):
    """DenseNet preprocessing: `"torch"` mode (scale to [0, 1], then ImageNet per-channel mean/std)."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="torch")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
