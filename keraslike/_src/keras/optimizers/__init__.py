"""Optimizer lookup: `keras.optimizers.get("adam")`."""

from keraslike._src.keras.optimizers.optimizer import Optimizer  # noqa: F401
from keraslike._src.keras.optimizers.optimizers import SGD, Adagrad, Adam, AdamW, RMSprop  # noqa: F401
from keraslike._src.keras.utils.lookup import lookup

_BY_NAME = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad}
_BY_CLASS = {cls.__name__: cls for cls in _BY_NAME.values()}


def register(name, cls):
    _BY_NAME[name] = cls
    _BY_CLASS[cls.__name__] = cls


def get(identifier):
    """Resolve `"adam"`, a class, or an instance to an `Optimizer`.

    Raises:
        ValueError: "Could not interpret optimizer identifier" listing valid names.
    """
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Optimizer):
        return identifier()
    key = identifier.lower() if isinstance(identifier, str) and identifier.lower() in _BY_NAME else identifier
    return lookup("optimizer", key, {**_BY_NAME, **_BY_CLASS})()
