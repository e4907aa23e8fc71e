"""`tf.keras.optimizers.legacy.*`: TF 2.11-2.15 kept the pre-2.11 optimizers here.

Same update rules as the Keras 3 classes (they subclass them); what differs is TF 2's
`decay` argument, which these apply (`tensorflow/python/keras/optimizer_v2/optimizer_v2.py`,
`_decayed_lr`): the learning rate of step `t` (0-based `iterations`) is
`lr / (1 + decay * t)`, on top of a schedule if one is given. The Keras 3 classes
warn that `decay` is ignored, as Keras 3 does. A sparse gradient (an Embedding's) updates
as its dense sum here: optimizer_v2 clips the occurrences (`clipnorm`, `clipvalue`, `global_clipnorm` measure
and clip an `IndexedSlices`' values), then adds duplicate ids up before its sparse kernels; SGD with
momentum, RMSprop with momentum, Adadelta, Adamax and Ftrl then update only the rows present (slots
included), as TF's ResourceSparseApply* kernels do, Nadam only the variable's rows, and RMSprop without
momentum puts epsilon outside the square root.

Example:
    >>> opt = tf.keras.optimizers.legacy.SGD(learning_rate=0.1, decay=0.5)   # 0.1, 0.0667, 0.05, ...
"""

from keraslike._src.keras.optimizers.adadelta import Adadelta as _Adadelta
from keraslike._src.keras.optimizers.adamax import Adamax as _Adamax
from keraslike._src.keras.optimizers.ftrl import Ftrl as _Ftrl
from keraslike._src.keras.optimizers.nadam import Nadam as _Nadam
from keraslike._src.keras.optimizers.optimizer import Optimizer as _Optimizer
from keraslike._src.keras.optimizers.sgd import SGD as _SGD
from keraslike._src.keras.optimizers.adagrad import Adagrad as _Adagrad
from keraslike._src.keras.optimizers.adam import Adam as _Adam
from keraslike._src.keras.optimizers.rmsprop import RMSprop as _RMSprop


def _learning_rate_hyper(self):
    """optimizer_v2's `learning_rate`: the schedule itself when one was given (callable at a step), else the
    learning-rate variable."""
    return self._schedule if self._schedule is not None else self._learning_rate_now()


_KERAS3_BASE_KEYS = frozenset({"name", "learning_rate", "weight_decay", "clipnorm", "clipvalue", "global_clipnorm",
                               "use_ema", "ema_momentum", "ema_overwrite_frequency", "loss_scale_factor",
                               "gradient_accumulation_steps", "decay", "jit_compile", "is_legacy_optimizer"})


def _legacy_config(keras3_class):
    """optimizer_v2's `get_config()` for the legacy class over `keras3_class`: `name`, the clipping values that are
    set, `learning_rate`, `decay`, then the class's own hyperparameters (no Keras 3 keys: `weight_decay`, ...)."""

    def get_config(self):
        config = keras3_class.get_config(self)
        clipping = {k: config[k] for k in ("clipnorm", "clipvalue", "global_clipnorm") if config[k] is not None}
        own = {k: v for k, v in config.items() if k not in _KERAS3_BASE_KEYS}
        return {"name": self.name, **clipping, "learning_rate": config["learning_rate"], "decay": self.decay, **own}

    return get_config


def _legacy(cls):
    doc = (f"`tf.keras.optimizers.legacy.{cls.__name__}`: `{cls.__name__}` with TF 2's `decay` "
           "(learning rate `lr / (1 + decay * iterations)`). Other arguments as the Keras 3 class; "
           "`learning_rate` is the schedule when one was given, as optimizer_v2's.")
    lr = property(_learning_rate_hyper, _Optimizer.learning_rate.fset)
    # optimizer_v2 sums an IndexedSlices' duplicate ids before its sparse kernels: no per-occurrence squares
    return type(cls.__name__, (cls,), {"_legacy": True, "_sparse_updates": False, "__doc__": doc,
                                       "__module__": __name__, "learning_rate": lr, "lr": lr,
                                       "get_config": _legacy_config(cls)})


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


class Nadam(_legacy(_Nadam)):
    """`tf.keras.optimizers.legacy.Nadam`: TF 2's momentum schedule `0.96 ** (schedule_decay * t)` (default
    0.004), no learning-rate decay; TF 2 stores `schedule_decay` as `decay` in its config and replaces a `decay`
    argument by it. Other arguments as the Keras 3 class."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None,
                 schedule_decay=0.004, **kwargs):
        kwargs.pop("decay", None)
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2, epsilon=epsilon, name=name,
                         **kwargs)
        self.schedule_decay = float(schedule_decay)

    def _schedule_decay(self):
        return self.schedule_decay

    def get_config(self):
        return {**super().get_config(), "decay": self.schedule_decay}

    def _lazy_sparse(self):
        return "variable"  # its sparse update decays m and v everywhere and moves only the rows present

Ftrl = _legacy(_Ftrl)
Ftrl._lazy_sparse = lambda self: True  # ResourceSparseApplyFtrl(V2)
