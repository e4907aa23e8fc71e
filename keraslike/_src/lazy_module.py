"""A module imported on first attribute access, for dependencies that only some programs use.

`import keraslike` runs in every program and every replica a strategy launches; a dependency that only a few
code paths need (h5py: `.h5` / `.keras` weight files, ~25 ms of CPU to import) should not be paid there. A
module-level `h5py = LazyModule("h5py")` keeps the call sites as they are (`h5py.File(...)`,
`isinstance(obj, h5py.Group)`): the first attribute read imports the real module.

Example:
    h5py = LazyModule("h5py")
    with h5py.File(path, "r") as f:   # h5py is imported here, once
        ...
"""

import importlib


class LazyModule:
    """Stands for the module `name`; the first attribute read imports it (later reads are plain lookups)."""

    def __init__(self, name):
        self._name = name
        self._module = None

    def __getattr__(self, attribute):
        # only attributes not set in __init__ reach here: the real module's
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attribute)

    def __repr__(self):
        state = "imported" if self._module is not None else "not imported yet"
        return f"<LazyModule {self._name!r} ({state})>"
