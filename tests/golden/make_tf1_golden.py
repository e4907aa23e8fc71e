"""Goldens of the classic TF1 programs in `tf1_programs.py`, run by real TensorFlow 2.21 through tf.compat.v1.

Run (TF venv):  /work/tfvenv/bin/python tests/golden/make_tf1_golden.py
Writes tests/golden/tf1_programs.json.
"""

import json
import os
import pathlib
import sys
import tempfile

os.environ["TF_USE_LEGACY_KERAS"] = "1"  # tf.compat.v1.layers lives in tf_keras (Keras 2) in TF 2.21

import tensorflow.compat.v1 as tf  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import tf1_programs  # noqa: E402

tf.disable_v2_behavior()

results = {name: program(tf) for name, program in tf1_programs.PROGRAMS.items()}
with tempfile.TemporaryDirectory() as tmp:
    results["saver_round_trip"] = tf1_programs.saver_round_trip(tf, tmp)
with tempfile.TemporaryDirectory() as tmp:
    results["summaries"] = tf1_programs.summaries(tf, tmp, tf.train.summary_iterator)
out = pathlib.Path(__file__).with_name("tf1_programs.json")
out.write_text(json.dumps(results, indent=1, sort_keys=True))
print("wrote", out)
