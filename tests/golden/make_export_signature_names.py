"""Golden: the `serving_default` argument names of `Model.export` for unnamed specs (TF 2.21, Keras 3).

Run under real TensorFlow: `python tests/golden/make_export_signature_names.py` writes
export_signature_names.json next to this script.
"""

import json
import os
import sys
import tempfile

import keras
import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_signature_cases  # noqa: E402


def names(model, **kwargs):
    with tempfile.TemporaryDirectory() as d:
        model.export(d, verbose=False, **kwargs)
        return sorted(tf.saved_model.load(d).signatures["serving_default"].structured_input_signature[1])


one, two = export_signature_cases.models(keras, np)
out = {
    "subclassed": names(one),
    "explicit": names(one, input_signature=[tf.TensorSpec((None, 3))]),
    "explicit_named": names(one, input_signature=[tf.TensorSpec((None, 3), name="q")]),
    "subclassed_list": names(two),
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "export_signature_names.json"), "w") as f:
    json.dump(out, f, indent=1)
