"""`tf.keras.applications`: Keras 3.15's image classification models, built on keraslike's layers.

Same layer names and weight order as Keras (`set_weights(keras_model.get_weights())` exchanges unchanged);
`weights="imagenet"` reads Keras's `.h5` files from `~/.keras/models/` (downloaded when networked).
"""

from keraslike.keras.applications import (  # noqa: F401
    convnext, densenet, efficientnet, efficientnet_v2, imagenet_utils, inception_resnet_v2, inception_v3, mobilenet,
    mobilenet_v2, mobilenet_v3, nasnet, resnet, resnet50, resnet_v2, vgg16, vgg19, xception,
)
from keraslike._src.keras.applications.convnext import (  # noqa: F401
    ConvNeXtBase, ConvNeXtLarge, ConvNeXtSmall, ConvNeXtTiny, ConvNeXtXLarge,
)
from keraslike._src.keras.applications.densenet import DenseNet121, DenseNet169, DenseNet201  # noqa: F401
from keraslike._src.keras.applications.efficientnet import (  # noqa: F401
    EfficientNetB0, EfficientNetB1, EfficientNetB2, EfficientNetB3, EfficientNetB4, EfficientNetB5, EfficientNetB6,
    EfficientNetB7,
)
from keraslike._src.keras.applications.efficientnet_v2 import (  # noqa: F401
    EfficientNetV2B0, EfficientNetV2B1, EfficientNetV2B2, EfficientNetV2B3, EfficientNetV2L, EfficientNetV2M,
    EfficientNetV2S,
)
from keraslike._src.keras.applications.inception_resnet_v2 import InceptionResNetV2  # noqa: F401
from keraslike._src.keras.applications.inception_v3 import InceptionV3  # noqa: F401
from keraslike._src.keras.applications.mobilenet import MobileNet  # noqa: F401
from keraslike._src.keras.applications.mobilenet_v2 import MobileNetV2  # noqa: F401
from keraslike._src.keras.applications.mobilenet_v3 import MobileNetV3Large, MobileNetV3Small  # noqa: F401
from keraslike._src.keras.applications.nasnet import NASNetLarge, NASNetMobile  # noqa: F401
from keraslike._src.keras.applications.resnet import (  # noqa: F401
    ResNet50, ResNet50V2, ResNet101, ResNet101V2, ResNet152, ResNet152V2,
)
from keraslike._src.keras.applications.vgg import VGG16, VGG19  # noqa: F401
from keraslike._src.keras.applications.xception import Xception  # noqa: F401
