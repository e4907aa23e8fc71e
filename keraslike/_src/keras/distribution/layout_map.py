"""`keras.distribution.LayoutMap`: variable paths (regular expressions) -> `TensorLayout`."""

import collections
import re

from keraslike._src.keras.distribution.device_mesh import TensorLayout


class LayoutMap(collections.abc.MutableMapping):
    """`keras.distribution.LayoutMap(device_mesh)`: a dict whose keys are regular expressions over variable paths.

    Lookup (`layout_map[path]`, as Keras 3 of TF 2.21): an exact key wins; otherwise the one key that
    `re.fullmatch`es the path; None when none does. Values may be given as tuples of axis names, which become
    `TensorLayout`s on this map's mesh.

    Args:
        device_mesh: the `DeviceMesh` the layouts refer to.

    Raises:
        ValueError: on a duplicate key, a value that is neither a `TensorLayout` nor a tuple, or a lookup
            that several keys match.

    Example:
    >>> layout_map = keras.distribution.LayoutMap(mesh)
    >>> layout_map["dense.*kernel"] = (None, "model")
    >>> layout_map["dense/kernel"].axes
    (None, 'model')
    """

    def __init__(self, device_mesh):
        self._layout_map = collections.OrderedDict()
        self._device_mesh = device_mesh

    def __getitem__(self, key):
        if key in self._layout_map:
            return self._layout_map[key]
        matching = [pattern for pattern in self._layout_map if re.fullmatch(pattern, key)]
        if len(matching) > 1:
            raise ValueError(f"Path '{key}' matches multiple layout specification keys: {matching}. Please make "
                             "sure each tensor/variable path only matches at most one layout specification key in "
                             f"the LayoutMap. Received: key={key!r}")
        return self._layout_map[matching[0]] if matching else None

    def get(self, key, default=None):
        found = self[key]
        return default if found is None else found

    def __setitem__(self, key, layout):
        if key in self._layout_map:
            raise ValueError(f"{key} already exist in the LayoutMap with value {self._layout_map[key]}. Please make "
                             f"sure to not use duplicated keys. Received: key={key!r}")
        if isinstance(layout, (tuple, list)):
            layout = TensorLayout(axes=layout, device_mesh=None)
        if not isinstance(layout, TensorLayout):
            raise ValueError(f"Expected a TensorLayout or a tuple of axis names. Received: layout={layout!r} "
                             f"(of type {type(layout)})")
        if layout.device_mesh is None and self._device_mesh is not None:
            layout.device_mesh = self._device_mesh
        self._layout_map[key] = layout

    def __delitem__(self, key):
        return self._layout_map.pop(key)

    def __len__(self):
        return len(self._layout_map)

    def __iter__(self):
        return iter(self._layout_map)

    @property
    def device_mesh(self):
        return self._device_mesh
