"""`keras.applications.NASNetMobile` / `NASNetLarge` (Zoph et al. 2017), mirroring
`keras/src/applications/nasnet.py` of Keras 3.15: layer names `stem_conv1`, `separable_conv_{1,2}_{cell}`,
`normal_conv_1_{i}`, `reduction_conv_1_{cell}`, `adjust_*`, `predictions`, the same order and weights.
(Keras's torch backend refuses NASNetMobile; keraslike builds it as TensorFlow's Keras does.)

Input scaled to [-1, 1] (`nasnet.preprocess_input`); NASNetMobile 224x224, NASNetLarge 331x331.
"""

from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained

_URL = pretrained.BASE_WEIGHTS_URL + "nasnet/"
_FILES = {  # default size -> {include_top: (cache file name, url file name, md5)}
    224: {True: ("nasnet_mobile.h5", "NASNet-mobile.h5", "020fb642bf7360b370c678b08e0adf61"),
          False: ("nasnet_mobile_no_top.h5", "NASNet-mobile-no-top.h5", "1ed92395b5b598bdda52abe5c0dbfd63")},
    331: {True: ("nasnet_large.h5", "NASNet-large.h5", "11577c9a518f0070763c2b964a382f17"),
          False: ("nasnet_large_no_top.h5", "NASNet-large-no-top.h5", "d81d89dc07e6e56530c4e77faddd61b5")},
}


def _bn(name):
    return layers.BatchNormalization(axis=-1, momentum=0.9997, epsilon=1e-3, name=name)


def _conv1x1(x, filters, name):
    return layers.Conv2D(filters, (1, 1), strides=(1, 1), padding="same", use_bias=False, name=name,
                         kernel_initializer="he_normal")(x)


def _separable_conv_block(ip, filters, kernel_size=(3, 3), strides=(1, 1), block_id=None):
    x = layers.Activation("relu")(ip)
    if strides == (2, 2):
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size),
                                 name=f"separable_conv_1_pad_{block_id}")(x)
    x = layers.SeparableConv2D(filters, kernel_size, strides=strides, name=f"separable_conv_1_{block_id}",
                               padding="valid" if strides == (2, 2) else "same", use_bias=False)(x)
    x = _bn(f"separable_conv_1_bn_{block_id}")(x)
    x = layers.Activation("relu")(x)
    x = layers.SeparableConv2D(filters, kernel_size, name=f"separable_conv_2_{block_id}", padding="same",
                               use_bias=False)(x)
    return _bn(f"separable_conv_2_bn_{block_id}")(x)


def _adjust_block(p, ip, filters, block_id=None):
    """Make the previous cell's output `p` match `ip`'s spatial size and `filters` channels."""
    if p is None:
        return ip
    if p.shape[-2] != ip.shape[-2]:
        p = layers.Activation("relu", name=f"adjust_relu_1_{block_id}")(p)
        p1 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding="valid", name=f"adjust_avg_pool_1_{block_id}")(p)
        p1 = _conv1x1(p1, filters // 2, f"adjust_conv_1_{block_id}")
        p2 = layers.ZeroPadding2D(padding=((0, 1), (0, 1)))(p)
        p2 = layers.Cropping2D(cropping=((1, 0), (1, 0)))(p2)
        p2 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding="valid", name=f"adjust_avg_pool_2_{block_id}")(p2)
        p2 = _conv1x1(p2, filters // 2, f"adjust_conv_2_{block_id}")
        p = layers.Concatenate(axis=-1)([p1, p2])
        return _bn(f"adjust_bn_{block_id}")(p)
    if p.shape[-1] != filters:
        p = layers.Activation("relu")(p)
        p = _conv1x1(p, filters, f"adjust_conv_projection_{block_id}")
        return _bn(f"adjust_bn_{block_id}")(p)
    return p


def _avg3(x, strides, padding, name):
    return layers.AveragePooling2D((3, 3), strides=strides, padding=padding, name=name)(x)


def _normal_a_cell(ip, p, filters, block_id=None):
    p = _adjust_block(p, ip, filters, block_id)
    h = _bn(f"normal_bn_1_{block_id}")(_conv1x1(layers.Activation("relu")(ip), filters, f"normal_conv_1_{block_id}"))
    x1 = layers.Add(name=f"normal_add_1_{block_id}")([
        _separable_conv_block(h, filters, kernel_size=(5, 5), block_id=f"normal_left1_{block_id}"),
        _separable_conv_block(p, filters, block_id=f"normal_right1_{block_id}")])
    x2 = layers.Add(name=f"normal_add_2_{block_id}")([
        _separable_conv_block(p, filters, (5, 5), block_id=f"normal_left2_{block_id}"),
        _separable_conv_block(p, filters, (3, 3), block_id=f"normal_right2_{block_id}")])
    x3 = layers.Add(name=f"normal_add_3_{block_id}")([_avg3(h, (1, 1), "same", f"normal_left3_{block_id}"), p])
    x4 = layers.Add(name=f"normal_add_4_{block_id}")([_avg3(p, (1, 1), "same", f"normal_left4_{block_id}"),
                                                      _avg3(p, (1, 1), "same", f"normal_right4_{block_id}")])
    x5 = layers.Add(name=f"normal_add_5_{block_id}")([
        _separable_conv_block(h, filters, block_id=f"normal_left5_{block_id}"), h])
    x = layers.Concatenate(axis=-1, name=f"normal_concat_{block_id}")([p, x1, x2, x3, x4, x5])
    return x, ip


def _reduction_a_cell(ip, p, filters, block_id=None):
    p = _adjust_block(p, ip, filters, block_id)
    h = layers.Activation("relu")(ip)
    h = _bn(f"reduction_bn_1_{block_id}")(_conv1x1(h, filters, f"reduction_conv_1_{block_id}"))
    h3 = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(h, 3), name=f"reduction_pad_1_{block_id}")(h)
    x1 = layers.Add(name=f"reduction_add_1_{block_id}")([
        _separable_conv_block(h, filters, (5, 5), strides=(2, 2), block_id=f"reduction_left1_{block_id}"),
        _separable_conv_block(p, filters, (7, 7), strides=(2, 2), block_id=f"reduction_right1_{block_id}")])
    x2 = layers.Add(name=f"reduction_add_2_{block_id}")([
        layers.MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name=f"reduction_left2_{block_id}")(h3),
        _separable_conv_block(p, filters, (7, 7), strides=(2, 2), block_id=f"reduction_right2_{block_id}")])
    x3 = layers.Add(name=f"reduction_add3_{block_id}")([
        _avg3(h3, (2, 2), "valid", f"reduction_left3_{block_id}"),
        _separable_conv_block(p, filters, (5, 5), strides=(2, 2), block_id=f"reduction_right3_{block_id}")])
    x4 = layers.Add()([x2, _avg3(x1, (1, 1), "same", f"reduction_left4_{block_id}")])
    x5 = layers.Add(name=f"reduction_add4_{block_id}")([
        _separable_conv_block(x1, filters, (3, 3), block_id=f"reduction_left4_{block_id}"),
        layers.MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name=f"reduction_right5_{block_id}")(h3)])
    x = layers.Concatenate(axis=-1, name=f"reduction_concat_{block_id}")([x2, x3, x4, x5])
    return x, ip


def build_nasnet(input_shape, penultimate_filters, num_blocks, stem_block_filters, skip_reduction,
                 filter_multiplier, include_top, weights, input_tensor, pooling, classes, default_size,
                 classifier_activation, name):
    """The NASNet-A body (Keras's `NASNet`): stem, 2 reduction cells, then 3 stacks of `num_blocks` normal
    cells separated by reduction cells.

    Raises:
        ValueError: invalid arguments (as every application), a non-static `input_shape` with ImageNet
            weights, or `penultimate_filters` not a multiple of `24 * filter_multiplier ** 2`.
    """
    pretrained.check_weights(weights, include_top, classes)
    if isinstance(input_shape, tuple) and None in input_shape and weights == "imagenet":
        raise ValueError("When specifying the input shape of a NASNet and loading `ImageNet` weights, the "
                         f"input_shape argument must be static (no None entries). Got: `input_shape={input_shape}`.")
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=None, require_flatten=include_top, weights=weights)
    if penultimate_filters % (24 * filter_multiplier ** 2) != 0:
        raise ValueError("For NASNet-A models, the `penultimate_filters` must be a multiple of 24 * "
                         f"(`filter_multiplier` ** 2). Current value: {penultimate_filters}")
    img_input = pretrained.image_input(input_tensor, input_shape)
    filters = penultimate_filters // 24
    x = layers.Conv2D(stem_block_filters, (3, 3), strides=(2, 2), padding="valid", use_bias=False,
                      name="stem_conv1", kernel_initializer="he_normal")(img_input)
    x = _bn("stem_bn1")(x)
    p = None
    x, p = _reduction_a_cell(x, p, filters // filter_multiplier ** 2, block_id="stem_1")
    x, p = _reduction_a_cell(x, p, filters // filter_multiplier, block_id="stem_2")
    for i in range(num_blocks):
        x, p = _normal_a_cell(x, p, filters, block_id=f"{i}")
    x, p0 = _reduction_a_cell(x, p, filters * filter_multiplier, block_id=f"reduce_{num_blocks}")
    p = p0 if not skip_reduction else p
    for i in range(num_blocks):
        x, p = _normal_a_cell(x, p, filters * filter_multiplier, block_id=f"{num_blocks + i + 1}")
    x, p0 = _reduction_a_cell(x, p, filters * filter_multiplier ** 2, block_id=f"reduce_{2 * num_blocks}")
    p = p0 if not skip_reduction else p
    for i in range(num_blocks):
        x, p = _normal_a_cell(x, p, filters * filter_multiplier ** 2, block_id=f"{2 * num_blocks + i + 1}")
    x = layers.Activation("relu")(x)
    if include_top:
        x = layers.GlobalAveragePooling2D()(x)
        x = pretrained.classifier(x, classes, classifier_activation, weights)
    else:
        x = pretrained.pool(x, pooling)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    if weights == "imagenet" and default_size not in _FILES:
        raise ValueError("ImageNet weights can only be loaded with NASNetLarge or NASNetMobile. "
                         f"Received: default_size={default_size}")
    fname, url_name, file_hash = _FILES.get(default_size, {}).get(include_top, (None, None, None))
    return pretrained.load(model, weights, fname, _URL + str(url_name), file_hash)


_DOC = """{what}

    Args:
        input_shape: `(h, w, 3)`, h, w >= 32 ({s}x{s}x3 with the top and ImageNet weights).
        include_top, weights, input_tensor, pooling, classes, classifier_activation: as every application.
        name: the model's name.

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """


def NASNetMobile(input_shape=None, include_top=True, weights="imagenet", input_tensor=None, pooling=None,
                 classes=1000, classifier_activation="softmax", name="nasnet_mobile"):
    if not include_top and input_shape is None:
        input_shape = (224, 224, 3)
    return build_nasnet(input_shape, 1056, 4, 32, False, 2, include_top, weights, input_tensor, pooling, classes,
                        224, classifier_activation, name)


def NASNetLarge(input_shape=None, include_top=True, weights="imagenet", input_tensor=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="nasnet_large"):
    return build_nasnet(input_shape, 4032, 6, 96, True, 2, include_top, weights, input_tensor, pooling, classes,
                        331, classifier_activation, name)


NASNetMobile.__doc__ = _DOC.format(what="NASNetMobile: NASNet-A (4 @ 1056), default input 224x224.", s=224)
NASNetLarge.__doc__ = _DOC.format(what="NASNetLarge: NASNet-A (6 @ 4032), default input 331x331.", s=331)


def preprocess_input(x, data_format=None):
    """NASNet preprocessing: `"tf"` mode, pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
