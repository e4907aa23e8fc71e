"""keraslike: TensorFlow 2 / tf.keras code on PyTorch. Use as `import keraslike as tf`."""

from keraslike import version  # noqa: E402,F401

__version__ = version.VERSION  # a TF version string, as scripts print and compare `tf.__version__`
__keraslike_version__ = version.KERASLIKE_VERSION  # keraslike's own release
VERSION = __version__

from keraslike import config, distribute, keras  # noqa: E402,F401
from keraslike._src.ops.api import *  # noqa: E402,F401,F403
from keraslike import data  # noqa: E402,F401
from keraslike._src.data.tensor_shape import TensorShape  # noqa: E402,F401
from keraslike._src.data.tensor_spec import TensorSpec, string  # noqa: E402,F401
from keraslike import dtypes, linalg, math, nn, random  # noqa: E402,F401
from keraslike import autograph  # noqa: E402,F401
from keraslike import train  # noqa: E402,F401
from keraslike import io  # noqa: E402,F401
from keraslike import sparse  # noqa: E402,F401
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec  # noqa: E402,F401
from keraslike import image, nest, summary, test, types  # noqa: E402,F401  (issue 11)
from keraslike.keras import initializers, losses, metrics, optimizers  # noqa: E402,F401  (tf.losses, ...)
from keraslike._src.keras.initializers.tf_initializers import (  # noqa: E402,F401
    constant_initializer, ones_initializer, random_normal_initializer, random_uniform_initializer, zeros_initializer,
)

from keraslike._src.launch import one_program as _one_program  # noqa: E402

_one_program.install()  # replicas re-running the script see the chief's temp paths, seeds, uuids, clock

from keraslike._src import missing_names as _missing_names  # noqa: E402

_missing_names.install()   # last: a missing tf.<name> says keraslike lacks it and where the coverage table is
del _missing_names
