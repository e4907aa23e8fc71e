"""Classic TF1 programs (tests/golden/tf1_programs.py) run with `import keraslike.compat.v1 as tf` and compared
with the same programs run by real TF 2.21 (`tests/golden/make_tf1_golden.py` -> tf1_programs.json)."""

import json
import pathlib

import numpy as np
import pytest

import keraslike.compat.v1 as tf
from tests.golden import tf1_programs

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "tf1_programs.json").read_text())


@pytest.fixture(autouse=True)
def _v1_behavior():
    """The goldens ran after `tf.disable_v2_behavior()`; so do these programs (undone afterwards)."""
    tf.disable_v2_behavior()
    try:
        yield
    finally:
        tf.enable_v2_behavior()
        tf.reset_default_graph()


def _close(actual, expected, rtol=2e-4, atol=2e-5):
    np.testing.assert_allclose(np.asarray(actual, dtype=np.float64), np.asarray(expected, dtype=np.float64),
                               rtol=rtol, atol=atol)


def test_mnist_softmax_regression_matches_tf():
    got, want = tf1_programs.mnist_softmax(tf), GOLDEN["mnist_softmax"]
    _close(got["losses"], want["losses"])
    _close(got["W"], want["W"])
    assert got["accuracy"] == pytest.approx(want["accuracy"], abs=1e-6)
    assert got["names"] == want["names"]


def test_variable_scope_shared_model_matches_tf():
    got, want = tf1_programs.shared_scope_model(tf), GOLDEN["shared_scope_model"]
    assert got["trainable"] == want["trainable"]
    assert got["global"] == want["global"]
    assert got["step"] == want["step"]
    _close(got["lrs"], want["lrs"])
    _close(got["losses"], want["losses"])
    _close(got["hidden_sum"], want["hidden_sum"], rtol=1e-4)


@pytest.mark.parametrize("optimizer", ["Adam", "Adagrad", "RMSProp", "RMSPropCentered", "MomentumNesterov"])
def test_layers_dense_with_each_optimizer_matches_tf(optimizer):
    got = tf1_programs.layers_mlp(tf)[optimizer]
    want = GOLDEN["layers_mlp"][optimizer]
    assert got["variables"] == want["variables"]
    _close(got["losses"], want["losses"], rtol=1e-3, atol=1e-4)
    assert got["accuracy"] == pytest.approx(want["accuracy"], abs=1e-6)


def test_one_shot_iterator_pipeline_matches_tf():
    got, want = tf1_programs.iterator_pipeline(tf), GOLDEN["iterator_pipeline"]
    assert got["caught"] == want["caught"] == "OutOfRangeError"
    assert got["shapes"] == want["shapes"]
    _close(got["losses"], want["losses"])


def test_gradients_and_names_match_tf():
    got, want = tf1_programs.gradients_and_names(tf), GOLDEN["gradients_and_names"]
    assert got["names"] == want["names"]
    for key in want["values"]:
        _close(got["values"][key], want["values"][key])


def test_tf_layers_convnet_with_batch_norm_update_ops_matches_tf():
    got, want = tf1_programs.convnet_layers(tf), GOLDEN["convnet_layers"]
    assert got["names"] == want["names"]
    assert got["n_update_ops"] == want["n_update_ops"] == 2
    assert got["shapes"] == want["shapes"]
    _close(got["losses"], want["losses"], rtol=1e-4, atol=1e-5)
    _close(got["moving_variance"], want["moving_variance"], rtol=1e-5)
    _close(got["eval_loss"], want["eval_loss"], rtol=1e-4)


def test_cond_and_while_loop_match_tf():
    got, want = tf1_programs.control_flow(tf), GOLDEN["control_flow"]
    _close(got["runs"][:-1], want["runs"][:-1])
    assert got["runs"][-1] == want["runs"][-1] == 1.0  # only the taken branch's assign ran


def test_saver_round_trip_matches_tf(tmp_path):
    got, want = tf1_programs.saver_round_trip(tf, str(tmp_path)), GOLDEN["saver_round_trip"]
    assert got["paths"] == want["paths"] and got["latest"] == want["latest"] and got["step"] == want["step"]
    _close(got["before"], want["before"], rtol=1e-4, atol=1e-4)  # Adam from zeros: sign-like first steps
    np.testing.assert_array_equal(got["after"], got["before"])
    assert sorted(p.name for p in tmp_path.glob("*.index")) == ["model.ckpt-12.index", "model.ckpt-8.index"]
    listed = dict(tf.train.list_variables(str(tmp_path)))
    assert listed["net/w"] == [20, 4] and listed["net/b"] == [4] and listed["net/w/Adam_1"] == [20, 4]
    assert listed["global_step"] == [] and listed["beta1_power"] == []


def test_summaries_and_file_writer_match_tf(tmp_path):
    from tensorboard.backend.event_processing.event_file_loader import LegacyEventFileLoader  # optional dependency

    got = tf1_programs.summaries(tf, str(tmp_path), lambda path: LegacyEventFileLoader(path).Load())
    want = GOLDEN["summaries"]
    assert got == want


def test_v1_losses_reductions_and_total_loss_match_tf():
    got, want = tf1_programs.v1_losses(tf), GOLDEN["v1_losses"]
    assert got["n_losses"] == want["n_losses"]
    for key, value in want["values"].items():
        _close(got["values"][key], value, rtol=1e-5, atol=1e-6)
    _close(got["totals"], want["totals"], rtol=1e-5)


def test_tf1_initializer_defaults_match_tf():
    got, want = tf1_programs.initializers(tf), GOLDEN["initializers"]
    for name, expected in want.items():
        assert got[name]["config"] == expected["config"], name
        assert got[name]["mean"] == pytest.approx(expected["mean"], abs=0.03), name  # unseeded draws
        assert got[name]["std"] == pytest.approx(expected["std"], abs=0.02), name


def test_feedable_pipeline_from_placeholders_matches_tf():
    got, want = tf1_programs.feedable_pipeline(tf), GOLDEN["feedable_pipeline"]
    assert got["shapes"] == want["shapes"]
    _close(got["sums"], want["sums"])


def test_streaming_metrics_match_tf():
    got, want = tf1_programs.streaming_metrics(tf), GOLDEN["streaming_metrics"]
    assert got["local"] == want["local"]
    _close(got["values"], want["values"], rtol=1e-6)


def test_v1_cond_and_while_loop_result_structures_and_layer_op_names_match_tf():
    """TF1's `cond(strict=False)` unpacks a one-element branch result and `while_loop(return_same_structure=False)`
    one loop variable (before: a list came back, so `sess.run(r)` printed `[6]` where TF prints `6`); the activation
    of `tf.layers.dense`/`conv2d` is its own op (`d1/Relu:0`; before: `d1/BiasAdd:0`)."""
    got, want = tf1_programs.control_flow_structures(tf), GOLDEN["control_flow_structures"]
    assert got == want


def test_graph_seed_and_explicit_op_seeds_draw_tf_numbers():
    """Shape inference draws nothing: a seeded op's first `Session.run` gives TF's first numbers, and each run
    after it the next (ops without an op seed take theirs from TF's op count: not compared)."""
    got, want = tf1_programs.seeded_random_ops(tf), GOLDEN["seeded_random_ops"]
    for name in ("w", "normal_0", "truncated_0", "uniform_0", "dropout_0", "shuffle_0", "normal_1", "truncated_1",
                 "uniform_1", "dropout_1", "shuffle_1", "normal_new_session"):
        _close(got[name], want[name], rtol=1e-5, atol=1e-6)


def test_tf1_top_level_spellings_compute_as_tf(capfd):
    got, want = tf1_programs.v1_top_level_names(tf), GOLDEN["v1_top_level_names"]
    assert set(got) == set(want)
    for name, expected in want.items():
        if isinstance(expected, list) and expected and isinstance(np.asarray(expected).flat[0], str):
            assert got[name] == expected, name
        else:
            _close(got[name], expected, rtol=1e-5, atol=1e-6)
    assert "x=[[0 1 2]...]" in capfd.readouterr().err  # tf.Print: TF's message and summary, when run
