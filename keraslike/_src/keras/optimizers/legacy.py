"""`tf.keras.optimizers.legacy.*`: TF 2.11-2.15 kept the pre-2.11 optimizers here.

Same update rules as the Keras 3 classes (they subclass them); what differs is TF 2's
`decay` argument, which these apply (`tensorflow/python/keras/optimizer_v2/optimizer_v2.py`,
`_decayed_lr`): the learning rate of step `t` (0-based `iterations`) is
`lr / (1 + decay * t)`, on top of a schedule if one is given. The Keras 3 classes
warn that `decay` is ignored, as Keras 3 does. A sparse gradient (an Embedding's) updates
as its dense sum here: optimizer_v2 adds duplicate ids up before its sparse kernels; SGD with
momentum, RMSprop with momentum and Adadelta then update only the rows present (slots included),
as TF's ResourceSparseApply* kernels do.

Example:
    >>> opt = tf.keras.optimizers.legacy.SGD(learning_rate=0.1, decay=0.5)   # 0.1, 0.0667, 0.05, ...
"""

from keraslike._src.keras.optimizers.adadelta import Adadelta as _Adadelta
from keraslike._src.keras.optimizers.adamax import Adamax as _Adamax
from keraslike._src.keras.optimizers.ftrl import Ftrl as _Ftrl
from keraslike._src.keras.optimizers.nadam import Nadam as _Nadam
from keraslike._src.keras.optimizers.optimizer import Optimizer as _Optimizer
from keraslike._src.keras.optimizers.optimizers import SGD as _SGD
from keraslike._src.keras.optimizers.optimizers import Adagrad as _Adagrad
from keraslike._src.keras.optimizers.optimizers import Adam as _Adam
from keraslike._src.keras.optimizers.optimizers import RMSprop as _RMSprop


def _legacy(cls):
    doc = (f"`tf.keras.optimizers.legacy.{cls.__name__}`: `{cls.__name__}` with TF 2's `decay` "
           "(learning rate `lr / (1 + decay * iterations)`). Other arguments as the Keras 3 class.")
    # optimizer_v2 sums an IndexedSlices' duplicate ids before its sparse kernels: no per-occurrence squares
    return type(cls.__name__, (cls,), {"_legacy": True, "_sparse_updates": False, "__doc__": doc,
                                       "__module__": __name__})


Optimizer = _legacy(_Optimizer)
SGD = _legacy(_SGD)
SGD._lazy_sparse = lambda self: bool(self.momentum)  # ResourceSparseApplyKerasMomentum: the rows present
Adam = _legacy(_Adam)
RMSprop = _legacy(_RMSprop)
RMSprop._lazy_sparse = lambda self: self.momentum > 0  # ResourceSparseApply(Centered)RMSProp
Adagrad = _legacy(_Adagrad)
Adadelta = _legacy(_Adadelta)
Adadelta._lazy_sparse = lambda self: True  # ResourceSparseApplyAdadelta
Adamax = _legacy(_Adamax)
Adamax._lazy_sparse = lambda self: True  # optimizer_v2 Adamax gathers and scatters the rows present
Nadam = _legacy(_Nadam)
Ftrl = _legacy(_Ftrl)
