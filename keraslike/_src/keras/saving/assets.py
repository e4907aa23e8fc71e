"""Layer assets in a `.keras` zip (keras/src/saving/saving_lib.py's `assets/` directory).

A layer with `save_assets(dir_path)` / `load_assets(dir_path)` (the lookup layers write `vocabulary.txt`)
gets its own folder `assets/<layer path>/` in the zip, the path being the one its weights have in
`model.weights.h5`, as Keras 3 lays it out. Reading copies each member in chunks to a temporary folder
(bounded memory), refuses names that would leave that folder, and caps every asset at `MAX_ASSET_BYTES`.
"""

import os
import posixpath
import shutil
import tempfile

from keraslike._src.keras.saving import weights_h5

ASSETS_DIR = "assets"
MAX_ASSET_BYTES = 1 << 30


def _asset_layers(model, method):
    for path, layer in weights_h5.walk(model):
        if callable(getattr(layer, method, None)):
            yield path, layer


def write_assets(model, zf):
    """Add every layer's assets to the open (writable) zip `zf`."""
    for path, layer in _asset_layers(model, "save_assets"):
        with tempfile.TemporaryDirectory() as tmp:
            layer.save_assets(tmp)
            for base, _, files in os.walk(tmp):
                for name in sorted(files):
                    full = os.path.join(base, name)
                    rel = os.path.relpath(full, tmp).replace(os.sep, "/")
                    zf.write(full, posixpath.join(ASSETS_DIR, path, rel))


def _safe_relative(name, prefix):
    rel = name[len(prefix):]
    parts = rel.split("/")
    if not rel or any(p in ("", ".", "..") for p in parts) or "\\" in rel:
        return None
    return parts


def read_assets(model, zf, filepath):
    """Hand each layer with `load_assets` its folder of the open zip `zf` (nothing when it has none).

    Raises:
        ValueError: an asset member declares more than `MAX_ASSET_BYTES` or a name leaving its folder.
    """
    names = zf.namelist()
    for path, layer in _asset_layers(model, "load_assets"):
        prefix = posixpath.join(ASSETS_DIR, path) + "/" if path else ASSETS_DIR + "/"
        members = [n for n in names if n.startswith(prefix) and not n.endswith("/")]
        if not members:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            for name in members:
                parts = _safe_relative(name, prefix)
                info = zf.getinfo(name)
                if parts is None or info.file_size > MAX_ASSET_BYTES:
                    raise ValueError(f"Cannot load {filepath}: the asset `{name}` is "
                                     f"{'larger than 1 GiB' if parts else 'named outside its folder'}. "
                                     f"Received: filepath={filepath}")
                target = os.path.join(tmp, *parts)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with zf.open(name) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
            layer.load_assets(tmp)
