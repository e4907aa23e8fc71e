"""keras.applications against real Keras 3.15 (`tests/golden/make_applications_golden.py`): parameter counts,
the (layer name, weight shape) sequence that `set_weights` exchanges, and the same logits on the same weights;
ImageNet weights from a Keras 2 `.h5` file in the Keras cache; argument errors; preprocess/decode."""

import importlib.util
import json
import os
import urllib.request

import h5py
import numpy as np
import pytest
import torch

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "..", "golden")
_spec = importlib.util.spec_from_file_location("applications_cases", os.path.join(GOLDEN, "applications_cases.py"))
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)
with open(os.path.join(GOLDEN, "applications.json")) as _handle:
    PARAMS = json.load(_handle)
VALUES = np.load(os.path.join(GOLDEN, "applications.npz"))
A = tf.keras.applications

# Building a model runs each layer once on zeros of the input size, so big builders are slow on 2 cores:
# FAST ones run always, one builder per family (SLOW) in the slow tier, and the other sizes of a family (same
# code, other constants) only with KERASLIKE_ALL_APPLICATIONS=1 (all were checked against the golden once).
FAST = {"MobileNet-alpha=0.25-input_shape=(128,128,3)", "MobileNetV2-alpha=0.35-input_shape=(96,96,3)",
        "MobileNetV3Small", "MobileNetV3Small-alpha=0.75-minimalistic=True"}
SLOW = {"ResNet50", "ResNet50V2", "MobileNet", "MobileNetV2", "MobileNetV3Large", "DenseNet121", "EfficientNetB0",
        "EfficientNetV2B0", "EfficientNetV2S", "InceptionV3", "Xception", "NASNetMobile", "ConvNeXtTiny"}
FAST_VALUES = {"MobileNetV2", "MobileNetV3Small", "MobileNet", "VGG16", "ResNet50", "ConvNeXtTiny"}
ALL = os.environ.get("KERASLIKE_ALL_APPLICATIONS") == "1"


def _param_cases():
    out = []
    for family, builder, kwargs in cases.PARAM_CASES:
        key = cases.case_id(family, builder, kwargs)
        marks = [] if key in FAST else [pytest.mark.slow]
        if key not in FAST | SLOW and not ALL:
            marks.append(pytest.mark.skip(reason="another size of a tested family: KERASLIKE_ALL_APPLICATIONS=1"))
        out.append(pytest.param(builder, kwargs, key, id=key, marks=marks))
    return out


def _value_cases():
    return [pytest.param(*c, id=c[1], marks=[] if c[1] in FAST_VALUES else [pytest.mark.slow])
            for c in cases.VALUE_CASES]


def _structure(model):
    return [(layer.name, tuple(w.shape)) for layer in model.layers for w in layer.weights]


@pytest.mark.parametrize("builder,kwargs,key", _param_cases())
def test_builder_matches_keras(builder, kwargs, key):
    tf.keras.backend.clear_session()  # auto-named layers count from zero, as in the golden script
    model = getattr(A, builder)(weights=None, **kwargs)
    golden = PARAMS[key]
    assert model.count_params() == golden["count_params"]
    assert len(model.weights) == golden["weights"]
    assert model.name == golden["name"]
    assert cases.structure_digest(_structure(model)) == golden["structure"], \
        "layer names or weight order differ from Keras's"


@pytest.mark.parametrize("family,builder,kwargs", _value_cases())
def test_same_logits_as_keras_on_the_same_weights(family, builder, kwargs):
    model = getattr(A, builder)(weights=None, classifier_activation=None, **kwargs)
    model.set_weights(cases.deterministic_weights([(w.name, tuple(w.shape)) for w in model.weights]))
    expected = VALUES[cases.case_id(family, builder, kwargs)]
    got = model(cases.value_input(kwargs["input_shape"]), training=False)
    got = got.detach().numpy() if isinstance(got, torch.Tensor) else np.asarray(got)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4 * float(np.abs(expected).max()))


def _write_keras2_h5(path, model):
    """A Keras 2 weights file (the layout of Keras's published `.h5` files) holding `model`'s weights * 2."""
    with h5py.File(path, "w") as h5:
        names = [layer.name for layer in model.layers]
        h5.attrs["layer_names"] = [n.encode() for n in names]
        h5.attrs["backend"], h5.attrs["keras_version"] = b"tensorflow", b"2.15.0"
        for layer in model.layers:
            group = h5.create_group(layer.name)
            weight_names = [f"{layer.name}/{w.name}:0".encode() for w in layer.weights]
            group.attrs["weight_names"] = weight_names
            for weight_name, w in zip(weight_names, layer.weights):
                group.create_dataset(weight_name.decode(), data=np.asarray(w.numpy()) * 2)


def test_imagenet_weights_load_from_the_keras_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    source = A.MobileNetV2(weights=None, alpha=0.35, input_shape=(96, 96, 3), include_top=False)
    os.makedirs(tmp_path / "models")
    _write_keras2_h5(tmp_path / "models" / "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_96_no_top.h5",
                     source)
    model = A.MobileNetV2(weights="imagenet", alpha=0.35, input_shape=(96, 96, 3), include_top=False)
    for got, want in zip(model.get_weights(), source.get_weights()):
        np.testing.assert_array_equal(got, want * 2)
    # a user-given Keras 2 .h5 path loads the same way
    path = tmp_path / "mine.h5"
    _write_keras2_h5(path, source)
    again = A.MobileNetV2(weights=str(path), alpha=0.35, input_shape=(96, 96, 3), include_top=False)
    np.testing.assert_array_equal(again.get_weights()[0], source.get_weights()[0] * 2)
    # and so does a Keras 3 `.weights.h5` file
    keras3 = tmp_path / "mine.weights.h5"
    again.save_weights(str(keras3))
    third = A.MobileNetV2(weights=str(keras3), alpha=0.35, input_shape=(96, 96, 3), include_top=False)
    for got, want in zip(third.get_weights(), again.get_weights()):
        np.testing.assert_array_equal(got, want)


def test_imagenet_weights_missing_offline_name_the_file_and_url(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))

    def offline(*args, **kwargs):
        raise OSError("network unreachable")

    monkeypatch.setattr(urllib.request, "urlopen", offline)
    with pytest.raises(OSError) as info:
        A.MobileNetV3Small(weights="imagenet", include_top=False, input_shape=(32, 32, 3))
    message = str(info.value)
    assert "weights_mobilenet_v3_small_224_1.0_float_no_top_v2.h5" in message
    assert "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/" in message


def test_argument_errors_as_keras(tmp_path):
    with pytest.raises(ValueError, match="classes"):
        A.MobileNetV3Small(weights="imagenet", classes=10)
    with pytest.raises(ValueError, match="weights"):
        A.VGG16(weights=str(tmp_path / "missing.h5"))
    with pytest.raises(ValueError, match="pooling"):
        A.MobileNetV2(weights=None, alpha=0.35, include_top=False, input_shape=(96, 96, 3), pooling="mean")
    with pytest.raises(ValueError, match="at least 32x32"):
        A.ResNet50(weights=None, include_top=False, input_shape=(16, 16, 3))
    with pytest.raises(ValueError, match="static"):
        A.DenseNet121(weights=None, input_shape=(None, None, 3))
    with pytest.raises(ValueError, match="classifier_activation"):
        A.MobileNetV3Small(weights="imagenet", classifier_activation="relu")
    with pytest.raises(ValueError, match="alpha"):
        A.MobileNetV2(weights="imagenet", alpha=0.3)
    with pytest.raises(ValueError, match="channels_first"):
        A.resnet.preprocess_input(np.zeros((1, 4, 4, 3)), data_format="channels_first")
    with pytest.raises(ValueError, match="mode"):
        A.imagenet_utils.preprocess_input(np.zeros((1, 4, 4, 3)), mode="keras")
    with pytest.raises(TypeError):
        A.ResNet50(weights=None, dropout=0.5)


def test_input_tensor_pooling_and_classes():
    inputs = tf.keras.Input((64, 64, 3))
    model = A.MobileNetV2(weights=None, alpha=0.35, input_tensor=inputs, include_top=False, pooling="avg")
    assert model.inputs[0] is inputs and tuple(model.outputs[0].shape) == (None, 1280)
    out = model(np.zeros((2, 64, 64, 3), "float32"))
    assert tuple(out.shape) == (2, 1280)
    top = A.MobileNetV3Small(weights=None, input_shape=(32, 32, 3), classes=5)
    probs = top(np.random.default_rng(0).uniform(0, 255, (3, 32, 32, 3)).astype("float32"))
    np.testing.assert_allclose(probs.detach().numpy().sum(-1), 1.0, rtol=1e-5)


def test_preprocess_input_modes_hand_computed():
    rgb = np.array([[[[10.0, 20.0, 30.0]]]], "float32")
    np.testing.assert_allclose(A.vgg16.preprocess_input(rgb.copy()),
                               [[[[30 - 103.939, 20 - 116.779, 10 - 123.68]]]], rtol=1e-6)
    np.testing.assert_allclose(A.mobilenet_v2.preprocess_input(rgb.copy()), rgb / 127.5 - 1, rtol=1e-6)
    torch_mode = (rgb / 255 - np.array([0.485, 0.456, 0.406])) / np.array([0.229, 0.224, 0.225])
    np.testing.assert_allclose(A.densenet.preprocess_input(rgb.copy()), torch_mode, rtol=1e-5)
    as_tensor = A.resnet.preprocess_input(torch.tensor(rgb))
    assert isinstance(as_tensor, torch.Tensor)
    np.testing.assert_allclose(as_tensor.numpy(), A.resnet.preprocess_input(rgb.copy()), rtol=1e-6)
    ints = A.xception.preprocess_input(np.full((1, 2, 2, 3), 255, "uint8"))
    assert ints.dtype == np.float32 and np.all(ints == 1.0)
    assert A.efficientnet.preprocess_input(rgb) is rgb and A.mobilenet_v3.preprocess_input(rgb) is rgb


def test_decode_predictions_reads_the_cached_class_index(tmp_path, monkeypatch):
    from keraslike._src.keras.applications import imagenet_utils

    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    monkeypatch.setattr(imagenet_utils, "_CLASS_INDEX", {})
    os.makedirs(tmp_path / "models")
    index = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}
    with open(tmp_path / "models" / "imagenet_class_index.json", "w") as handle:
        json.dump(index, handle)
    monkeypatch.setattr(imagenet_utils, "get_file", lambda *a, **k: str(tmp_path / "models" /
                                                                         "imagenet_class_index.json"))
    preds = np.zeros((2, 1000), "float32")
    preds[0, [3, 7, 9]] = [0.2, 0.5, 0.3]
    preds[1, 999] = 1.0
    decoded = A.resnet50.decode_predictions(preds, top=3)
    assert [d[:2] for d in decoded[0]] == [("n00000007", "class_7"), ("n00000009", "class_9"),
                                            ("n00000003", "class_3")]
    assert decoded[0][0][2] == pytest.approx(0.5) and decoded[1][0][:2] == ("n00000999", "class_999")
    with pytest.raises(ValueError, match="1000"):
        A.resnet50.decode_predictions(np.zeros((2, 10)))
