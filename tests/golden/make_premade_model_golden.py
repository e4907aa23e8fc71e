"""Goldens of `premade_model_cases.py` from real TensorFlow 2.21 with tf_keras (Keras 2).

Run (TF venv):  /work/tfvenv/bin/python tests/golden/make_premade_model_golden.py
Writes tests/golden/premade_models.json.
"""

import json
import os
import pathlib
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"  # tf.compat.v1.keras.experimental is tf_keras's

import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import premade_model_cases  # noqa: E402

results = {variant: premade_model_cases.program(tf, variant) for variant in premade_model_cases.VARIANTS}
results["weight_order"] = premade_model_cases.weight_order(tf)
out = pathlib.Path(__file__).with_name("premade_models.json")
out.write_text(json.dumps(results, indent=1, sort_keys=True))
print(json.dumps(results, indent=1, sort_keys=True))
