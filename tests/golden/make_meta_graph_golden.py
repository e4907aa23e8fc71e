"""Goldens of the meta-graph programs in `meta_graph_cases.py`, run by real TensorFlow 2.21, and a `.meta` file
TF writes (for the test that keraslike refuses TF's MetaGraphDef naming its ops).

Run (TF venv):  /work/tfvenv/bin/python tests/golden/make_meta_graph_golden.py
Writes tests/golden/meta_graph.json and tests/golden/tf_multiply.meta.
"""

import json
import os
import pathlib
import sys
import tempfile

os.environ["TF_USE_LEGACY_KERAS"] = "1"  # tf.compat.v1.layers lives in tf_keras (Keras 2) in TF 2.21

import tensorflow as tf  # noqa: E402
import tensorflow.compat.v1 as tf1  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import meta_graph_cases  # noqa: E402

here = pathlib.Path(__file__).parent
results = {}
for name, case in meta_graph_cases.CASES.items():
    with tempfile.TemporaryDirectory() as tmp:
        results[name] = case(tf, tf1, tmp)
        if name == "multiply_round_trip":
            with tf.Graph().as_default():
                tf1.train.import_meta_graph(f"{tmp}/multiply.pb")
                tf1.train.export_meta_graph(str(here / "tf_multiply.meta"))  # binary MetaGraphDef
(here / "meta_graph.json").write_text(json.dumps(results, indent=1, sort_keys=True))
print(json.dumps(results, indent=1, sort_keys=True))
