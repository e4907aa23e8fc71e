"""TF's ragged tensor guide, its tf.function cells: a `tf.function` traced for a `tf.RaggedTensorSpec` (an
`input_signature` or `get_concrete_function(spec)`) runs its body on a RaggedTensor, its concrete function has
TF's input and output specs, a module with such a trace saves and loads (before: the trace received the spec
itself, `TypeError: unsupported operand type(s) for *: 'RaggedTensorSpec' and 'Variable'`). Expected specs and
values are TF 2.21's for the same cells (run there)."""

import tempfile

import keraslike as tf


class CustomModule(tf.Module):
    def __init__(self, variable_value):
        super().__init__()
        self.v = tf.Variable(variable_value)

    @tf.function
    def grow(self, x):
        return x * self.v


def test_concrete_function_of_ragged_spec_then_save_and_load():
    module = CustomModule(100.0)
    spec = tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32)
    concrete = module.grow.get_concrete_function(spec)
    assert concrete.structured_input_signature == ((spec,), {})
    assert repr(concrete.structured_outputs) == "RaggedTensorSpec(TensorShape([None, None]), tf.float32, 1, tf.int64)"
    path = tempfile.mkdtemp()
    tf.saved_model.save(module, path)
    imported = tf.saved_model.load(path)
    out = imported.grow(tf.ragged.constant([[1.0, 4.0, 3.0], [2.0]]))
    assert isinstance(out, tf.RaggedTensor) and out.to_list() == [[100.0, 400.0, 300.0], [200.0]]


def test_input_signature_of_ragged_spec():
    @tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
    def max_and_min(rt):
        return tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1)

    high, low = max_and_min(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))
    assert high.tolist() == [2, 3, 6] and low.tolist() == [1, 3, 4]
    outputs = max_and_min.get_concrete_function().structured_outputs
    assert [(o.shape.as_list(), o.dtype) for o in outputs] == [([None], tf.int32), ([None], tf.int32)]


def test_concrete_function_of_ragged_value_and_retracing():
    @tf.function
    def increment(x):
        return x + 1

    rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    concrete = increment.get_concrete_function(rt)
    assert repr(concrete.structured_input_signature[0][0]) == (
        "RaggedTensorSpec(TensorShape([3, None]), tf.int32, 1, tf.int64)")
    assert concrete(rt).to_list() == [[2, 3], [4], [5, 6, 7]]
    assert increment.experimental_get_tracing_count() == 1
    increment(rt)  # covered by the trace of the same spec
    assert increment.experimental_get_tracing_count() == 1
    increment(tf.ragged.constant([[1], [3, 4]]))  # 2 rows: a new trace, as TF
    assert increment.experimental_get_tracing_count() == 2


def test_concrete_function_of_sparse_spec():
    """The same defect for `tf.SparseTensorSpec` (the trace received the spec: `Expected a tf.sparse.SparseTensor
    for sp_input`); TF 2.21 traces once for the spec and serves a [2, 3] SparseTensor from that trace."""

    @tf.function
    def row_sums(st):
        return tf.sparse.reduce_sum(st, axis=1)

    spec = tf.SparseTensorSpec([None, 3], tf.float32)
    concrete = row_sums.get_concrete_function(spec)
    assert concrete.structured_input_signature == ((spec,), {})
    assert row_sums(tf.sparse.SparseTensor([[0, 1]], [2.0], [2, 3])).tolist() == [2.0, 0.0]
    assert row_sums.experimental_get_tracing_count() == 1
