"""`tf.saved_model.SaveOptions` against real TF 2.21 (new-user check 4, defect F; goldens from
tests/golden/make_save_options_golden.py, cases in tests/golden/save_options_cases.py): options that change
nothing keraslike writes are accepted (`namespace_whitelist`, empty `function_aliases`,
`experimental_custom_gradients=False`, `experimental_skip_saver`, a local `experimental_io_device`),
`extra_tags` are saved and checked on load as TF checks them, the constructor validates as TF's does, and the
options that need TF graphs raise naming the field."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import save_options_cases  # noqa: E402

GOLD = json.loads(open(os.path.join(HERE, "..", "golden", "save_options.json")).read())
# TF acts on its graphs for these; keraslike has none, so it raises naming the option (README, SaveOptions).
NEEDS_TF_GRAPHS = {f"{kind}_{case}" for kind in ("module", "keras")
                   for case in ("save_debug_info", "debug_stripper", "variable_policy_devices")}


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("save_options"))
    return {**save_options_cases.run(tf, directory), **save_options_cases.run_load(tf, directory)}


@pytest.mark.parametrize("case", sorted(GOLD))
def test_matches_tf(ours, case):
    if case in NEEDS_TF_GRAPHS:
        assert GOLD[case] == "ok" and ours[case] == "raises ValueError"
    else:
        assert ours[case] == GOLD[case]


def test_unsupported_option_error_names_field(tmp_path):
    module = tf.Module()
    module.v = tf.Variable(1.0)
    for name, value in [("save_debug_info", True), ("experimental_debug_stripper", True),
                        ("experimental_variable_policy", "expand_distributed_variables"),
                        ("experimental_io_device", "/job:worker/task:1")]:
        with pytest.raises(ValueError, match=f"SaveOptions.{name} .*Received: {name}="):
            tf.saved_model.save(module, str(tmp_path / "m"), options=tf.saved_model.SaveOptions(**{name: value}))
    with pytest.raises(ValueError, match="SaveOptions.function_aliases"):
        tf.saved_model.save(module, str(tmp_path / "m"),
                            options=tf.saved_model.SaveOptions(function_aliases={"f": tf.function(lambda: 1)}))


def test_load_options_that_need_tf_checkpoints_raise(tmp_path):
    module = tf.Module()
    module.v = tf.Variable(1.0)
    tf.saved_model.save(module, str(tmp_path / "m"))
    with pytest.raises(ValueError, match="LoadOptions.experimental_skip_checkpoint .*Received"):
        tf.saved_model.load(str(tmp_path / "m"),
                            options=tf.saved_model.LoadOptions(experimental_skip_checkpoint=True))


def test_export_archive_takes_extra_tags(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    archive = tf.keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint("serve", model.__call__, input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    path = str(tmp_path / "exported")
    archive.write_out(path, options=tf.saved_model.SaveOptions(extra_tags=["gpu"], namespace_whitelist=[]),
                      verbose=False)
    x = np.ones((2, 3), "float32")
    loaded = tf.saved_model.load(path, tags=["serve", "gpu"])
    np.testing.assert_allclose(np.asarray(loaded.serve(tf.constant(x))), model.predict(x, verbose=0), rtol=1e-6)


def test_keras2_directory_save_takes_no_op_options(tmp_path, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    for kwargs in [{"namespace_whitelist": []}, {"function_aliases": {}}, {"experimental_custom_gradients": False}]:
        model.save(str(tmp_path / "dir"), options=tf.saved_model.SaveOptions(**kwargs))
    with pytest.raises(ValueError, match="extra_tags"):  # its directory keeps no tags
        model.save(str(tmp_path / "dir"), options=tf.saved_model.SaveOptions(extra_tags=["gpu"]))
