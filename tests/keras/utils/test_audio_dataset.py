"""keras.utils.audio_dataset_from_directory, as TF's "simple audio recognition" tutorial uses it.

Reference values: the same generated folder read by real TF 2.21 gave the batch shapes, labels and
first samples asserted below (each file's first sample is its id).
"""

import os
import wave

import numpy as np
import pytest

import keraslike as tf


def _folder(root):
    rng = np.random.RandomState(0)
    for c, cls in enumerate(["no", "yes"]):
        os.makedirs(os.path.join(root, cls), exist_ok=True)
        for i in range(5 + c):
            n = 80 + 13 * i + c
            data = (rng.uniform(-0.9, 0.9, (n, 1)) * 32768).astype("<i2")
            data[0, 0] = 1000 * c + i
            with wave.open(os.path.join(root, cls, f"{i}.wav"), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(8000)
                w.writeframes(data.tobytes())
    return root


def test_batches_pad_to_the_longest_file_like_tensorflow(tmp_path, capsys):
    root = _folder(str(tmp_path / "audio"))
    ds = tf.keras.utils.audio_dataset_from_directory(root, batch_size=4, shuffle=False)
    assert "Found 11 files belonging to 2 classes." in capsys.readouterr().out
    assert ds.class_names == ["no", "yes"]
    got = [(tuple(x.shape), y.numpy().tolist(), np.round(x.numpy()[:, 0, 0] * 32768).tolist()) for x, y in ds]
    assert got == [((4, 119, 1), [0, 0, 0, 0], [0.0, 1.0, 2.0, 3.0]),  # real TF 2.21 on the same folder
                   ((4, 132, 1), [0, 1, 1, 1], [4.0, 1000.0, 1001.0, 1002.0]),
                   ((3, 146, 1), [1, 1, 1], [1003.0, 1004.0, 1005.0])]
    x, _ = next(iter(ds))
    assert float(x.numpy()[0, 80:].sum()) == 0.0  # file 0 has 80 samples: zero padding after them


def test_split_fixed_length_categorical_and_shuffled_coverage(tmp_path):
    root = _folder(str(tmp_path / "audio"))
    train, val = tf.keras.utils.audio_dataset_from_directory(root, batch_size=3, validation_split=0.3,
                                                             subset="both", seed=1, output_sequence_length=90,
                                                             label_mode="categorical")
    ids = []
    for part in (train, val):
        for x, y in part:
            assert x.shape[1:] == (90, 1) and y.shape[1] == 2
            first = np.round(x.numpy()[:, 0, 0] * 32768).astype(int)
            assert all(int(label) == int(i >= 1000) for i, label in zip(first, y.numpy().argmax(1)))
            ids += first.tolist()
    assert sorted(ids) == [0, 1, 2, 3, 4, 1000, 1001, 1002, 1003, 1004, 1005]  # every file once, no overlap
    shuffled = tf.keras.utils.audio_dataset_from_directory(root, batch_size=None, label_mode=None)
    seen = sorted(int(round(float(x.numpy()[0, 0]) * 32768)) for x in shuffled)
    assert seen == sorted(ids)


def test_a_spectrogram_model_trains_on_it(tmp_path):
    root = _folder(str(tmp_path / "audio"))
    ds = tf.keras.utils.audio_dataset_from_directory(root, batch_size=4, output_sequence_length=128)
    ds = ds.map(lambda x, y: (tf.squeeze(x, axis=-1), y))
    model = tf.keras.Sequential([tf.keras.Input((128,)), tf.keras.layers.Reshape((128, 1)),
                                 tf.keras.layers.STFTSpectrogram(mode="log", frame_length=32, frame_step=16),
                                 tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    history = model.fit(ds, epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2 and np.isfinite(history.history["loss"]).all()


def test_arguments_keras_rejects_raise(tmp_path):
    root = _folder(str(tmp_path / "audio"))
    with pytest.raises(ValueError, match="sampling_rate"):
        tf.keras.utils.audio_dataset_from_directory(root, sampling_rate=16000)
    with pytest.raises(ValueError, match="ragged"):
        tf.keras.utils.audio_dataset_from_directory(root, ragged=True)
    with pytest.raises(ValueError, match="label_mode"):
        tf.keras.utils.audio_dataset_from_directory(root, label_mode="sparse")
    (tmp_path / "empty" / "a").mkdir(parents=True)
    with pytest.raises(ValueError, match="No audio files"):
        tf.keras.utils.audio_dataset_from_directory(str(tmp_path / "empty"))
