"""The public face: public modules publish TF's names, never their own imports or helpers.

`keraslike/<ns>/...` modules only re-export. A module that re-exported with `import *` published whatever
its implementation imported (`tf.keras.activations.torch`, `tf.keras.losses.lookup`, the `_src` submodules
of `tf.keras.metrics`); they now list names one by one. Checked two ways: no public module holds a module
object other than a public keraslike module (or a submodule TF publishes there, such as
`tf.keras.datasets.mnist`), and the listed namespaces hold only names real TF 2.21 publishes there
(`tests/golden/public_face.json`, written by `tests/golden/make_public_face_golden.py`: Keras 3 and Keras 2).
"""

import importlib
import inspect
import json
import pkgutil
from pathlib import Path

import pytest

import keraslike

GOLDEN = json.loads((Path(__file__).parent / "golden" / "public_face.json").read_text())


def _public_modules():
    for info in pkgutil.walk_packages(keraslike.__path__, "keraslike."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            yield info.name


def _public_names(module):
    return {name for name in dir(module) if not name.startswith("_")}


def test_no_public_module_publishes_a_module_it_imported():
    leaks = {}
    for name in _public_modules():
        module = importlib.import_module(name)
        tf_names = set(GOLDEN.get(name.removeprefix("keraslike."), ()))
        for attr in sorted(_public_names(module)):
            value = getattr(module, attr)
            if not inspect.ismodule(value) or attr in tf_names:
                continue
            if not value.__name__.startswith("keraslike.") or "._src" in value.__name__:
                leaks.setdefault(name, []).append(f"{attr} ({value.__name__})")
    assert not leaks, f"module objects published by public modules: {leaks}"


@pytest.mark.parametrize("namespace", sorted(GOLDEN))
def test_listed_namespaces_publish_only_tf_names(namespace):
    module = importlib.import_module(f"keraslike.{namespace}")
    extra = sorted(_public_names(module) - set(GOLDEN[namespace]))
    assert not extra, f"keraslike.{namespace} publishes names TF does not: {extra}"


def test_registry_namespaces_keep_their_lookups():
    # the explicit lists dropped helpers, not the get/serialize/deserialize that Keras publishes
    for namespace in ("activations", "constraints", "initializers", "losses", "metrics", "regularizers"):
        module = importlib.import_module(f"keraslike.keras.{namespace}")
        assert {"get", "serialize", "deserialize"} <= _public_names(module), namespace
