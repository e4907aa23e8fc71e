"""`_src/lazy_module.py`: a module imported on its first attribute read (h5py stays unimported by
`import keraslike`; the fresh-interpreter check is in tests/keras/optimizers/test_first_step_imports.py)."""

import json

import h5py
import numpy as np

import keraslike as tf
from keraslike._src.keras.saving import bounded_read
from keraslike._src.lazy_module import LazyModule


def test_the_module_is_imported_on_first_attribute_read():
    lazy = LazyModule("json")
    assert "not imported yet" in repr(lazy)
    assert lazy.dumps([1, 2]) == "[1, 2]"
    assert lazy.loads is json.loads  # the real module's attributes, not copies
    assert "imported" in repr(lazy) and "not imported" not in repr(lazy)


def test_a_missing_attribute_raises_attribute_error():
    lazy = LazyModule("json")
    try:
        lazy.no_such_name  # noqa: B018 - the read is the test
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("expected AttributeError")


def test_h5_weight_files_round_trip_through_the_lazy_h5py(tmp_path):
    assert bounded_read.h5py.File is h5py.File
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, kernel_initializer="ones")])
    path = str(tmp_path / "m.weights.h5")
    model.save_weights(path)
    other = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    other.load_weights(path)
    np.testing.assert_array_equal(other.layers[0].kernel.numpy(), np.ones((3, 2), np.float32))
