"""Classic networks built only from keraslike's public Keras API (`import keraslike as tf`).

Each builder is `build_<name>(input_shape, num_classes, ...)` and returns an uncompiled
`keras.Model` with channels_last inputs. Import with the repository root on `sys.path`:

    from models import build_resnet18
    model = build_resnet18((32, 32, 3), 10, stem="cifar")
"""

from models.alexnet import build_alexnet
from models.googlenet import build_googlenet
from models.lenet import build_lenet5
from models.mlp import build_mlp
from models.resnet import build_resnet18, build_resnet34, build_resnet50
from models.vgg import build_vgg11, build_vgg16

BUILDERS = {
    "mlp": build_mlp, "lenet5": build_lenet5, "alexnet": build_alexnet, "vgg11": build_vgg11,
    "vgg16": build_vgg16, "googlenet": build_googlenet, "resnet18": build_resnet18,
    "resnet34": build_resnet34, "resnet50": build_resnet50,
}

__all__ = ["BUILDERS", *(f"build_{k}" for k in BUILDERS)]
