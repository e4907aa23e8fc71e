"""keraslike: TensorFlow 2 / tf.keras code on PyTorch. Use as `import keraslike as tf`."""

__version__ = "0.1.0"
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
from keraslike import image, nest, summary, test, types  # noqa: E402,F401  (issue 11)
