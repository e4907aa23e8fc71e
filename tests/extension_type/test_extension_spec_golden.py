"""`Dataset.element_spec` of ExtensionType elements against real TF 2.21 (new-user check 4, defect E; goldens from
tests/golden/make_extension_spec_golden.py, cases in tests/golden/extension_spec_cases.py): the spec is TF's
`Cls.Spec` (not a `Cls` value holding TensorSpecs) for slices, from_tensors, map, batch, unbatch, zip and
from_generator; it prints, compares and hashes as TF's and works as a tf.function input_signature."""

import json
import os
import sys

import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import extension_spec_cases  # noqa: E402

GOLD = json.loads(open(os.path.join(HERE, "..", "golden", "extension_spec.json")).read())


@pytest.fixture(scope="module")
def ours():
    return json.loads(json.dumps(extension_spec_cases.run(tf)))


@pytest.mark.parametrize("case", sorted(GOLD))
def test_matches_tf(ours, case):
    assert ours[case] == GOLD[case]
