"""`get_concrete_function(tf.TensorSpec(None, tf.float32))` after a call traced a scalar (guide/saved_model).

The guide calls `module(tf.constant(0.))` (a trace for shape ()), then asks for the unknown-rank signature
and saves it. keraslike's trace lookup compared the scalar trace with the unknown-rank spec dimension by
dimension and raised `as_list() is not defined on an unknown TensorShape`; TF makes a second trace (checked
under TF 2.21: 'Tracing with Tensor("x:0", dtype=float32)'), and the saved signature serves any shape.
"""

import numpy as np

import keraslike as tf


class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        return x * self.v


def test_unknown_rank_signature_after_a_scalar_call(tmp_path):
    module = CustomModule()
    module(tf.constant(0.0))
    call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    assert call.structured_input_signature[0][0].shape.rank is None
    tf.saved_model.save(module, str(tmp_path / "m"), signatures=call)
    imported = tf.saved_model.load(str(tmp_path / "m"))
    assert list(imported.signatures.keys()) == ["serving_default"]
    serve = imported.signatures["serving_default"]
    assert float(serve(x=tf.constant(3.0))["output_0"]) == 3.0
    np.testing.assert_allclose(np.asarray(serve(x=tf.constant([1.0, 2.0]))["output_0"]), [1.0, 2.0])


def test_a_known_rank_trace_still_serves_its_own_shapes():
    module = CustomModule()
    scalar = module.__call__.get_concrete_function(tf.TensorSpec([], tf.float32))
    assert module.__call__.get_concrete_function(tf.TensorSpec([], tf.float32)) is scalar
    unknown = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    assert unknown is not scalar
