"""`keras.utils.Config` (keras/src/utils/config.py): a dict of named values with attribute access.

`Config(**kwargs)`; `config.name = value` / `config["name"] = value` set entries, `config.name` /
`config["name"]` read them (an unknown attribute raises AttributeError suggesting the closest name);
`freeze()` makes every mutation (setting, `pop`, `update`, `del`) raise ValueError until `unfreeze()`.
`keys()`/`values()`/`items()`/`get()` as a dict; iterating yields the keys sorted; `as_dict()` a shallow
copy; `to_json()` a JSON string.
"""

import copy
import difflib
import json


class Config:
    """A container of named values; see the module docstring."""

    _OWN = frozenset({"_config", "_frozen"})

    def __init__(self, **kwargs):
        object.__setattr__(self, "_config", dict(kwargs))
        object.__setattr__(self, "_frozen", False)

    @property
    def frozen(self):
        """True while the config is frozen."""
        return self._frozen

    def freeze(self):
        """Forbid further changes (they raise ValueError)."""
        object.__setattr__(self, "_frozen", True)

    def unfreeze(self):
        """Allow changes again."""
        object.__setattr__(self, "_frozen", False)

    def _check_mutable(self):
        if self._frozen:
            raise ValueError("Cannot mutate attribute(s) because the config is frozen.")

    def as_dict(self):
        """A shallow copy of the entries as a dict."""
        return copy.copy(self._config)

    def to_json(self):
        """The entries as a JSON string."""
        return json.dumps(self._config)

    def keys(self):
        return self._config.keys()

    def values(self):
        return self._config.values()

    def items(self):
        return self._config.items()

    def get(self, keyname, value=None):
        return self._config.get(keyname, value)

    def pop(self, *args):
        self._check_mutable()
        return self._config.pop(*args)

    def update(self, *args, **kwargs):
        self._check_mutable()
        return self._config.update(*args, **kwargs)

    def __setattr__(self, name, value):
        if name in self._OWN or hasattr(type(self), name):
            return object.__setattr__(self, name, value)
        self._check_mutable()
        self._config[name] = value

    def __getattr__(self, name):  # only called when normal lookup fails
        config = self.__dict__.get("_config")
        if config is None:
            raise AttributeError(name)
        if name in config:
            return config[name]
        message = f"Unknown attribute: '{name}'."
        close = difflib.get_close_matches(name, [str(k) for k in config], n=1, cutoff=0.7)
        if close:
            message += f" Did you mean '{close[0]}'?"
        raise AttributeError(message)

    def __setitem__(self, key, item):
        self._check_mutable()
        self._config[key] = item

    def __getitem__(self, key):
        return self._config[key]

    def __delitem__(self, key):
        self._check_mutable()
        del self._config[key]

    def __contains__(self, item):
        return item in self._config

    def __len__(self):
        return len(self._config)

    def __iter__(self):
        return iter(sorted(self._config))

    def __repr__(self):
        return f"<Config {self._config}>"
