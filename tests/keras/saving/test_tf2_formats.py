"""TF 2 spellings: `save_weights("dir/ckpt")` (TF checkpoint + state file) and `model.save("dir")`."""

import os

import numpy as np

import keraslike as tf


def _model():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    model.compile("adam", "mse")
    return model


def test_tf_format_weights_are_found_by_latest_checkpoint(tmp_path):
    model = _model()
    model.save_weights(str(tmp_path / "ckpt_1"))
    model.layers[0].kernel.assign(model.layers[0].kernel + 1)
    model.save_weights(str(tmp_path / "ckpt_2"))
    assert sorted(os.listdir(tmp_path)) == ["checkpoint", "ckpt_1.data-00000-of-00001", "ckpt_1.index",
                                            "ckpt_2.data-00000-of-00001", "ckpt_2.index"]
    latest = tf.train.latest_checkpoint(str(tmp_path))
    assert latest == str(tmp_path / "ckpt_2")
    other = _model()
    other.load_weights(latest)
    for a, b in zip(other.get_weights(), model.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_model_checkpoint_weights_only_then_latest_checkpoint(tmp_path):
    x, y = np.random.default_rng(0).normal(size=(16, 3)).astype("float32"), np.zeros((16, 2), "float32")
    model = _model()
    prefix = os.path.join(str(tmp_path), "ckpt_{epoch}")
    model.fit(x, y, epochs=2, verbose=0, callbacks=[tf.keras.callbacks.ModelCheckpoint(prefix, save_weights_only=True)])
    assert tf.train.latest_checkpoint(str(tmp_path)) == str(tmp_path / "ckpt_2")
    restored = _model()
    restored.load_weights(tf.train.latest_checkpoint(str(tmp_path)))
    np.testing.assert_array_equal(restored.get_weights()[0], model.get_weights()[0])


def test_model_save_to_a_directory_like_savedmodel(tmp_path):
    model = _model()
    path = str(tmp_path / "saved_model" / "my_model")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    x = np.ones((2, 3), "float32")
    np.testing.assert_allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0), rtol=1e-6)
