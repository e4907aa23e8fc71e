"""`model.save(dir, options=tf.saved_model.SaveOptions(experimental_io_device='/job:localhost'))` and
`load_model(dir, options=LoadOptions(...))`, as TF's distributed save-and-load tutorial writes them under Keras 2
(tf_keras takes them for its SavedModel directory): keraslike does every read and write in the calling process,
which is what '/job:localhost' asks for; another option raises naming it. Keras 3 refuses `options` (as TF 2.21)."""
import numpy as np
import pytest

import keraslike as tf


def _model():
    return tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])


def test_keras2_directory_save_and_load_take_local_io_device(tmp_path, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    model, x, path = _model(), np.ones((2, 3), "float32"), str(tmp_path / "tf_save")
    model.save(path, options=tf.saved_model.SaveOptions(experimental_io_device="/job:localhost"))
    options = tf.saved_model.LoadOptions(experimental_io_device="/job:localhost")
    loaded = tf.keras.models.load_model(path, options=options)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    with pytest.raises(ValueError, match="experimental_io_device.*Received"):
        model.save(path, options=tf.saved_model.SaveOptions(experimental_io_device="/job:worker/task:1"))
    with pytest.raises(ValueError, match="allow_partial_checkpoint"):
        tf.keras.models.load_model(path, options=tf.saved_model.LoadOptions(allow_partial_checkpoint=True))
    with pytest.raises(ValueError, match="not supported"):  # the native format takes no options (tf_keras too)
        model.save(str(tmp_path / "m.keras"), options=tf.saved_model.SaveOptions())


def test_keras3_refuses_options(tmp_path, monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    model, path = _model(), str(tmp_path / "m.keras")
    with pytest.raises(ValueError, match="not supported: \\['options'\\]"):
        model.save(path, options=tf.saved_model.SaveOptions(experimental_io_device="/job:localhost"))
    model.save(path)
    with pytest.raises(TypeError, match="unexpected keyword argument 'options'"):
        tf.keras.models.load_model(path, options=tf.saved_model.LoadOptions())


def test_tf_saved_model_save_takes_local_io_device(tmp_path):
    model, x = _model(), np.ones((2, 3), "float32")
    model(x)
    tf.saved_model.save(model, str(tmp_path / "sm"),
                        options=tf.saved_model.SaveOptions(experimental_io_device="/job:localhost"))
    loaded = tf.saved_model.load(str(tmp_path / "sm"),
                                 options=tf.saved_model.LoadOptions(experimental_io_device="/job:localhost"))
    served = loaded.signatures["serving_default"](tf.constant(x))
    np.testing.assert_allclose(next(iter(served.values())).numpy(), model.predict(x, verbose=0), rtol=1e-6)
