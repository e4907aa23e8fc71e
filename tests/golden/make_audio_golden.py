"""Write goldens for Keras 3.15's STFTSpectrogram and MelSpectrogram layers and the STFT initializer.

Run under real TensorFlow 2.21 / Keras 3.15 with scipy (Keras's STFT needs it), from the repository root:

    /work/tfvenv/bin/pip install scipy
    /work/tfvenv/bin/python tests/golden/make_audio_golden.py

It writes `tests/golden/audio.npz`: for each case NAME, `NAME/x`, `NAME/y` and `NAME/spec` (JSON:
class and kwargs). `tests/keras/layers/test_audio_layers.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "audio.npz")


def cases(rng):
    t = np.arange(4000) / 8000.0
    tone = (np.sin(2 * np.pi * 440 * t) + 0.3 * rng.standard_normal(4000)).astype("float32")
    signals = np.stack([tone, rng.standard_normal(4000).astype("float32")])
    multi = rng.standard_normal((2, 300, 2)).astype("float32")
    out = {
        "mel_default": ("MelSpectrogram", {"fft_length": 512, "sequence_stride": 128, "sampling_rate": 8000,
                                           "num_mel_bins": 40}, signals),
        "mel_magnitude_no_db": ("MelSpectrogram", {"fft_length": 256, "sequence_stride": 64, "sequence_length": 200,
                                                   "sampling_rate": 8000, "num_mel_bins": 24, "power_to_db": False,
                                                   "mag_exp": 1.0, "min_freq": 100.0, "max_freq": 3000.0}, signals),
        "mel_db_ref_top": ("MelSpectrogram", {"fft_length": 256, "sequence_stride": 100, "sampling_rate": 8000,
                                              "num_mel_bins": 16, "top_db": 30.0, "ref_power": 4.0,
                                              "window": "hamming"}, signals),
        "mel_unbatched": ("MelSpectrogram", {"fft_length": 256, "sequence_stride": 128, "sampling_rate": 8000,
                                             "num_mel_bins": 20}, signals[0]),
    }
    for mode in ("log", "magnitude", "psd", "real", "imag", "angle", "stft"):
        out[f"stft_{mode}"] = ("STFTSpectrogram", {"mode": mode, "frame_length": 64, "frame_step": 16}, multi)
    out["stft_same_expand"] = ("STFTSpectrogram", {"frame_length": 50, "frame_step": 20, "fft_length": 64,
                                                   "padding": "same", "expand_dims": True}, multi)
    out["stft_channels_first_spectrum_periodic"] = (
        "STFTSpectrogram", {"mode": "magnitude", "frame_length": 32, "window": "hamming", "periodic": True,
                            "scaling": "spectrum", "data_format": "channels_first"},
        np.transpose(multi, (0, 2, 1)).copy())
    out["stft_no_window_no_scaling"] = ("STFTSpectrogram", {"mode": "real", "frame_length": 16, "window": None,
                                                            "scaling": None}, multi)
    return out


def main():
    rng = np.random.RandomState(1201)
    arrays = {}
    for name, (cls, kwargs, x) in cases(rng).items():
        y = np.asarray(getattr(keras.layers, cls)(**kwargs)(x))
        arrays[f"{name}/x"], arrays[f"{name}/y"] = x, y.astype("float32")
        arrays[f"{name}/spec"] = np.array(json.dumps({"class": cls, "kwargs": kwargs}))
    kernel = keras.initializers.STFT("imag", window="blackman", scaling="density", periodic=True)((24, 1, 17))
    arrays["init_imag_blackman/y"] = np.asarray(kernel)
    arrays["init_imag_blackman/spec"] = np.array(json.dumps({"class": "STFT", "kwargs": {
        "side": "imag", "window": "blackman", "scaling": "density", "periodic": True}, "shape": [24, 1, 17]}))
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {len({k.split('/')[0] for k in arrays})} cases to {OUT} (keras {keras.__version__})")


if __name__ == "__main__":
    main()
