"""STFTSpectrogram, MelSpectrogram and keras.initializers.STFT against real Keras 3.15 outputs
(tests/golden/make_audio_golden.py), plus shapes, configs and errors."""

import json
import os

import numpy as np
import pytest

import keraslike as tf

L = tf.keras.layers
GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "..", "golden", "audio.npz"), allow_pickle=False))
LAYER_CASES = sorted(k.split("/")[0] for k in GOLDEN if k.endswith("/x"))


@pytest.mark.parametrize("name", LAYER_CASES)
def test_layer_matches_keras(name):
    spec = json.loads(str(GOLDEN[f"{name}/spec"]))
    layer = getattr(L, spec["class"])(**spec["kwargs"])
    x, expected = GOLDEN[f"{name}/x"], GOLDEN[f"{name}/y"]
    out = layer(x).numpy()
    assert out.shape == expected.shape
    assert tuple(layer.compute_output_shape(x.shape)) == expected.shape
    if spec["kwargs"].get("mode") == "angle":  # atan2 is ill-conditioned where both parts are ~0
        both = np.concatenate([np.cos(out), np.sin(out)])
        np.testing.assert_allclose(both, np.concatenate([np.cos(expected), np.sin(expected)]), atol=2e-3)
    else:
        np.testing.assert_allclose(out, expected, rtol=2e-4, atol=2e-4 * max(1.0, float(np.abs(expected).max())))


def test_stft_initializer_matches_keras():
    spec = json.loads(str(GOLDEN["init_imag_blackman/spec"]))
    kernel = tf.keras.initializers.STFT(**spec["kwargs"])(tuple(spec["shape"]))
    np.testing.assert_allclose(kernel.numpy(), GOLDEN["init_imag_blackman/y"], rtol=1e-5, atol=1e-6)
    assert tf.keras.initializers.get("stft").get_config() == {"side": "real", "window": "hann", "periodic": False,
                                                              "scaling": "density"}


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="mode"):
        L.STFTSpectrogram(mode="power")
    with pytest.raises(ValueError, match="frame_step"):
        L.STFTSpectrogram(frame_length=16, frame_step=32)
    with pytest.raises(ValueError, match="window"):
        L.STFTSpectrogram(window="no-such-window")
    with pytest.raises(ValueError, match="fft_length"):
        L.MelSpectrogram(fft_length=128, sequence_length=256)
    with pytest.warns(UserWarning, match="power of two"):
        L.STFTSpectrogram(frame_length=16, fft_length=24)


def test_configs_round_trip_and_the_layers_train_in_a_model():
    for layer in (L.STFTSpectrogram(mode="magnitude", frame_length=32, frame_step=8),
                  L.MelSpectrogram(fft_length=256, sequence_stride=64, num_mel_bins=16)):
        assert type(layer).from_config(layer.get_config()).get_config() == layer.get_config()
    rng = np.random.RandomState(0)
    x, y = rng.standard_normal((16, 256, 1)).astype("float32"), np.arange(16) % 2
    model = tf.keras.Sequential([tf.keras.Input((256, 1)), L.STFTSpectrogram(mode="log", frame_length=32),
                                 L.GlobalAveragePooling1D(), L.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    assert len(model.trainable_weights) == 4  # the STFT kernels train, as in Keras
    assert np.isfinite(model.fit(x, y, epochs=1, batch_size=8, verbose=0).history["loss"][0])
