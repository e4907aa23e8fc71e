"""A tf.Module holding lookup tables (static, vocabulary, mutable with inserts, dense) saved and loaded: TF keeps the
tables (a mutable table's entries too) and its loaded functions use them; keraslike dropped them from the object
tree (the loaded object had no `table`: AttributeError in its method). Golden:
tests/golden/make_saved_lookup_golden.py (the module in tests/golden/saved_lookup_cases.py)."""

import json
import os
import sys

import numpy as np

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import saved_lookup_cases  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "..", "golden", "saved_lookup.json")))


def _json(results):
    for part in ("call", "signature"):
        results[part] = {k: np.asarray(v).tolist() for k, v in results[part].items()}
    return results


def test_a_modules_tables_are_saved_and_used_after_loading(tmp_path):
    tf.saved_model.save(saved_lookup_cases.build(tf), str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    assert _json(saved_lookup_cases.results(tf, loaded)) == GOLDEN


def test_a_loaded_mutable_table_is_its_own_copy(tmp_path):
    module = saved_lookup_cases.build(tf)
    tf.saved_model.save(module, str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    loaded.mut.insert(tf.constant(["zz"]), tf.constant([4.0]))
    assert loaded.lookup(tf.constant(["zz"]))["mutable"].tolist() == [4.0]
    assert module.lookup(tf.constant(["zz"]))["mutable"].tolist() == [-5.0]
