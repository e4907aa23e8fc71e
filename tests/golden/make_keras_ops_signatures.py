"""Under real TF 2.21 (Keras 3.15): the parameter names of every `keras.ops` function (`keras.ops.*`,
`keras.ops.nn|linalg|image.*`) -> tests/golden/keras_ops_signatures.json; tests/keras/ops/test_ops_signatures.py
compares keraslike's.

    /work/tfvenv/bin/python tests/golden/make_keras_ops_signatures.py
"""

import inspect
import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

out = {}
for family in ["", "nn", "linalg", "image"]:
    module = getattr(keras.ops, family) if family else keras.ops
    for name in sorted(dir(module)):
        fn = getattr(module, name)
        if name.startswith("_") or not callable(fn) or isinstance(fn, type) or inspect.ismodule(fn):
            continue
        out[f"{family}.{name}".lstrip(".")] = list(inspect.signature(fn).parameters)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras_ops_signatures.json"), "w") as f:
    json.dump(out, f, indent=0, sort_keys=True)
print(len(out))
