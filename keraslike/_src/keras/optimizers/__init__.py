"""Optimizer lookup: `keras.optimizers.get("adam")`, `serialize`, `deserialize`."""

from keraslike._src.keras.optimizers import schedules  # noqa: F401
from keraslike._src.keras.optimizers.adadelta import Adadelta
from keraslike._src.keras.optimizers.adafactor import Adafactor
from keraslike._src.keras.optimizers.adamax import Adamax
from keraslike._src.keras.optimizers.ftrl import Ftrl
from keraslike._src.keras.optimizers.lamb import Lamb
from keraslike._src.keras.optimizers.lion import Lion
from keraslike._src.keras.optimizers.multi_optimizer import MultiOptimizer, OptimizerMap  # noqa: F401
from keraslike._src.keras.optimizers.muon import Muon
from keraslike._src.keras.optimizers.nadam import Nadam
from keraslike._src.keras.optimizers.optimizer import Optimizer  # noqa: F401
from keraslike._src.keras.optimizers.schedule_free_adamw import ScheduleFreeAdamW
from keraslike._src.keras.optimizers.optimizers import SGD, Adagrad, Adam, AdamW, RMSprop  # noqa: F401
from keraslike._src.keras.utils.lookup import lookup

_BY_NAME = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad,
            "adadelta": Adadelta, "adamax": Adamax, "nadam": Nadam, "ftrl": Ftrl, "lion": Lion,
            "lamb": Lamb, "adafactor": Adafactor, "muon": Muon,
            "schedulefreeadamw": ScheduleFreeAdamW}
_BY_CLASS = {cls.__name__: cls for cls in _BY_NAME.values()}


def register(name, cls):
    _BY_NAME[name] = cls
    _BY_CLASS[cls.__name__] = cls


def serialize(optimizer):
    """`{"module", "class_name", "config"}` for an optimizer, as Keras writes it."""
    return {"module": "keras.optimizers", "class_name": type(optimizer).__name__, "config": optimizer.get_config(),
            "registered_name": None}


def deserialize(config, custom_objects=None):
    """Build an optimizer from `serialize`'s dict.

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    table = {**_BY_NAME, **_BY_CLASS, **(custom_objects or {})}
    name = config["class_name"]
    key = name.lower() if name.lower() in _BY_NAME and name not in table else name
    return lookup("optimizer", key, table).from_config(config.get("config", {}))


def get(identifier):
    """Resolve `"adam"`, a class, a config dict, or an instance to an `Optimizer`.

    Raises:
        ValueError: "Could not interpret optimizer identifier" listing valid names.
    """
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Optimizer):
        return identifier()
    if isinstance(identifier, dict):
        return deserialize(identifier)
    key = identifier.lower() if isinstance(identifier, str) and identifier.lower() in _BY_NAME else identifier
    return lookup("optimizer", key, {**_BY_NAME, **_BY_CLASS})()
