"""Cases shared by `make_applications_golden.py` (run under real Keras 3.15) and
`tests/keras/applications/test_applications.py` (keraslike): which builders, with which arguments, and the
deterministic weights both sides load for the value comparison. Numpy only, so both interpreters import it.
"""

import hashlib

import numpy as np

# (family module, builder, kwargs). Small input shapes keep construction quick; weights=None always.
# The fast tier builds the models without the top at small inputs; "slow" ones are marked in the test.
PARAM_CASES = [
    ("vgg16", "VGG16", {}), ("vgg19", "VGG19", {}),
    ("resnet", "ResNet50", {}), ("resnet", "ResNet101", {}), ("resnet", "ResNet152", {}),
    ("resnet_v2", "ResNet50V2", {}), ("resnet_v2", "ResNet101V2", {}), ("resnet_v2", "ResNet152V2", {}),
    ("mobilenet", "MobileNet", {}), ("mobilenet", "MobileNet", {"alpha": 0.25, "input_shape": (128, 128, 3)}),
    ("mobilenet_v2", "MobileNetV2", {}), ("mobilenet_v2", "MobileNetV2", {"alpha": 1.4}),
    ("mobilenet_v2", "MobileNetV2", {"alpha": 0.35, "input_shape": (96, 96, 3)}),
    ("mobilenet_v3", "MobileNetV3Small", {}), ("mobilenet_v3", "MobileNetV3Large", {}),
    ("mobilenet_v3", "MobileNetV3Small", {"minimalistic": True, "alpha": 0.75}),
    ("mobilenet_v3", "MobileNetV3Large", {"minimalistic": True, "alpha": 1.25}),
    ("densenet", "DenseNet121", {}), ("densenet", "DenseNet169", {}), ("densenet", "DenseNet201", {}),
    ("efficientnet", "EfficientNetB0", {}), ("efficientnet", "EfficientNetB1", {}),
    ("efficientnet", "EfficientNetB2", {}), ("efficientnet", "EfficientNetB3", {}),
    ("efficientnet", "EfficientNetB4", {}), ("efficientnet", "EfficientNetB5", {}),
    ("efficientnet", "EfficientNetB6", {}), ("efficientnet", "EfficientNetB7", {}),
    ("efficientnet_v2", "EfficientNetV2B0", {}), ("efficientnet_v2", "EfficientNetV2B1", {}),
    ("efficientnet_v2", "EfficientNetV2B2", {}), ("efficientnet_v2", "EfficientNetV2B3", {}),
    ("efficientnet_v2", "EfficientNetV2S", {}), ("efficientnet_v2", "EfficientNetV2M", {}),
    ("efficientnet_v2", "EfficientNetV2L", {}),
    ("inception_v3", "InceptionV3", {}), ("inception_resnet_v2", "InceptionResNetV2", {}),
    ("xception", "Xception", {}),
    ("nasnet", "NASNetMobile", {}), ("nasnet", "NASNetLarge", {}),
    ("convnext", "ConvNeXtTiny", {}), ("convnext", "ConvNeXtSmall", {}), ("convnext", "ConvNeXtBase", {}),
    ("convnext", "ConvNeXtLarge", {}), ("convnext", "ConvNeXtXLarge", {}),
]

# Same outputs on the same weights: small models at small inputs, logits (classifier_activation=None).
VALUE_CASES = [
    ("mobilenet_v2", "MobileNetV2", {"alpha": 0.35, "input_shape": (96, 96, 3), "classes": 7}),
    ("mobilenet_v3", "MobileNetV3Small", {"alpha": 0.75, "input_shape": (64, 64, 3), "classes": 7,
                                          "dropout_rate": 0.0}),
    ("resnet", "ResNet50", {"include_top": False, "input_shape": (32, 32, 3), "pooling": "avg"}),
    ("efficientnet", "EfficientNetB0", {"input_shape": (64, 64, 3), "classes": 7}),
    ("convnext", "ConvNeXtTiny", {"input_shape": (32, 32, 3), "classes": 7}),
    ("densenet", "DenseNet121", {"include_top": False, "input_shape": (32, 32, 3), "pooling": "max"}),
    ("vgg16", "VGG16", {"include_top": False, "input_shape": (32, 32, 3), "pooling": "avg"}),
    ("resnet_v2", "ResNet50V2", {"include_top": False, "input_shape": (32, 32, 3), "pooling": "avg"}),
    ("mobilenet", "MobileNet", {"alpha": 0.25, "input_shape": (64, 64, 3), "classes": 7}),
    ("xception", "Xception", {"include_top": False, "input_shape": (71, 71, 3), "pooling": "avg"}),
    ("inception_v3", "InceptionV3", {"include_top": False, "input_shape": (75, 75, 3), "pooling": "avg"}),
    ("inception_resnet_v2", "InceptionResNetV2", {"include_top": False, "input_shape": (75, 75, 3),
                                                  "pooling": "avg"}),
    ("efficientnet_v2", "EfficientNetV2B0", {"input_shape": (64, 64, 3), "classes": 7}),
    ("nasnet", "NASNetMobile", {"include_top": False, "input_shape": (64, 64, 3), "pooling": "avg"}),
]


def case_id(family, builder, kwargs):
    return builder + "".join(f"-{k}={v}" for k, v in sorted(kwargs.items())).replace(" ", "")


def structure_digest(layers_and_weights):
    """sha1 of the `layer_name:shape` sequence of every weight (what `set_weights` exchanges depend on)."""
    text = "\n".join(f"{layer}:{tuple(int(d) for d in shape)}" for layer, shape in layers_and_weights)
    return hashlib.sha1(text.encode()).hexdigest()


def deterministic_weights(names_and_shapes):
    """Arrays for `set_weights`, from each weight's position, name and shape only (no framework RNG)."""
    out = []
    for i, (name, shape) in enumerate(names_and_shapes):
        rng = np.random.default_rng(1000 + i)
        name = name.split("/")[-1].split(":")[0]
        if "variance" in name:
            value = rng.uniform(0.5, 1.5, shape)
        elif name == "gamma" or "scale" in name:
            value = rng.uniform(0.8, 1.2, shape)
        elif len(shape) <= 1:
            value = rng.normal(0.0, 0.05, shape)
        else:
            depthwise = "depthwise" in name or (len(shape) == 4 and shape[3] == 1)
            fan_in = int(np.prod(shape[:2])) if depthwise else int(np.prod(shape[:-1]))
            value = rng.normal(0.0, 1.0, shape) * np.sqrt(1.0 / max(fan_in, 1))
        out.append(value.astype("float32"))
    return out


def value_input(shape):
    return np.random.default_rng(7).uniform(0.0, 255.0, (2,) + tuple(shape)).astype("float32")
