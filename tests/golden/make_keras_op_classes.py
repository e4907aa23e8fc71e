"""Writes tests/golden/keras_op_classes.json under real TF 2.21 (Keras 3): every `keras.ops` Operation class a
functional config can hold, with its module and constructor arguments (what the config stores) and the
arguments of its `call` (what the inbound node stores).

    /work/tfvenv/bin/python tests/golden/make_keras_op_classes.py
"""

import importlib
import inspect
import json
import os

from keras.src.ops.operation import Operation

out = []
for family in ["numpy", "core", "math", "nn", "linalg", "image", "einops"]:
    module = importlib.import_module(f"keras.src.ops.{family}")
    for name, cls in sorted(vars(module).items()):
        if not (isinstance(cls, type) and issubclass(cls, Operation) and cls.__module__ == module.__name__):
            continue
        init = [p for p in list(inspect.signature(cls.__init__).parameters)[1:] if p not in ("name", "kwargs")]
        call = list(inspect.signature(cls.call).parameters)[1:]
        out.append({"module": module.__name__, "class_name": name, "init": init, "call": call})
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras_op_classes.json"), "w") as f:
    json.dump(out, f, indent=0)
print(len(out))
