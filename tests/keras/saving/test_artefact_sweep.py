"""Trained artefacts written by real TF 2.21 that keraslike loaded wrongly (the artefact sweep).

Files and TF's values: tests/golden/artefact_sweep/, by tests/golden/make_artefact_sweep.py (Keras 3 and, with
`TF_USE_LEGACY_KERAS=1`, tf_keras).
"""

import contextlib
import io
import json
import sys
from pathlib import Path

import h5py
import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
L = keras.layers
torch.set_num_threads(1)
DATA = Path(__file__).parents[2] / "golden" / "artefact_sweep"
K3 = json.loads((DATA / "k3_expected.json").read_text())
K2 = json.loads((DATA / "k2_expected.json").read_text())
sys.path.insert(0, str(DATA.parent))
from artefact_sweep_cases import weight_name_models  # noqa: E402


@pytest.fixture
def keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


@pytest.fixture
def keras3(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)


def _summary(model):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        model.summary()
    return buf.getvalue()


def _assert_weights(model, expected):
    for got, want in zip(model.get_weights(), expected, strict=True):
        np.testing.assert_allclose(got, np.asarray(want, "float32"), rtol=1e-4, atol=1e-5)


def _mha_model():
    i = keras.Input((4, 6), name="x")
    a = L.MultiHeadAttention(num_heads=2, key_dim=3, name="mha")(i, i)
    o = L.Dense(2, name="d")(L.GlobalAveragePooling1D(name="g")(L.Add(name="add")([i, a])))
    return keras.Model(i, o, name="mha_model")


def test_keras3_checkpoint_restores_multi_head_attention_and_rmsprop_state(keras3):
    # before: the MultiHeadAttention projections kept their initial values (pred off by 0.33) and the RMSprop
    # state (Keras 3's empty `_momentums` list beside `_velocities`) raised "slot lists differ in length"
    case = K3["mha_rmsprop"]
    x, y = np.asarray(case["x"], "float32"), np.asarray(case["y"], "float32")
    model = _mha_model()
    model.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="mse")
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).read(str(DATA / "k3_mha_rmsprop")).expect_partial()
    np.testing.assert_allclose(model.predict(x, verbose=0), case["restored_pred"], rtol=1e-5, atol=1e-6)
    assert int(model.optimizer.iterations) == case["iterations"]
    model.train_on_batch(x, y * 2.0)
    _assert_weights(model, case["next"])


def test_keras3_checkpoint_written_here_has_the_attention_projections(keras3, tmp_path):
    case = K3["mha_rmsprop"]
    x = np.asarray(case["x"], "float32")
    source = _mha_model()
    tf.train.Checkpoint(model=source).read(str(DATA / "k3_mha_rmsprop")).expect_partial()
    tf.train.Checkpoint(model=source).write(str(tmp_path / "ckpt"))
    target = _mha_model()
    tf.train.Checkpoint(model=target).read(str(tmp_path / "ckpt")).expect_partial()
    np.testing.assert_allclose(target.predict(x, verbose=0), case["pred"], rtol=1e-5, atol=1e-6)


def _depthwise_model():
    return keras.Sequential([keras.Input((6, 6, 3)), L.SeparableConv2D(4, 3, depth_multiplier=2, name="s"),
                             L.DepthwiseConv2D(2, depth_multiplier=2, name="dw"), L.Reshape((9, 8), name="r"),
                             L.DepthwiseConv1D(2, name="dw1"), L.Flatten(name="f"), L.Dense(2, name="d")],
                            name="depthwise")


def test_keras2_tf_format_weights_restore_depthwise_kernels(keras2):
    # before: tf_keras's `depthwise_kernel` checkpoint keys matched nothing, the kernels stayed at their initial
    # values and the predictions were off by 2.5, silently
    case = K2["depthwise"]
    x, y = np.asarray(case["x"], "float32"), np.asarray(case["y"], "float32")
    model = _depthwise_model()
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    model.load_weights(str(DATA / "k2_depthwise"))
    np.testing.assert_allclose(model.predict(x, verbose=0), case["pred"], rtol=1e-5, atol=1e-6)
    assert [w.name for w in model.weights] == case["names"]
    model.train_on_batch(x, y * 2.0)  # Adam's moments and step restored on its first apply
    _assert_weights(model, case["next"])


def test_keras2_sequential_summary_shows_each_layer_output_shape(keras2):
    # before: the first layer's shape showed `multiple` (each `add` called the earlier layers again)
    model = _depthwise_model()
    assert _summary(model) == K2["depthwise"]["summary"]
    assert [len(layer._inbound_nodes) for layer in model.layers] == [1] * len(model.layers)
    model.pop()
    assert model.output_shape == (None, 64)  # the Flatten of (8, 8)
    model.add(L.Dense(3, name="d3"))
    assert model.output_shape == (None, 3)
    assert [len(layer._inbound_nodes) for layer in model.layers[:-1]] == [1] * (len(model.layers) - 1)


def test_keras2_hard_sigmoid_and_conv_lstm_default(keras2):
    # before: Keras 3's relu6(x + 3) / 6 under TF_USE_LEGACY_KERAS=1 (0.1667 for -2; tf_keras: 0.1), and
    # ConvLSTM2D's default recurrent activation was sigmoid (tf_keras: hard_sigmoid)
    np.testing.assert_allclose(keras.activations.hard_sigmoid(tf.constant([-3.0, -1.0, 0.5, 2.0, 4.0])).numpy(),
                               K2["hard_sigmoid_values"], rtol=1e-6, atol=1e-7)
    case = K2["hard_sigmoid"]
    assert L.ConvLSTM2D(2, 3).get_config()["recurrent_activation"] == case["recurrent_activation"]
    assert L.ConvLSTM1D(2, 3, recurrent_activation=None).get_config()["recurrent_activation"] == "linear"
    model = keras.models.load_model(DATA / "k2_hard_sigmoid.h5")
    np.testing.assert_allclose(model.predict(np.asarray(case["x"], "float32"), verbose=0), case["pred"],
                               rtol=1e-5, atol=1e-6)
    assert _summary(model) == case["summary"]


def test_keras3_hard_sigmoid_unchanged(keras3):
    np.testing.assert_allclose(keras.activations.hard_sigmoid(tf.constant([-3.0, -1.0, 0.5, 2.0, 4.0])).numpy(),
                               K3["hard_sigmoid_values"], rtol=1e-6, atol=1e-7)
    assert L.ConvLSTM2D(2, 3).get_config()["recurrent_activation"] == "sigmoid"


@pytest.mark.parametrize("legacy", [True, False], ids=["keras2", "keras3"])
def test_keras2_h5_with_nested_models_called_twice(legacy, monkeypatch, tmp_path):
    # before: "Cannot rebuild the functional model: the inputs of layers ['cat', 'd'] are never produced" (tf_keras
    # numbers the calls of a nested model built from an Input from 1)
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    case = K2["nested"]
    x = [np.asarray(case["xa"], "float32"), np.asarray(case["xb"], "float32")]
    model = keras.models.load_model(DATA / "k2_nested.h5")
    np.testing.assert_allclose(model.predict(x, verbose=0), case["pred"], rtol=1e-5, atol=1e-6)
    if legacy:  # before: `multiple` for a model or layer called twice with the same shapes (tf_keras: the shape)
        assert _summary(model) == case["summary"]
    if legacy:  # written back in tf_keras's numbering (tf_keras 2.21 loads it with these predictions)
        model.save(tmp_path / "m.h5")
        config = json.loads(h5py.File(tmp_path / "m.h5", "r").attrs["model_config"])
        cat = next(entry for entry in config["config"]["layers"] if entry["name"] == "cat")
        assert cat["inbound_nodes"] == case["cat_inbound"]
        again = keras.models.load_model(tmp_path / "m.h5")
        np.testing.assert_allclose(again.predict(x, verbose=0), case["pred"], rtol=1e-5, atol=1e-6)


def test_keras2_batch_normalization_moving_variance_of_the_fused_kernel(keras2):
    # before: the biased batch variance everywhere, so a tf_keras model with BatchNormalization after a Conv2D,
    # restored and trained one more step, had moving variances 4.8e-4 off TF's (the factor n/(n-1))
    x = np.asarray(K2["bn_x"], "float32")
    for case in K2["bn_moving_variance"]:
        bn = L.BatchNormalization(momentum=0.5, **case["kwargs"])
        bn(x.reshape(case["shape"]), training=True)
        np.testing.assert_allclose(bn.moving_variance.numpy(), case["moving_variance"], rtol=1e-5,
                                   err_msg=str(case))


def test_keras3_batch_normalization_refuses_fused(keras3):
    with pytest.raises(ValueError, match="fused"):
        L.BatchNormalization(fused=False)


@pytest.mark.parametrize("legacy", [False, True], ids=["keras3", "keras2"])
def test_weight_names_are_scoped_by_the_outer_layers(legacy, monkeypatch):
    # before: no outer scope ('lstm_cell/kernel' for TF's 'mm/rr/lstm_cell/kernel'; 'gru_cell_1/kernel' for
    # 'bi/forward_gru/gru_cell/kernel'; 'inner/kernel' for 'cc2/inner/kernel')
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    expected = (K2 if legacy else K3)["weight_names"]
    keras.backend.clear_session()  # fresh default names (`gru`, `forward_gru`), as in the process TF ran

    def names(model):
        return [w.name if legacy else w.path for w in model.weights]
    models = weight_name_models(keras)
    assert {case: names(model) for case, model in models.items()} == expected


@pytest.mark.parametrize("legacy", [False, True], ids=["keras3", "keras2"])
def test_discretization_one_hot_of_one_column_is_rank_2(legacy, monkeypatch):
    # before: a symbolic (None, 1) input gave (None, 1, 4), so the file's Concatenate refused to rebuild
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    expected = (K2 if legacy else K3)["discretization_shapes"]
    shapes = [list(L.Discretization(bin_boundaries=[-0.5, 0.0, 0.5], output_mode=mode)(keras.Input((1,))).shape)
              for mode in ("one_hot", "multi_hot", "count")]
    assert shapes == expected
    if not legacy:
        model = keras.models.load_model(DATA / "k3_preproc.keras")
        x = np.asarray(K3["preproc"]["x"], "float32")
        np.testing.assert_allclose(model.predict(x, verbose=0), K3["preproc"]["pred"], rtol=1e-5, atol=1e-6)


def test_keras3_bidirectional_round_trip_keeps_the_sublayer_names(keras3, tmp_path):
    # before: a reloaded Bidirectional's forward layer was `forward_forward_lstm` (TF 2.21 reloads `forward_lstm`:
    # Keras 3 saves the forward layer itself and does not repeat the prefix)
    i = keras.Input((3, 2))
    model = keras.Model(i, L.Bidirectional(L.LSTM(2, name="lstm"), name="bi")(i))
    model.save(tmp_path / "m.keras")
    again = keras.models.load_model(tmp_path / "m.keras").get_layer("bi")
    assert (again.forward_layer.name, again.backward_layer.name) == ("forward_lstm", "backward_lstm")


def test_keras3_wrapped_layer_config_names_its_module(keras3):
    # before: Bidirectional/TimeDistributed wrote `{"class_name": "LSTM", "config": ...}` and TF 2.21 could not
    # load the .keras file ("Could not locate class 'LSTM'"); TF writes the full Keras 3 description (its keys
    # are build_config, class_name, config, module, registered_name)
    i = keras.Input((5, 3))
    bi = L.Bidirectional(L.LSTM(2, return_sequences=True))
    td = L.TimeDistributed(L.Dense(2))
    td(bi(i))
    for wrapped in (bi.get_config()["layer"], td.get_config()["layer"]):
        assert wrapped["module"] == "keras.layers" and wrapped["registered_name"] is None
    assert keras.layers.deserialize(keras.layers.serialize(bi)).forward_layer.units == 2


def test_keras2_wrapped_layer_config_stays_tf_keras_shaped(keras2):
    # tf_keras 2.21 writes the wrapped layer with Keras's full description too (checked against tf_keras)
    assert set(L.Bidirectional(L.LSTM(2)).get_config()["layer"]) == {"module", "class_name", "config",
                                                                        "registered_name"}
