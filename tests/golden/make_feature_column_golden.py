"""Writes tests/golden/feature_columns.json under real TF 2.21 (Keras 2, tf_keras): `tf.feature_column` columns
through `tf.keras.layers.DenseFeatures`, on the inputs of the feature-column migration guide and of the
structured-data feature-column tutorial. Embedding tables are set to fixed values (`set_weights`) so outputs
are comparable; each case records the layer's output, its weights' names and shapes.

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_feature_column_golden.py
"""

import json
import os
import sys

import numpy as np

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tensorflow as tf  # noqa: E402
import tensorflow.compat.v1 as tf1  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from feature_column_cases import CASES, VOCAB_FILE_LINES, table  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(case, vocab_file):
    columns, features = case(tf, tf1, vocab_file)
    layer = tf.keras.layers.DenseFeatures(columns)
    layer(features)  # builds
    weights = layer.get_weights()
    if weights:
        layer.set_weights([table(w.shape) for w in weights])
    out = layer(features)
    return {"output": np.asarray(out).tolist(), "dtype": out.dtype.name,
            "weights": [[w.name, list(w.shape)] for w in layer.weights]}


def main():
    vocab_file = os.path.join(HERE, "feature_column_vocab.txt")
    with open(vocab_file, "w") as f:
        f.write("\n".join(VOCAB_FILE_LINES) + "\n")
    out = {}
    for name, case in CASES.items():
        try:
            out[name] = run(case, vocab_file)
        except Exception as err:  # noqa: BLE001 - the error TF raises is the golden
            out[name] = {"error": type(err).__name__, "message": str(err)[:300]}
    with open(os.path.join(HERE, "feature_columns.json"), "w") as f:
        json.dump(out, f, indent=1)
    for k, v in out.items():
        print(k, v if not isinstance(v, dict) else (v.get("output") or v))


if __name__ == "__main__":
    main()
