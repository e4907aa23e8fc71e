"""Loaded signatures whose inputs have unknown rank or are strings, as guide/saved_model's last cells use them.

TF knows such a signature's output specs from its traced graph (`structured_outputs` of `TensorSpec(None)` in gives
`{'custom_output_name': TensorSpec(shape=<unknown>, ...)}`); keraslike saves these functions without a torch.export
program and raised NotImplementedError for `structured_outputs`. Now the specs come from keraslike's trace at save
time. Goldens: tests/golden/make_saved_signature_outputs_golden.py (cases in tests/golden/saved_signature_cases.py).
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import saved_signature_cases  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "..", "golden", "saved_signature_outputs.json")))

LOADER = """
import json, sys
import keraslike as tf
loaded = tf.saved_model.load(sys.argv[1])
out = {"type": type(loaded).__name__, "signatures": {}}
for key, function in loaded.signatures.items():
    out["signatures"][key] = {
        "outputs": {k: [None if v.shape.rank is None else v.shape.as_list(), v.dtype.name]
                    for k, v in function.structured_outputs.items()},
        "inputs": {k: [None if v.shape.rank is None else v.shape.as_list(), v.dtype.name]
                   for k, v in function.structured_input_signature[1].items()},
        "printed": function.pretty_printed_signature().splitlines()}
sys.path.insert(0, sys.argv[2])
import numpy as np
import saved_signature_cases  # its CALLS only: the class is never defined here
out["calls"] = []
for key, kwargs in saved_signature_cases.CALLS:
    try:
        result = loaded.signatures[key](**kwargs)
        out["calls"].append({k: np.asarray(v).tolist() for k, v in result.items()})
    except NotImplementedError as err:  # a string input: no program
        out["calls"].append("no program: string" if "string tensor" in str(err) else str(err))
try:
    loaded.signatures["plain"](x=np.ones((1, 1, 1, 1, 1), "float32"))
except ValueError as err:  # rank 5: no program saved for it
    out["rank5"] = str(err)
print("RESULTS" + json.dumps(out))
"""


def _spec(spec):
    return [None if spec.shape.rank is None else spec.shape.as_list(), spec.dtype.name]


def _output_type_entries(line):
    """The `[name, spec]` entries of a printed `Dict[[...], [...]]` (TF's order of a loaded signature's outputs
    is its SignatureDef map's, not the function's)."""
    return sorted(line.strip()[len("Dict[["):-len("]]")].split("], ["))


def _check_printed(printed, expected):
    assert printed[:printed.index("Output Type:") + 1] == expected[:-1]
    assert _output_type_entries(printed[printed.index("Output Type:") + 1]) == _output_type_entries(expected[-1])


def _check_signatures(found):
    assert sorted(found) == sorted(GOLDEN["signatures"])
    for key, expected in GOLDEN["signatures"].items():
        assert found[key]["outputs"] == expected["outputs"], key
        assert found[key]["inputs"] == expected["inputs"], key
        _check_printed(found[key]["printed"], expected["printed"])


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("signatures") / "module")
    module, signatures = saved_signature_cases.build(tf)
    tf.saved_model.save(module, path, signatures=signatures)
    return path


def test_loaded_signature_specs_printing_and_calls_match_tf(saved):
    loaded = tf.saved_model.load(saved)
    _check_signatures({key: {"outputs": {k: _spec(v) for k, v in f.structured_outputs.items()},
                             "inputs": {k: _spec(v) for k, v in f.structured_input_signature[1].items()},
                             "printed": f.pretty_printed_signature().splitlines()}
                       for key, f in loaded.signatures.items()})
    for (key, kwargs), expected in zip(saved_signature_cases.CALLS, GOLDEN["calls"]):
        result = loaded.signatures[key](**kwargs)
        assert sorted(result) == sorted(expected), key
        for name, want in expected.items():
            got = np.asarray(result[name])
            if want["dtype"] == "string":
                got = np.vectorize(lambda b: b.decode())(got)
                assert got.tolist() == want["value"], (key, name)
            else:
                assert got.dtype == np.dtype(want["dtype"]), (key, name)
                np.testing.assert_allclose(got, np.asarray(want["value"], want["dtype"]))


def test_the_guides_custom_output_name_signature(tmp_path):
    class CustomModuleWithOutputName(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.)

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def __call__(self, x):
            return {'custom_output_name': x * self.v}

    module_output = CustomModuleWithOutputName()
    call_output = module_output.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    tf.saved_model.save(module_output, str(tmp_path), signatures={'serving_default': call_output})
    outputs = tf.saved_model.load(str(tmp_path)).signatures['serving_default'].structured_outputs
    assert repr(outputs) == ("{'custom_output_name': TensorSpec(shape=<unknown>, dtype=tf.float32, "
                             "name='custom_output_name')}")


@pytest.mark.slow
def test_specs_are_known_where_the_class_is_not(saved):
    """A process that never defines the class loads a _UserObject: the specs and printing are the saved ones, and
    the signatures of unknown-rank inputs run (before: NotImplementedError, no program)."""
    env = {**os.environ, "PYTHONPATH": ROOT, "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-c", LOADER, saved, os.path.join(HERE, "..", "golden")],
                          cwd=os.path.dirname(saved), env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    found = json.loads(done.stdout.split("RESULTS", 1)[1])
    assert found["type"] == "_UserObject"
    _check_signatures(found["signatures"])
    # inputs of unknown rank run a program per rank (0 to 4); string inputs have none (README)
    for (key, kwargs), got, expected in zip(saved_signature_cases.CALLS, found["calls"], GOLDEN["calls"]):
        if any(v.dtype == object for v in kwargs.values()):
            assert got == "no program: string", key
            continue
        assert sorted(got) == sorted(expected), key
        for name, want in expected.items():
            np.testing.assert_allclose(np.asarray(got[name]), np.asarray(want["value"], want["dtype"]))
    assert "ranks [0, 1, 2, 3, 4]" in found["rank5"] and "(1, 1, 1, 1, 1)" in found["rank5"]


def test_a_body_that_cannot_run_on_example_values_has_unknown_outputs_not_none(tmp_path):
    """`tf.reshape` of an unknown-rank input to [-1, 3] fails on keraslike's scalar example: TF's static shapes
    are out of reach, so `structured_outputs` raises rather than claiming the function returns nothing."""

    class Mixed(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32), tf.TensorSpec([None, 3], tf.float32)])
        def __call__(self, x, y):
            return tf.reshape(x, [-1, 3]) + y

    tf.saved_model.save(Mixed(), str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    assert list(loaded.signatures) == ["serving_default"]  # TF too: the one input-signature method
    serving = loaded.signatures["serving_default"]
    with pytest.raises(NotImplementedError, match="could not trace it"):
        _ = serving.structured_outputs
    result = serving(x=np.ones(6, "float32"), y=np.ones((2, 3), "float32"))
    np.testing.assert_allclose(result["output_0"], np.full((2, 3), 2.0))


def test_export_archive_endpoints_of_unknown_rank_and_strings(tmp_path):
    """An ExportArchive endpoint is a tf.function of `*args`: its trace for the input signature bound no argument
    (TypeError, so the specs were unknown)."""
    saved_signature_cases.build_archive(tf).write_out(str(tmp_path), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path))
    assert {key: {k: _spec(v) for k, v in f.structured_outputs.items()}
            for key, f in loaded.signatures.items()} == GOLDEN["archive"]
    np.testing.assert_allclose(np.asarray(loaded.anyrank(tf.constant([[1.0, 2.0]]))), GOLDEN["archive_call"]["value"])


def test_a_concrete_function_of_star_args_binds_the_input_signature():
    """`tf.function(lambda *a: ..., input_signature=[...]).get_concrete_function()` (TF 2.21's reprs)."""
    c = tf.function(lambda *a: a[0] * 2.0, input_signature=[tf.TensorSpec([None], tf.float32)]).get_concrete_function()
    assert repr(c.structured_outputs) == "TensorSpec(shape=(None,), dtype=tf.float32, name=None)"
    assert repr(c.structured_input_signature) == \
        "((TensorSpec(shape=(None,), dtype=tf.float32, name='a_0'),), {})"

    def g(x, *rest):
        return x + rest[0]

    g = tf.function(g, input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
    assert repr(g.get_concrete_function().structured_input_signature) == (
        "((TensorSpec(shape=(None,), dtype=tf.float32, name='x'), "
        "TensorSpec(shape=(None,), dtype=tf.float32, name='rest_0')), {})")
