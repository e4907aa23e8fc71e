"""`tf.raw_ops`: every op keraslike provides has TF 2.21's argument names and defaults
(tests/golden/make_raw_ops_golden.py), takes keyword arguments only, and raises TF's TypeError otherwise. Values
against TF: tests/ops/test_issue25_docb_golden.py (raw_* cases)."""

import inspect
import json
import os

import pytest
import torch

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "golden", "raw_ops_signatures.json")) as f:
    SIGNATURES = json.load(f)


def _tf_repr(value):
    if isinstance(value, torch.dtype):
        return "tf." + str(value).replace("torch.", "")
    return repr(value)


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signature_is_tfs(name):
    params = inspect.signature(getattr(tf.raw_ops, name)).parameters.values()
    ours = [[p.name, None if p.default is inspect.Parameter.empty else _tf_repr(p.default)] for p in params]
    assert ours == SIGNATURES[name]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params)


def test_positional_and_unknown_arguments_raise_as_tf():
    with pytest.raises(TypeError, match=r"add_v2 only takes keyword args \(possible keys: \['x', 'y', 'name'\]\)"):
        tf.raw_ops.AddV2(1, 2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        tf.raw_ops.AddV2(x=1, y=2, z=3)
    with pytest.raises(TypeError, match="missing 1 required keyword argument: 'y'"):
        tf.raw_ops.AddV2(x=1)


def test_exported_names_are_the_golden_list():
    assert sorted(tf.raw_ops.__all__) == sorted(SIGNATURES)
