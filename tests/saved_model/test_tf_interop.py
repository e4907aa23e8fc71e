"""SavedModels across TF and keraslike (issue 23 items 3-5), against goldens from real TF 2.21
(tests/golden/make_saved_model_golden.py, cases in saved_model_cases.py):

  * TF -> keraslike: a real TF SavedModel loads as its objects and variables by TF's attribute paths; its
    functions and signatures raise when called (TF graphs cannot run on PyTorch), saying how to rebuild.
  * keraslike -> TF: the variables of keraslike's SavedModels (keraslike_saved_models/, written by
    make_keraslike_saved_models.py) are TF checkpoints that TF 2.21 reads and restores with assert_consumed().
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden")
sys.path.insert(0, GOLDEN_DIR)

import saved_model_cases as cases  # noqa: E402

with open(os.path.join(GOLDEN_DIR, "tf_saved_model_golden.json")) as _f:
    GOLDEN = json.load(_f)


def test_tf_module_saved_model_variables_by_path():
    expected = GOLDEN["module"]
    loaded = tf.saved_model.load(os.path.join(GOLDEN_DIR, "tf_module_saved_model"))
    values = {"hidden.w": loaded.hidden.w, "hidden.b": loaded.hidden.b, "out.w": loaded.out.w,
              "scale": loaded.scale, "extras[0]": loaded.extras[0]}
    for path, value in values.items():
        np.testing.assert_array_equal(value.numpy(), np.asarray(expected["variables"][path], "float32"), err_msg=path)
    assert loaded.hidden.w.trainable is expected["trainable"]["hidden.w"]
    assert loaded.scale.trainable is expected["trainable"]["scale"]
    assert hasattr(loaded, "variables") is expected["has_variables_attribute"]  # TF's _UserObject has none
    assert sorted(loaded.signatures) == expected["signatures"]  # two tensor functions: no default (as TF)
    assert [n for n in ("__call__", "embed") if callable(getattr(loaded, n, None))] == \
        expected["callable_attributes"]


def test_tf_saved_model_functions_raise_saying_how_to_rebuild():
    directory = os.path.join(GOLDEN_DIR, "tf_module_saved_model")
    loaded = tf.saved_model.load(directory)
    for call in (lambda: loaded(cases.X), lambda: loaded.embed(cases.X), lambda: loaded.hidden(cases.X)):
        with pytest.raises((NotImplementedError, TypeError)) as err:
            call()
        if err.type is NotImplementedError:
            message = str(err.value)
            assert "is a TensorFlow graph" in message and "cannot run on PyTorch" in message
            assert os.path.join(directory, "variables", "variables") in message
    # the advice works: the same module rebuilt in Python restores the variables and computes TF's outputs
    net = cases.make_module(tf)
    for v in net.variables:
        v.assign(tf.zeros_like(v))
    tf.train.Checkpoint(root=net).read(os.path.join(directory, "variables", "variables")).assert_consumed()
    np.testing.assert_allclose(net(cases.X).numpy(), GOLDEN["module"]["outputs"], rtol=1e-5, atol=1e-6)


def test_tf_keras_export_variables_and_signatures():
    expected = GOLDEN["keras_export"]
    exported = tf.saved_model.load(os.path.join(GOLDEN_DIR, "tf_keras_export"))
    assert [n for n in ("non_trainable_variables", "serve", "trainable_variables", "variables")
            if hasattr(exported, n)] == expected["attributes"]
    assert sorted(exported.signatures) == expected["signatures"]
    assert len(exported.trainable_variables) == expected["trainable_count"]
    with pytest.raises(NotImplementedError, match="signature 'serving_default' is a TensorFlow graph"):
        exported.signatures["serving_default"](inputs=cases.X)
    with pytest.raises(NotImplementedError, match="'loaded.serve' is a TensorFlow graph"):
        exported.serve(cases.X)
    model = cases.make_keras(tf.keras)  # rebuilt here; the variables assigned in order give TF's outputs
    for v, value in zip(model.variables, exported.variables):
        v.assign(value)
    for v, value in zip(exported.variables, expected["variables"]):
        np.testing.assert_array_equal(v.numpy(), np.asarray(value, "float32"))
    np.testing.assert_allclose(model(cases.X).detach().numpy(), expected["serve"], rtol=1e-5, atol=1e-6)


def test_keraslike_module_saves_tfs_signatures_and_outputs(tmp_path):
    net = cases.make_module(tf)
    np.testing.assert_allclose(net(cases.X).numpy(), GOLDEN["module"]["outputs"], rtol=1e-5, atol=1e-6)
    path = str(tmp_path / "net")
    tf.saved_model.save(net, path)
    loaded = tf.saved_model.load(path)
    assert sorted(loaded.signatures) == GOLDEN["module"]["signatures"]
    np.testing.assert_allclose(loaded.embed(cases.X)["hidden"].detach().numpy(), GOLDEN["module"]["embed"]["hidden"],
                               rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", ["module", "keras"])
def test_tf_reads_keraslike_saved_model_variables(case):
    """TF 2.21's tf.train.load_checkpoint and Checkpoint(root=obj).read on keraslike's SavedModel variables."""
    found = GOLDEN["tf_reads_keraslike"][case]
    assert found["assert_consumed"] == "ok"
    assert found["tf_saved_model_load"] == "OSError"  # TF cannot load keraslike's directory itself (no graphs)
    directory = os.path.join(GOLDEN_DIR, "keraslike_saved_models", case)
    prefix = os.path.join(directory, "variables", "variables")
    assert sorted(k for k, _ in tf.train.list_variables(prefix) if k != "_CHECKPOINTABLE_OBJECT_GRAPH") == \
        found["keys"]
    for key, value in found["values"].items():
        np.testing.assert_array_equal(tf.train.load_variable(prefix, key), np.asarray(value, "float32"))
    obj = cases.make_module(tf) if case == "module" else cases.make_keras(tf.keras)
    np.testing.assert_allclose(np.asarray(obj(cases.X)), found["outputs_after_restore"], rtol=1e-5, atol=1e-6)
    loaded = tf.saved_model.load(directory)
    np.testing.assert_allclose(np.asarray(loaded(cases.X)), found["outputs_after_restore"], rtol=1e-5, atol=1e-6)


class Two(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
    def __call__(self, x, y):
        return x + y


def test_signatures_positional_arguments_as_tf(tmp_path):
    """TF 2.21: a one-input signature takes its argument positionally; with two inputs positional raises."""
    expected = GOLDEN["positional"]
    column = tf.constant(cases.X[:, 0])
    path = str(tmp_path / "two")
    tf.saved_model.save(Two(), path)
    signature = tf.saved_model.load(path).signatures["serving_default"]
    for case, args, kwargs in (("two_inputs", (column, column), {}), ("two_inputs_one_positional", (column,),
                                                                       {"y": column})):
        kind, message = expected[case]
        with pytest.raises(TypeError, match=message) as err:
            signature(*args, **kwargs)
        assert err.type.__name__ == kind and "keyword arguments only" in str(err.value)
    assert signature(x=column, y=column)["output_0"].tolist() == (2 * cases.X[:, 0]).tolist()
    assert expected["one_input"] == "ok"
    net = cases.make_module(tf)
    path = str(tmp_path / "one")
    tf.saved_model.save(net, path, signatures=net.__call__)
    one = tf.saved_model.load(path).signatures["serving_default"]
    assert repr(one.structured_outputs) == \
        "{'output_0': TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')}"
    np.testing.assert_allclose(one(cases.X)["output_0"].numpy(), GOLDEN["module"]["outputs"], rtol=1e-5, atol=1e-6)
