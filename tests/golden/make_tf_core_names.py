"""Write `tests/golden/tf_core_names.json`: the public names of TF 2.21's core namespaces.

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_tf_core_names.py

`tests/test_public_api.py::test_tf_core_namespaces_cover_tf_2_21` checks keraslike against it.
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

NAMESPACES = ["", "nest", "debugging", "autograph", "autograph.experimental", "test", "test.experimental",
              "types.experimental", "types.experimental.distributed", "summary", "summary.experimental", "dtypes",
              "image", "io"]


def main():
    out = {"versions": {"tensorflow": tf.__version__}, "namespaces": {}}
    for namespace in NAMESPACES:
        obj = tf
        for part in namespace.split(".") if namespace else []:
            obj = getattr(obj, part)
        out["namespaces"][namespace or "tf"] = sorted(n for n in dir(obj) if not n.startswith("_"))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_core_names.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
