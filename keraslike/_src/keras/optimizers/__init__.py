"""Optimizer lookup: `keras.optimizers.get("adam")`, `serialize`, `deserialize`."""

from keraslike._src.keras.optimizers import schedules  # noqa: F401
from keraslike._src.keras.optimizers.adadelta import Adadelta
from keraslike._src.keras.optimizers.adafactor import Adafactor
from keraslike._src.keras.optimizers.adagrad import Adagrad
from keraslike._src.keras.optimizers.adam import Adam
from keraslike._src.keras.optimizers.adamax import Adamax
from keraslike._src.keras.optimizers.adamw import AdamW
from keraslike._src.keras.optimizers.ftrl import Ftrl
from keraslike._src.keras.optimizers.lamb import Lamb
from keraslike._src.keras.optimizers.lion import Lion
from keraslike._src.keras.optimizers.multi_optimizer import MultiOptimizer, OptimizerMap  # noqa: F401
from keraslike._src.keras.optimizers.muon import Muon
from keraslike._src.keras.optimizers.nadam import Nadam
from keraslike._src.keras.optimizers.optimizer import Optimizer  # noqa: F401
from keraslike._src.keras.optimizers.rmsprop import RMSprop
from keraslike._src.keras.optimizers.schedule_free_adamw import ScheduleFreeAdamW
from keraslike._src.keras.optimizers.sgd import SGD
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup

_NAMES = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad,
          "adadelta": Adadelta, "adamax": Adamax, "nadam": Nadam, "ftrl": Ftrl, "lion": Lion,
          "lamb": Lamb, "adafactor": Adafactor, "muon": Muon,
          "schedulefreeadamw": ScheduleFreeAdamW}
_LOOKUP = NamespaceLookup("optimizer", "keras.optimizers", Optimizer, _NAMES, lower_names=True)


def serialize(optimizer):
    """`{"module", "class_name", "config", "registered_name"}` for an optimizer, as Keras writes it (a registered
    class under its `"package>name"`)."""
    return _LOOKUP.serialize(optimizer)


def deserialize(config, custom_objects=None):
    """Build an optimizer from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    keraslike's optimizers (their names in any case).

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    return _LOOKUP.deserialize(config, custom_objects)


def get(identifier):
    """Resolve `"adam"`, a registered `"package>name"`, a class, a config dict, or an instance to an `Optimizer`
    (None stays None, as in Keras).

    Raises:
        ValueError: "Could not interpret optimizer identifier" listing valid names.
    """
    if identifier is None:
        return None
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Optimizer):
        return identifier()
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        return deserialize({"class_name": identifier, "config": {}})
    return _LOOKUP.resolve(identifier)()
