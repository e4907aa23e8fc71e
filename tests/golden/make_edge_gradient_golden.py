"""Write `edge_gradients.json` (values and gradients of `edge_gradient_cases.py`) under real TF 2.21.

Run: /work/tfvenv/bin/python tests/golden/make_edge_gradient_golden.py
"""

import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import edge_gradient_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("edge_gradients.json")
out.write_text(json.dumps(edge_gradient_cases.run(tf), indent=1, sort_keys=True))
print("wrote", out)
