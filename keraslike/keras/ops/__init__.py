"""`tf.keras.ops`: Keras 3's backend-agnostic ops, on torch tensors.

Every public function of Keras 3.15's `keras.ops` (numpy-style ops, `nn`, `linalg`, `image`,
core control flow and math), with Keras's dtype promotion; see `keraslike/_src/keras/ops/`.
On functional-API `KerasTensor`s an op records a layer call (`keraslike/_src/keras/ops/symbolic.py`).
"""

# ruff: noqa: F401, F403, A004, I001
from keraslike._src.keras.ops.numpy import *
from keraslike._src.keras.ops.numpy import abs, all, any, max, min, round, sum  # shadowing builtins, as Keras
from keraslike._src.keras.ops.nn import *
from keraslike._src.keras.ops.linalg import *
from keraslike._src.keras.ops.math import *
from keraslike._src.keras.ops.core import *
from keraslike._src.keras.ops.core import map, slice  # shadowing builtins, as Keras
from keraslike._src.keras.ops.einops import rearrange
from keraslike._src.keras.ops import symbolic as _symbolic
from keraslike.keras.ops import image, linalg, nn, numpy

_symbolic.wrap_namespace(globals())
