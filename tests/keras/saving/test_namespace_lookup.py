"""Constraints, regularizers, optimizers, losses and metrics resolve configs through one registry
(`saving/namespace_lookup.py`), as Keras: a class registered with `register_keras_serializable` is written under its
`"package>name"` and found again by `deserialize`/`get` (an optimizer's `get` also takes that name), as are
`custom_objects` and `custom_object_scope` names. Before, these namespaces wrote `registered_name: None` and looked
only at their own classes. Golden: `tests/golden/namespace_lookup.json`.
"""

import json
import pathlib
import sys

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[2] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import namespace_lookup_cases  # noqa: E402

GOLD = json.loads((GOLDEN_DIR / "namespace_lookup.json").read_text())


def test_registered_classes_round_trip_as_in_keras():
    assert namespace_lookup_cases.run(tf.keras) == GOLD
