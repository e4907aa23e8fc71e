"""A `tf.function` held as an attribute of a tf.Module is not saved by keraslike (TF saves it): saving warns
naming the attribute instead of dropping it silently; decorated methods are saved and run after loading."""

import numpy as np
import pytest

import keraslike as tf


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.f = tf.function(lambda x: x * 2, input_signature=[tf.TensorSpec([], tf.float32)])

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def g(self, x):
        return x + 1


def test_a_function_attribute_is_named_when_not_saved(tmp_path):
    with pytest.warns(UserWarning, match=r"\['obj.f'\] are not saved"):
        tf.saved_model.save(Holder(), str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    assert float(np.asarray(loaded.g(tf.constant(2.0)))) == 3.0
