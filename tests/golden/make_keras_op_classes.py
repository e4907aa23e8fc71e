"""Writes tests/golden/keras_op_classes.json under real TF 2.21 (Keras 3): every `keras.ops` Operation class a
functional config can hold, with its module and constructor arguments (what the config stores) and the
arguments of its `call` (what the inbound node stores). It also writes the same table as
keraslike/_src/keras/saving/keras_op_signatures.py, which keraslike uses to save `keras.ops` calls on symbolic
tensors as Keras 3 op nodes (tests/keras/saving/test_op_saving.py checks the two agree).

    /work/tfvenv/bin/python tests/golden/make_keras_op_classes.py
"""

import importlib
import inspect
import json
import os
import pprint

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
TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "keraslike", "_src", "keras", "saving",
                     "keras_op_signatures.py")
with open(TABLE, "w") as f:
    f.write('''"""Every Keras 3 op class: its module, constructor parameters (an op node's config) and call parameters.

Generated from real Keras 3 by tests/golden/make_keras_op_classes.py; do not edit by hand.
"""

# class name: (module, constructor parameters without `name`, call parameters)
''')
    table = {op["class_name"]: (op["module"], tuple(op["init"]), tuple(op["call"])) for op in out}
    f.write("SIGNATURES = " + pprint.pformat(table, width=116, sort_dicts=False) + "\n")
print(len(out))
