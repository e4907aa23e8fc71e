"""`keras.applications.ConvNeXtTiny/Small/Base/Large/XLarge` (Liu et al. 2022), mirroring
`keras/src/applications/convnext.py` of Keras 3.15: layer names `{name}_stem`, `{name}_downsampling_block_{i}`
(Sequential sub-models, as Keras), `{name}_stage_{i}_block_{j}_depthwise_conv/layernorm/pointwise_conv_{1,2}/
layer_scale`, `{name}_head_dense`, and weights.

With `include_preprocessing=True` (default) the model takes pixels in [0, 255] (a fixed ImageNet
`Normalization`); `convnext.preprocess_input` is the identity.
"""

import torch

from keraslike._src.keras import initializers
from keraslike._src.keras.applications import app_layers as layers
from keraslike._src.keras.applications import imagenet_utils, pretrained
from keraslike._src.keras.models.sequential import Sequential

_URL = pretrained.BASE_WEIGHTS_URL + "convnext/"
_HASHES = {  # sha256 of Keras's files (top, no top)
    "convnext_tiny": ("8ae6e78ce2933352b1ef4008e6dd2f17bc40771563877d156bc6426c7cf503ff",
                      "d547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1"),
    "convnext_small": ("ce1277d8f1ee5a0ef0e171469089c18f5233860ceaf9b168049cb9263fd7483c",
                       "6fc8009faa2f00c1c1dfce59feea9b0745eb260a7dd11bee65c8e20843da6eab"),
    "convnext_base": ("52cbb006d3dadd03f6e095a8ca1aca47aecdd75acb4bc74bce1f5c695d0086e6",
                      "40a20c5548a5e9202f69735ecc06c990e6b7c9d2de39f0361e27baeb24cb7c45"),
    "convnext_large": ("070c5ed9ed289581e477741d3b34beffa920db8cf590899d6d2c67fba2a198a6",
                       "96f02b6f0753d4f543261bc9d09bed650f24dd6bc02ddde3066135b63d23a1cd"),
    "convnext_xlarge": ("c1f5ccab661354fc3a79a10fa99af82f0fbf10ec65cb894a3ae0815f17a889ee",
                        "de3f8a54174130e0cecdc71583354753d557fcf1f4487331558e2a16ba0cfe05"),
}
MODEL_CONFIGS = {  # depths, projection dims
    "tiny": ((3, 3, 9, 3), (96, 192, 384, 768)),
    "small": ((3, 3, 27, 3), (96, 192, 384, 768)),
    "base": ((3, 3, 27, 3), (128, 256, 512, 1024)),
    "large": ((3, 3, 27, 3), (192, 384, 768, 1536)),
    "xlarge": ((3, 3, 27, 3), (256, 512, 1024, 2048)),
}


class LayerScale(layers.Layer):
    """`x * gamma` with a learned per-channel `gamma` of shape `(projection_dim,)`, initialised to `init_values`."""

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, input_shape):
        self.gamma = self.add_weight(shape=(self.projection_dim,),  # unnamed ("variable"), as in Keras
                                     initializer=initializers.Constant(self.init_values), trainable=True)
        self.built = True

    def call(self, x):
        return x * self.gamma.to(x.dtype)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "init_values": self.init_values, "projection_dim": self.projection_dim}


class StochasticDepth(layers.Layer):
    """Drop the whole residual branch per sample with probability `drop_path_rate` in training (scaled)."""

    def __init__(self, drop_path_rate, **kwargs):
        super().__init__(**kwargs)
        self.drop_path_rate = drop_path_rate

    def call(self, x, training=None):
        if not training or not self.drop_path_rate:
            return x
        keep = 1.0 - self.drop_path_rate
        mask = torch.floor(keep + torch.rand((x.shape[0],) + (1,) * (x.dim() - 1), device=x.device, dtype=x.dtype))
        return x / keep * mask

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "drop_path_rate": self.drop_path_rate}


def _block(x, projection_dim, drop_path_rate, layer_scale_init_value, name):
    inputs = x
    x = layers.Conv2D(filters=projection_dim, kernel_size=7, padding="same", groups=projection_dim,
                      name=f"{name}_depthwise_conv")(x)
    x = layers.LayerNormalization(epsilon=1e-6, name=f"{name}_layernorm")(x)
    x = layers.Dense(4 * projection_dim, name=f"{name}_pointwise_conv_1")(x)
    x = layers.Activation("gelu", name=f"{name}_gelu")(x)
    x = layers.Dense(projection_dim, name=f"{name}_pointwise_conv_2")(x)
    if layer_scale_init_value is not None:
        x = LayerScale(layer_scale_init_value, projection_dim, name=f"{name}_layer_scale")(x)
    if drop_path_rate:
        x = StochasticDepth(drop_path_rate, name=f"{name}_stochastic_depth")(x)
    else:
        x = layers.Activation("linear", name=f"{name}_identity")(x)
    return layers.Add(name=f"{name}_add")([inputs, x])


def build_convnext(size, weights_name, include_top, include_preprocessing, weights, input_tensor, input_shape,
                   pooling, classes, classifier_activation, name, drop_path_rate=0.0, layer_scale_init_value=1e-6):
    """The ConvNeXt body for one of `MODEL_CONFIGS` (Keras's `ConvNeXt`)."""
    depths, dims = MODEL_CONFIGS[size]
    pretrained.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32, data_format=None,
                                                    require_flatten=include_top, weights=weights)
    img_input = pretrained.image_input(input_tensor, input_shape)
    x = img_input
    if include_preprocessing and input_shape[-1] == 3:
        x = layers.Normalization(mean=[0.485 * 255, 0.456 * 255, 0.406 * 255],
                                 variance=[(0.229 * 255) ** 2, (0.224 * 255) ** 2, (0.225 * 255) ** 2],
                                 name=f"{name}_prestem_normalization")(x)
    stages = [Sequential([layers.Conv2D(dims[0], kernel_size=4, strides=4, name=f"{name}_stem_conv"),
                          layers.LayerNormalization(epsilon=1e-6, name=f"{name}_stem_layernorm")],
                         name=f"{name}_stem")]
    for i in range(3):
        stages.append(Sequential([layers.LayerNormalization(epsilon=1e-6, name=f"{name}_downsampling_layernorm_{i}"),
                                  layers.Conv2D(dims[i + 1], kernel_size=2, strides=2,
                                                name=f"{name}_downsampling_conv_{i}")],
                                 name=f"{name}_downsampling_block_{i}"))
    total = sum(depths)
    rates = [drop_path_rate * k / (total - 1) if total > 1 else 0.0 for k in range(total)]
    cur = 0
    for i in range(4):
        x = stages[i](x)
        for j in range(depths[i]):
            x = _block(x, dims[i], rates[cur + j], layer_scale_init_value, f"{name}_stage_{i}_block_{j}")
        cur += depths[i]
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.GlobalAveragePooling2D(name=f"{name}_head_gap")(x)
        x = layers.LayerNormalization(epsilon=1e-6, name=f"{name}_head_layernorm")(x)
        x = layers.Dense(classes, activation=classifier_activation, name=f"{name}_head_dense")(x)
    else:
        x = pretrained.pool(x, pooling)
        x = layers.LayerNormalization(epsilon=1e-6)(x)
    model = pretrained.functional(pretrained.model_inputs(input_tensor, img_input), x, name)
    fname = weights_name + (".h5" if include_top else "_notop.h5")
    return pretrained.load(model, weights, fname, _URL + fname, _HASHES[weights_name][0 if include_top else 1])


_DOC = """ConvNeXt{v}: depths {d}, widths {w}.

    Args:
        include_top: whether to include the classifier head (then the input is 224x224x3 with ImageNet weights).
        include_preprocessing: add the fixed ImageNet `Normalization` so inputs are pixels in [0, 255].
        weights: `None` (random), `"imagenet"` (from `~/.keras/models/`, downloaded when networked) or a path.
        input_tensor: optional KerasTensor (or tensor) to use as the image input.
        input_shape: `(h, w, 3)`, h, w >= 32.
        pooling: without the top: `None` (4D output), `"avg"` or `"max"`; a LayerNormalization follows.
        classes: number of classes with the top (1000 with ImageNet weights).
        classifier_activation: activation of the head (`None`/`"softmax"` with weights).
        name: the model's name (and the prefix of its layers' names).

    Returns:
        A Functional `Model`.

    Raises:
        ValueError: invalid `weights`, `classes`, `input_shape`, `pooling` or `classifier_activation`.
        OSError: ImageNet weights not cached and not downloadable (the message names the file).
    """


def ConvNeXtTiny(include_top=True, include_preprocessing=True, weights="imagenet", input_tensor=None,
                 input_shape=None, pooling=None, classes=1000, classifier_activation="softmax", name="convnext_tiny"):
    return build_convnext("tiny", "convnext_tiny", include_top, include_preprocessing, weights, input_tensor,
                          input_shape, pooling, classes, classifier_activation, name)


def ConvNeXtSmall(include_top=True, include_preprocessing=True, weights="imagenet", input_tensor=None,
                  input_shape=None, pooling=None, classes=1000, classifier_activation="softmax",
                  name="convnext_small"):
    return build_convnext("small", "convnext_small", include_top, include_preprocessing, weights, input_tensor,
                          input_shape, pooling, classes, classifier_activation, name)


def ConvNeXtBase(include_top=True, include_preprocessing=True, weights="imagenet", input_tensor=None,
                 input_shape=None, pooling=None, classes=1000, classifier_activation="softmax", name="convnext_base"):
    return build_convnext("base", "convnext_base", include_top, include_preprocessing, weights, input_tensor,
                          input_shape, pooling, classes, classifier_activation, name)


def ConvNeXtLarge(include_top=True, include_preprocessing=True, weights="imagenet", input_tensor=None,
                  input_shape=None, pooling=None, classes=1000, classifier_activation="softmax",
                  name="convnext_large"):
    return build_convnext("large", "convnext_large", include_top, include_preprocessing, weights, input_tensor,
                          input_shape, pooling, classes, classifier_activation, name)


def ConvNeXtXLarge(include_top=True, include_preprocessing=True, weights="imagenet", input_tensor=None,
                   input_shape=None, pooling=None, classes=1000, classifier_activation="softmax",
                   name="convnext_xlarge"):
    return build_convnext("xlarge", "convnext_xlarge", include_top, include_preprocessing, weights, input_tensor,
                          input_shape, pooling, classes, classifier_activation, name)


for _v, _fn in (("Tiny", ConvNeXtTiny), ("Small", ConvNeXtSmall), ("Base", ConvNeXtBase), ("Large", ConvNeXtLarge),
                ("XLarge", ConvNeXtXLarge)):
    _d, _w = MODEL_CONFIGS[_v.lower()]
    _fn.__doc__ = _DOC.format(v=_v, d=_d, w=_w)


def preprocess_input(x, data_format=None):
    """The identity: ConvNeXt models normalise their inputs themselves (`include_preprocessing=True`)."""
    imagenet_utils.check_data_format(data_format)
    return x


def decode_predictions(preds, top=5):
    """`imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
