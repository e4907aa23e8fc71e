"""The public face: public modules publish TF's names, never their own imports or helpers.

`keraslike/<ns>/...` modules only re-export. A module that re-exported with `import *` published whatever
its implementation imported (`tf.keras.activations.torch`, `tf.keras.losses.lookup`, the `_src` submodules
of `tf.keras.metrics`); they now list names one by one. Checked two ways: no public module holds a module
object other than a public keraslike module (or a submodule TF publishes there, such as
`tf.keras.datasets.mnist`), and every public module holds only names real TF 2.21 publishes at its path
(`tests/golden/public_face.json`, written by `tests/golden/make_public_face_golden.py`: TF, Keras 3 and Keras 2)
or names listed in `EXTENSIONS` below, each on purpose.
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


# Names keraslike publishes where TF 2.21 has none, on purpose.
EXTENSIONS = {
    # TF1 programs' top-level names (`tf.Session`, `tf.placeholder`, ...), as `tf.compat.v1` has them.
    "": {"ConfigProto", "GPUOptions", "GraphOptions", "InteractiveSession", "Session", "VERSION", "cumprod",
         "floordiv", "get_default_session", "global_variables_initializer", "initialize_all_variables",
         "local_variables_initializer", "placeholder", "reset_default_graph", "variables_initializer"},
    # TF1's `tf.layers` functions and classes (TF 2.21's `tf.compat.v1.layers` kept only InputSpec).
    "compat.v1.layers": {"Conv2D", "Dense", "average_pooling2d", "batch_normalization", "conv2d", "dense",
                         "dropout", "flatten", "max_pooling2d"},
    "compat.v1.saved_model": {"LoadOptions", "SavedModelBuilder"},
    "config.experimental": {"LogicalDeviceConfiguration", "get_logical_device_configuration",
                            "set_logical_device_configuration"},
    "data": {"DistributeOptions", "TensorShape", "TensorSpec"},
    # keraslike's own: per-replica values, notebook launching, FSDP sharding.
    "distribute": {"PerReplica", "notebook_launcher"},
    "distribute.experimental": {"PerReplica", "fully_shard"},
    "errors": {"error_code_from_exception_type", "exception_type_from_error_code"},
    "experimental.numpy": {"degrees", "fmod", "invert", "median", "nan", "radians", "rint"},
    "io.gfile": {"Open"},
    # Keras 2 / tf.compat.v1.keras utilities.
    "keras.utils": {"DeterministicRandomTestTool", "get_or_create_layer", "multi_gpu_model",
                    "track_tf1_style_variables"},
    "linalg": {"matrix_square_root"},
    "math": {"cast", "matmul", "tensordot", "truncatediv", "truncatemod"},
    "ragged": {"RaggedTensor"},
    "train": {"CheckpointLoadStatus"},
    "version": {"KERASLIKE_VERSION"},
}


def test_every_public_module_is_in_the_golden():
    paths = {name.removeprefix("keraslike").lstrip(".") for name in _public_modules()} | {""}
    assert paths == set(GOLDEN), "re-run tests/golden/make_public_face_golden.py"


@pytest.mark.parametrize("namespace", sorted(GOLDEN))
def test_public_modules_publish_only_tf_names(namespace):
    module = importlib.import_module(f"keraslike.{namespace}".rstrip("."))
    extra = sorted(_public_names(module) - set(GOLDEN[namespace]) - EXTENSIONS.get(namespace, set()))
    assert not extra, f"keraslike.{namespace} publishes names TF does not: {extra}"


def test_extensions_are_still_published_and_not_tf_names():
    for namespace, names in EXTENSIONS.items():
        module = importlib.import_module(f"keraslike.{namespace}".rstrip("."))
        assert names <= _public_names(module), namespace
        assert not names & set(GOLDEN[namespace]), namespace


def test_registry_namespaces_keep_their_lookups():
    # the explicit lists dropped helpers, not the get/serialize/deserialize that Keras publishes
    for namespace in ("activations", "constraints", "initializers", "losses", "metrics", "regularizers"):
        module = importlib.import_module(f"keraslike.keras.{namespace}")
        assert {"get", "serialize", "deserialize"} <= _public_names(module), namespace
