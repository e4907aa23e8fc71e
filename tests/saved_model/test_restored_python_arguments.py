"""TF's SavedModel migration guide, its `loaded(5)` cell: a module restored by `tf.saved_model.load` (its class
importable, so keraslike runs its Python methods) converts Python and numpy arguments of a saved `tf.function` as
the saved traces' input specs say, as TF's restored functions do (before: `loaded(5)` ran on the int 5 and gave
int32 7, TF 2.21 gives float32 7.0). Expected values are TF 2.21's for the same calls (run there)."""

import numpy as np

import keraslike as tf


class MyModel(tf.Module):
    @tf.function
    def __call__(self, x):
        return x + 2


def test_python_arguments_take_the_saved_trace_dtype(tmp_path):
    model = MyModel()
    model(tf.constant(1.0))  # traced for float32 scalars, as TF saves it
    tf.saved_model.save(model, str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    out = loaded(5)
    assert out.dtype == tf.float32 and float(out) == 7.0
    assert float(loaded(5.5)) == 7.5
    out = loaded(np.float32(2))
    assert out.dtype == tf.float32 and float(out) == 4.0
