"""Configs as TF 2.21's Keras prints them: `get_config()` of every public layer class, `keras.*.serialize` of
initializers/regularizers/constraints/activations/losses/metrics/optimizers, model `get_config`/`to_json`/
`get_compile_config`/`get_build_config` and a `.keras` file's `config.json`, compared with key ORDER
(users print these dicts) against goldens written by `tests/golden/make_config_format_golden.py` under real
TF 2.21: Keras 3.15 (default) and tf_keras (`TF_USE_LEGACY_KERAS=1`).

`LEFT_*` name the cases that still differ (each a known gap, listed in the session report); the test fails when
a case outside them differs, so fixed cases stay fixed.
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import config_format_cases  # noqa: E402

LEFT_KERAS3 = {
    'layers/AutoContrast', 'layers/CategoryEncoding', 'layers/ConvLSTM1D', 'layers/ConvLSTM2D', 'layers/ConvLSTM3D',
    'layers/Discretization', 'layers/IntegerLookup', 'layers/MaxNumBoundingBoxes', 'layers/RandomBrightness',
    'layers/RandomContrast', 'layers/RandomGrayscale', 'layers/RandomRotation', 'layers/RandomSaturation',
    'layers/RandomShear', 'layers/StringLookup', 'models/functional:keras_file', 'models/sequential:keras_file',
    'objects/losses:BinaryFocalCrossentropy', 'objects/losses:CategoricalFocalCrossentropy',
    'objects/losses:CosineSimilarity', 'objects/losses:Huber', 'objects/losses:SparseCategoricalCrossentropy',
    'objects/metrics:CosineSimilarity', 'objects/metrics:SparseCategoricalCrossentropy',
    'objects/metrics:SparseTopKCategoricalAccuracy'
}
LEFT_KERAS2 = {
    'layers/AdditiveAttention', 'layers/Attention', 'layers/CenterCrop', 'layers/Conv3DTranspose',
    'layers/ConvLSTM1D', 'layers/ConvLSTM2D', 'layers/ConvLSTM3D', 'layers/Convolution3DTranspose',
    'layers/DepthwiseConv1D', 'layers/DepthwiseConv2D', 'layers/Embedding', 'layers/GRU', 'layers/GRUCell',
    'layers/HashedCrossing', 'layers/IntegerLookup', 'layers/LSTM', 'layers/LSTMCell', 'layers/LayerNormalization',
    'layers/LeakyReLU', 'layers/LocallyConnected1D', 'layers/LocallyConnected2D', 'layers/MultiHeadAttention',
    'layers/RandomBrightness', 'layers/RandomContrast', 'layers/RandomCrop', 'layers/RandomFlip',
    'layers/RandomHeight', 'layers/RandomRotation', 'layers/RandomTranslation', 'layers/RandomWidth',
    'layers/RandomZoom', 'layers/Resizing', 'layers/SeparableConv1D', 'layers/SeparableConv2D',
    'layers/SeparableConvolution1D', 'layers/SeparableConvolution2D', 'layers/SimpleRNN', 'layers/StringLookup',
    'layers/TextVectorization', 'layers/ZeroPadding1D', 'layers/options:Dense', 'layers/wrapper:Bidirectional',
    'layers/wrapper:RNN', 'layers/wrapper:StackedRNNCells', 'models/functional:get_build_config',
    'models/functional:get_compile_config', 'models/functional:get_config', 'models/functional:to_json',
'models/sequential:to_json', 'models/sequential_compiled:to_json',
    'objects/constraints:RadialConstraint', 'objects/initializers:Identity', 'objects/losses:BinaryCrossentropy',
    'objects/losses:BinaryFocalCrossentropy', 'objects/losses:CategoricalCrossentropy',
    'objects/losses:CategoricalFocalCrossentropy', 'objects/losses:CategoricalHinge',
    'objects/losses:CosineSimilarity', 'objects/losses:Hinge', 'objects/losses:Huber', 'objects/losses:KLDivergence',
    'objects/losses:LogCosh', 'objects/losses:MeanAbsoluteError', 'objects/losses:MeanAbsolutePercentageError',
    'objects/losses:MeanSquaredError', 'objects/losses:MeanSquaredLogarithmicError', 'objects/losses:Poisson',
    'objects/losses:SparseCategoricalCrossentropy', 'objects/losses:SquaredHinge', 'objects/metrics:BinaryIoU',
    'objects/metrics:IoU', 'objects/metrics:KLDivergence', 'objects/metrics:MeanIoU',
    'objects/metrics:MeanRelativeError', 'objects/metrics:MeanTensor', 'objects/metrics:OneHotIoU',
    'objects/metrics:OneHotMeanIoU', 'objects/metrics:SparseCategoricalCrossentropy',
    'objects/metrics:SparseTopKCategoricalAccuracy', 'objects/metrics:function', 'objects/optimizers:Lion',
    'objects/optimizers:RMSprop', 'objects/optimizers:schedule', 'variables'
}


def _ordered(value):
    if isinstance(value, dict):
        return [(k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return value


def _differing(mode):
    with open(os.path.join(GOLDEN, "config_format.json" if mode == 3 else "config_format_keras2.json")) as f:
        gold = json.load(f)
    mine = json.loads(json.dumps(config_format_cases.run(tf.keras, tf)))
    out = {}
    for section in ("layers", "objects", "models"):
        for case, expected in gold[section].items():
            got = mine[section].get(case, "<missing>")
            if _ordered(got) != _ordered(expected):
                out[f"{section}/{case}"] = (got, expected)
    if mine["variables"] != gold["variables"]:
        out["variables"] = (mine["variables"], gold["variables"])
    return out


def _report(differing):
    return "\n".join(f"{k}:\n  keraslike {str(g)[:600]}\n  TF        {str(e)[:600]}" for k, (g, e) in differing.items())


def test_keras3_configs_match_tf(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    differing = {k: v for k, v in _differing(3).items() if k not in LEFT_KERAS3}
    assert not differing, _report(differing)


def test_keras2_configs_match_tf_keras(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    differing = {k: v for k, v in _differing(2).items() if k not in LEFT_KERAS2}
    assert not differing, _report(differing)


@pytest.mark.parametrize("quantization_config", [{"mode": "int8"}, "int8"])
def test_quantization_config_other_than_none_raises(quantization_config):
    with pytest.raises(NotImplementedError, match="Received: quantization_config="):
        tf.keras.layers.Dense(2, quantization_config=quantization_config)


def test_variable_shape_is_a_tensor_shape_and_a_tuple():
    """TF 2.21: `print(layer.kernel.shape)` shows `(3, 2)` (a TensorShape); torch and numpy take it as a tuple."""
    layer = tf.keras.layers.Dense(2)
    layer.build((None, 3))
    shape = layer.kernel.shape
    assert str(shape) == "(3, 2)" and isinstance(shape, tf.TensorShape) and shape == (3, 2)
    assert tuple(np.zeros(shape).shape) == (3, 2) and tuple(tf.zeros(shape).shape) == (3, 2) and shape.numel() == 6
    assert str(tf.Variable([1.0, 2.0]).shape) == "(2,)"


def test_model_training_overrides_a_recorded_node_training():
    """A functional config from real Keras 3 records Dropout's default `training=False` in its node (golden
    functional:get_config); `model(x, training=True)` must still drop (Keras 3's model-level training wins), and
    `model(x)` runs in inference. Before, the recorded False silently switched Dropout off in training."""
    with open(os.path.join(GOLDEN, "config_format.json")) as f:
        config = json.load(f)["models"]["functional:get_config"]
    drop = [e for e in config["layers"] if e["class_name"] == "Dropout"][0]
    assert drop["inbound_nodes"][0]["kwargs"] == {"training": False}
    model = tf.keras.Model.from_config(config)
    head = tf.keras.Model(model.inputs, model.get_layer("drop").output)
    x = np.ones((64, 8), "float32")
    trained, inferred, default = (head(x, training=True).numpy(), head(x, training=False).numpy(),
                                  head(x).numpy())
    assert not np.allclose(trained, inferred) and np.allclose(inferred, default)


def test_bidirectional_from_keras3_config_keeps_its_layer_names():
    """TF 2.21's Bidirectional config holds `forward_fw`/`backward_fw` (golden wrapper:Bidirectional): read back,
    the layers keep those names (not `forward_forward_fw`), and the config is the same again."""
    with open(os.path.join(GOLDEN, "config_format.json")) as f:
        config = json.load(f)["layers"]["wrapper:Bidirectional"]
    layer = tf.keras.layers.Bidirectional.from_config(config)
    assert (layer.forward_layer.name, layer.backward_layer.name) == ("forward_fw", "backward_fw")
    assert json.loads(json.dumps(layer.get_config())) == config


def test_older_keraslike_and_keras2_configs_still_read(monkeypatch):
    """Configs written before this format change (dtype names, initializers without module, layer entries with
    build_config, InputLayer without ragged/optional) and tf_keras's configs (golden, Keras 2 mode) still load."""
    old_dense = {"name": "d", "trainable": True, "dtype": "float32", "units": 3, "activation": "relu",
                 "use_bias": True, "kernel_initializer": {"class_name": "GlorotUniform", "config": {"seed": 1}},
                 "bias_initializer": {"class_name": "Zeros", "config": {}}, "kernel_regularizer": None,
                 "bias_regularizer": None, "kernel_constraint": None, "bias_constraint": None}
    layer = tf.keras.layers.Dense.from_config(old_dense)
    assert layer.units == 3 and type(layer.kernel_initializer).__name__ == "GlorotUniform"
    old_model = {"module": "keras", "class_name": "Sequential", "registered_name": None, "config": {
        "name": "s", "trainable": True, "dtype": "float32", "layers": [
            {"module": "keras.layers", "class_name": "InputLayer", "config": {"name": "i", "batch_shape": [None, 4],
                                                                              "dtype": "float32"},
             "registered_name": None},
            {"module": "keras.layers", "class_name": "Dense", "config": old_dense, "registered_name": None,
             "build_config": {"input_shape": [None, 4]}}]}}
    model = tf.keras.models.model_from_json(json.dumps(old_model))
    assert model.output_shape == (None, 3)
    new = tf.keras.models.model_from_json(model.to_json())
    assert json.loads(new.to_json()) == json.loads(model.to_json())
    with open(os.path.join(GOLDEN, "config_format_keras2.json")) as f:
        keras2 = json.load(f)["models"]
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    functional = tf.keras.Model.from_config(keras2["functional:get_config"])
    assert [layer.name for layer in functional.layers] == ["feats", "hid", "drop", "side", "add", "probs"]
    sequential = tf.keras.Sequential.from_config(keras2["sequential:get_config"])
    assert sequential.output_shape == (None, 3)
