"""Write `keras2_get.json` (`keras2_get_cases.py` under tf_keras, TF 2.21 with TF_USE_LEGACY_KERAS=1).

Run: /work/tfvenv/bin/python tests/golden/make_keras2_get_golden.py
"""

import json
import os
import pathlib
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import keras2_get_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("keras2_get.json")
out.write_text(json.dumps(keras2_get_cases.run(tf), indent=1, sort_keys=True))
print("wrote", out)
