"""Layer outputs and model parameter counts against real TensorFlow 2.21 / Keras 3.

`tests/golden/make_layer_golden.py` (run under real TF) stored, per case, the layer's
constructor kwargs, its inputs, its weights in `get_weights()` order and its outputs.
Here keraslike builds the same layer, takes the same weights with `set_weights` and must
reproduce the outputs to rtol 1e-5 / atol 1e-6 (looser only where noted per case).
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
RTOL, ATOL = 1e-5, 1e-6
DATA = dict(np.load(os.path.join(GOLDEN, "layers.npz"), allow_pickle=False))
CASES = sorted({key.split("/")[0] for key in DATA if key.endswith("/spec") and not key.startswith("models")})

# Per-case (rtol, atol) where fp32 accumulation order differs between TF and torch kernels. Empty:
# with weights ~N(0, 0.3^2) every case (convolutions, RNNs, attention, bilinear resize included)
# agrees to rtol 1e-5 / atol 1e-6 on CPU.
TOLERANCE = {}
# Known mismatches: case -> reason (strict xfail, so a fix shows up as XPASS).
KNOWN_BUGS = {
}


def _arrays(case, prefix):
    out, i = [], 0
    while f"{case}/{prefix}{i}" in DATA:
        out.append(DATA[f"{case}/{prefix}{i}"])
        i += 1
    return out


def _build(spec):
    layers = tf.keras.layers
    if spec["inner"]:
        inner = getattr(layers, spec["inner"]["class"])(**spec["inner"]["kwargs"])
        return getattr(layers, spec["class"])(inner, **spec["kwargs"])
    return getattr(layers, spec["class"])(**spec["kwargs"])


def _call(layer, spec, xs, training):
    call = {k: np.array(v) if isinstance(v, list) else v for k, v in spec["call"].items()}
    if spec["class"] in ("MultiHeadAttention", "GroupQueryAttention"):
        return layer(*xs, training=training, **call)
    return layer(xs if len(xs) > 1 else xs[0], training=training, **call)


def _numpy(y):
    ys = y if isinstance(y, (list, tuple)) else [y]
    return [np.asarray(v.detach().cpu() if hasattr(v, "detach") else v) for v in ys]


def _params(case):
    marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[case])] if case in KNOWN_BUGS else []
    return pytest.param(case, marks=marks, id=case)


@pytest.mark.parametrize("case", [_params(c) for c in CASES])
def test_layer_matches_keras(case):
    spec = json.loads(str(DATA[f"{case}/spec"]))
    rtol, atol = TOLERANCE.get(case, (RTOL, ATOL))
    xs, weights, expected = _arrays(case, "x"), _arrays(case, "w"), _arrays(case, "y")
    layer = _build(spec)
    if spec["adapt"]:
        layer.adapt(DATA[f"{case}/adapt_data"])
    _call(layer, spec, xs, False)                       # lazy build on the stored input shape
    if spec["adapt"]:
        for got, want in zip(layer.get_weights(), weights):
            np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)
    else:
        assert [w.shape for w in layer.get_weights()] == [w.shape for w in weights]
        layer.set_weights(weights)
    got = _numpy(_call(layer, spec, xs, spec["training"]))
    assert len(got) == len(expected), f"{len(got)} outputs, Keras gave {len(expected)}"
    for i, (g, want) in enumerate(zip(got, expected)):
        assert g.shape == want.shape, f"output {i}: shape {g.shape}, Keras {want.shape}"
        np.testing.assert_allclose(g, want, rtol=rtol, atol=atol, err_msg=f"output {i}")
    if spec["training"]:
        for i, (g, want) in enumerate(zip(layer.get_weights(), _arrays(case, "after"))):
            np.testing.assert_allclose(g, want, rtol=rtol, atol=atol, err_msg=f"weight {i} after training call")


# ---- whole-model parameter counts ---------------------------------------------------------------
COUNTS = json.loads(str(DATA["models/counts"]))


def _mnist_convnet():
    keras = tf.keras
    return keras.Sequential([
        keras.Input(shape=(28, 28, 1)),
        keras.layers.Conv2D(32, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Conv2D(64, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(10, activation="softmax"),
    ])


def _lstm_text():
    keras = tf.keras
    return keras.Sequential([
        keras.Input(shape=(100,), dtype="int32"),
        keras.layers.Embedding(2000, 64),
        keras.layers.Bidirectional(keras.layers.LSTM(32, return_sequences=True)),
        keras.layers.LSTM(16),
        keras.layers.Dense(1, activation="sigmoid"),
    ])


@pytest.mark.parametrize("name,build", [("mnist_convnet", _mnist_convnet), ("lstm_text", _lstm_text)])
def test_model_count_params_and_summary_rows(name, build):
    model = build()
    assert model.count_params() == COUNTS[name]
    rows = json.loads(str(DATA[f"models/summary/{name}"]))
    got = [[type(layer).__name__, _shape(layer._inbound_nodes[-1].outputs), layer.count_params()]
           for layer in model.layers]
    assert got == rows


def _shape(tensor):
    return [None if d is None else int(d) for d in tensor.shape]


def test_layer_output_attribute():
    model = _mnist_convnet()
    assert _shape(model.layers[0].output) == [None, 26, 26, 32]


def test_mnist_convnet_summary_prints_keras_total():
    lines = []
    _mnist_convnet().summary(print_fn=lines.append)
    text = "\n".join(lines)
    assert "34,826" in text and "(None, 5, 5, 64)" in text


def test_resnet50_count_params():
    if "resnet50" not in COUNTS:
        pytest.skip("ResNet50 count not recorded (building it in Keras took over 60 s)")
    resnet = pytest.importorskip("models.resnet")
    model = resnet.build_resnet50()
    assert model.count_params() == COUNTS["resnet50"]
    trainable = sum(int(np.prod(w.shape)) for w in model.trainable_weights)
    assert trainable == COUNTS["resnet50_trainable"]
