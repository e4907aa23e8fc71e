"""Writes tests/golden/numpy_dtype.json: the cases of numpy_dtype_cases.py under real TF 2.21, one process per
numpy-behaviour mode (TF's mode is global and must be set before anything else runs):

    /work/tfvenv/bin/python tests/golden/make_numpy_dtype_golden.py
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import numpy_dtype_cases  # noqa: E402

CHILD = """
import json, sys
import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp
sys.path.insert(0, {here!r})
import numpy_dtype_cases
kwargs = {kwargs!r}
if kwargs is not None:
    tnp.experimental_enable_numpy_behavior(**kwargs)
print("RESULT" + json.dumps(numpy_dtype_cases.run(tf, tnp, np)))
"""

results = {}
for mode, kwargs in numpy_dtype_cases.MODES.items():
    output = subprocess.run([sys.executable, "-c", CHILD.format(here=HERE, kwargs=kwargs)], capture_output=True,
                            text=True, check=True).stdout
    results[mode] = json.loads(next(line for line in output.splitlines() if line.startswith("RESULT"))[6:])
with open(os.path.join(HERE, "numpy_dtype.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(results, indent=1))
