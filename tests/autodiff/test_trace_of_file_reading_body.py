"""`get_concrete_function` of a body that reads a file named by a string argument (tutorials/audio/simple_audio).

The tutorial's `ExportModel.__init__` traces `__call__` for `TensorSpec(shape=(), dtype=tf.string)`; the body
does `tf.io.read_file(x)`. TF builds the graph without running it; keraslike traces by running the body on
placeholder values, and the empty-string placeholder made `read_file` raise NotFoundError in the constructor.
An op error on placeholder values now leaves the trace standing (output spec unknown); a real call reads the
file, and the SavedModel serves both signatures. A Python error before the failing op still raises at trace
time, as TF (one after it shows on the first real call).
"""

import wave

import numpy as np
import pytest

import keraslike as tf


def _write_wav(path):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes((np.sin(np.arange(16000) / 5.0) * 3000).astype("<i2").tobytes())


def get_spectrogram(waveform):
    spectrogram = tf.abs(tf.signal.stft(waveform, frame_length=255, frame_step=128))
    return spectrogram[..., tf.newaxis]


label_names = np.array(["down", "no", "yes"])


class ExportModel(tf.Module):
    def __init__(self, model):
        self.model = model
        self.__call__.get_concrete_function(x=tf.TensorSpec(shape=(), dtype=tf.string))
        self.__call__.get_concrete_function(x=tf.TensorSpec(shape=[None, 16000], dtype=tf.float32))

    @tf.function
    def __call__(self, x):
        if x.dtype == tf.string:
            x = tf.io.read_file(x)
            x, _ = tf.audio.decode_wav(x, desired_channels=1, desired_samples=16000)
            x = tf.squeeze(x, axis=-1)
            x = x[tf.newaxis, :]
        result = self.model(get_spectrogram(x), training=False)
        class_ids = tf.argmax(result, axis=-1)
        return {"predictions": result, "class_ids": class_ids,
                "class_names": tf.gather(label_names, class_ids)}


def test_export_model_reads_a_file_by_name_and_saves(tmp_path):
    wav = tmp_path / "no_clip.wav"
    _write_wav(wav)
    model = tf.keras.Sequential([tf.keras.layers.Input((124, 129, 1)), tf.keras.layers.Flatten(),
                                 tf.keras.layers.Dense(3)])
    export = ExportModel(model)
    by_name = export(tf.constant(str(wav)))
    waveform = tf.squeeze(tf.audio.decode_wav(tf.io.read_file(str(wav)), desired_channels=1,
                                              desired_samples=16000)[0], axis=-1)[tf.newaxis, :]
    by_wave = export(waveform)
    np.testing.assert_allclose(by_name["predictions"].numpy(), by_wave["predictions"].numpy(), rtol=1e-6)
    tf.saved_model.save(export, str(tmp_path / "saved"))
    imported = tf.saved_model.load(str(tmp_path / "saved"))
    np.testing.assert_allclose(imported(waveform)["predictions"].numpy(), by_wave["predictions"].numpy(),
                               rtol=1e-6)
    assert imported(tf.constant(str(wav)))["class_ids"].numpy().tolist() == by_wave["class_ids"].numpy().tolist()


def test_a_python_error_in_the_body_still_raises_at_trace_time():
    @tf.function
    def f(x):
        return undefined_name + tf.io.read_file(x)  # noqa: F821

    with pytest.raises(NameError):
        f.get_concrete_function(tf.TensorSpec(shape=(), dtype=tf.string))
