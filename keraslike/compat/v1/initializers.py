"""`tf.compat.v1.initializers`: TF1's initializer classes (TF1 defaults); every other name is Keras's."""

import sys as _sys

from keraslike._src.compat.v1.init_ops_v1 import (  # noqa: F401
    constant_initializer as constant, glorot_normal_initializer as glorot_normal,
    glorot_uniform_initializer as glorot_uniform, ones_initializer as ones, orthogonal_initializer as orthogonal,
    random_normal_initializer as random_normal, random_uniform_initializer as random_uniform,
    truncated_normal_initializer as truncated_normal, variance_scaling_initializer as variance_scaling,
    zeros_initializer as zeros,
)
from keraslike._src.graph.variables import global_variables_initializer as global_variables  # noqa: F401
from keraslike._src.graph.variables import local_variables_initializer as local_variables  # noqa: F401


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].initializers, name)
