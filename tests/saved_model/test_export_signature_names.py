"""`Model.export`'s `serving_default` argument names for unnamed specs are TF's (`args_0`, `args_0_1`).

Golden: tests/golden/make_export_signature_names.py under TF 2.21.
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "golden"))
import export_signature_cases  # noqa: E402

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "export_signature_names.json")))


def _names(model, path, **kwargs):
    model.export(str(path), verbose=False, **kwargs)
    return sorted(tf.saved_model.load(str(path)).signatures["serving_default"].structured_input_signature[1])


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_serving_default_argument_names_are_tfs(case, tmp_path):
    one, two = export_signature_cases.models(keras, np)
    kwargs = {"explicit": {"input_signature": [tf.TensorSpec((None, 3))]},
              "explicit_named": {"input_signature": [tf.TensorSpec((None, 3), name="q")]}}.get(case, {})
    assert _names(two if case == "subclassed_list" else one, tmp_path / case, **kwargs) == GOLDEN[case]
