"""tf.sparse.SparseTensor and tf.sparse ops against real TF 2.21 (tests/golden/make_sparse_golden.py)."""

import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)
import records_cases  # noqa: E402
import sparse_cases  # noqa: E402

with open(os.path.join(GOLDEN, "sparse.json")) as _f:
    EXPECTED = json.load(_f)


def _close(ours, theirs):
    if isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _close(a, b)
    elif "indices" in theirs:
        for key in ("indices", "values", "dense_shape"):
            _close(ours[key], theirs[key])
    elif "strings" in theirs:
        assert ours == theirs
    else:
        assert ours["shape"] == theirs["shape"] and ours["dtype"] == theirs["dtype"]
        np.testing.assert_allclose(ours["values"], theirs["values"], rtol=1e-6)


def _python(value):
    if isinstance(value, (tuple, list)):
        return [_python(v) for v in value]
    return records_cases.as_python(value)


@pytest.mark.parametrize("name", sorted(sparse_cases.CASES))
def test_matches_tf(name):
    _close(_python(sparse_cases.CASES[name](tf)), EXPECTED["cases"][name])


@pytest.mark.parametrize("name", sorted(sparse_cases.ERROR_CASES))
def test_errors_match_tf(name):
    theirs = EXPECTED["errors"][name]
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        sparse_cases.ERROR_CASES[name](tf)
    assert str(info.value) == theirs["message"]


def test_sparse_tensor_properties_and_repr():
    st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
    assert st.indices.dtype == torch.int64 and st.dense_shape.dtype == torch.int64
    assert st.dtype == torch.int32 and st.shape.as_list() == [3, 4] and st.get_shape().rank == 2
    assert repr(st) == ("SparseTensor(indices=tf.Tensor(\n[[0 0]\n [1 2]], shape=(2, 2), dtype=int64), "
                        "values=tf.Tensor([1 2], shape=(2,), dtype=int32), "
                        "dense_shape=tf.Tensor([3 4], shape=(2,), dtype=int64))")
    assert tf.SparseTensorSpec([3, 4], tf.int32).is_compatible_with(st)
    assert tf.sparse.to_dense(st).tolist() == st.to_torch_sparse().to_dense().tolist()
    with pytest.raises(ValueError, match="values of shape"):
        tf.sparse.SparseTensor([[0, 0]], [1.0, 2.0], [2, 2])
    with pytest.raises(TypeError, match="integer"):
        tf.sparse.SparseTensor([[0.5, 0]], [1.0], [2, 2])


def test_string_values():
    st = tf.sparse.SparseTensor([[0, 1], [1, 0]], np.array([b"a", b"b"], dtype=object), [2, 2])
    assert st.dtype == tf.string
    dense = np.asarray(tf.sparse.to_dense(st, default_value=b"-"))
    assert dense.tolist() == [[b"-", b"a"], [b"b", b"-"]]
    back = tf.sparse.from_dense(np.array([[b"", b"x"], [b"y", b""]], dtype=object))
    assert back.indices.tolist() == [[0, 1], [1, 0]] and list(np.asarray(back.values)) == [b"x", b"y"]


def test_matmul_gradients_match_dense_autograd():
    indices = [[0, 0], [0, 2], [1, 1], [2, 3]]
    values = torch.tensor([1.0, -2.0, 3.0, 4.0], requires_grad=True)
    dense_b = torch.randn(4, 5, requires_grad=True)
    out = tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor(indices, values, [3, 4]), dense_b)
    (out ** 2).sum().backward()
    values_ref = values.detach().clone().requires_grad_(True)
    b_ref = dense_b.detach().clone().requires_grad_(True)
    full = torch.zeros(3, 4).index_put(tuple(torch.tensor(indices).t()), values_ref)
    ((full @ b_ref) ** 2).sum().backward()
    torch.testing.assert_close(values.grad, values_ref.grad)
    torch.testing.assert_close(dense_b.grad, b_ref.grad)


@pytest.mark.parametrize("name", sorted(sparse_cases.DATASET_CASES))
def test_sparse_dataset_elements_match_tf(name):
    """SparseTensors in tf.data elements: sliced, batched as sparse, unbatched, as TF 2.21."""
    _close([records_cases.as_python(v) for v in sparse_cases.DATASET_CASES[name](tf)], EXPECTED["datasets"][name])


@pytest.mark.parametrize("name", sorted(sparse_cases.SPEC_CASES))
def test_sparse_element_specs_match_tf(name):
    assert sparse_cases.SPEC_CASES[name](tf) == EXPECTED["specs"][name]


def test_sparse_as_numpy_iterator_gives_sparse_tensor_values():
    st = tf.sparse.SparseTensor([[0, 1], [2, 0]], [1.0, 2.0], [3, 2])
    first = next(tf.data.Dataset.from_tensor_slices(st).as_numpy_iterator())
    assert first.indices.tolist() == [[1]] and first.values.tolist() == [1.0] and first.dense_shape.tolist() == [2]


def _hex(value):
    array = np.asarray(value.numpy() if hasattr(value, "numpy") else value, dtype=object)
    return [[bytes(b).hex() for b in row] if array.ndim == 2 else bytes(row).hex() for row in array.tolist()]


@pytest.mark.parametrize("name", sorted(sparse_cases.SERIALIZE_CASES))
def test_serialize_sparse_bytes_equal_tfs(name):
    assert _hex(sparse_cases.SERIALIZE_CASES[name](tf)) == EXPECTED["serialized"][name]


def test_deserialize_many_sparse_matches_tf():
    theirs = [[bytes.fromhex(b) for b in row] for row in EXPECTED["serialized"]["serialize_many_sparse"]]
    ours = tf.io.deserialize_many_sparse(np.array(theirs, dtype=object), tf.int32)
    assert records_cases.as_python(ours) == EXPECTED["serialized"]["deserialized"]
    with pytest.raises(TypeError, match="variant"):
        tf.io.serialize_sparse(sparse_cases._st(tf), out_type=tf.variant if hasattr(tf, "variant") else "variant")


def test_dense_to_sparse_batch_matches_tf():
    """TF 2.21 gives exactly these two batches (zeros are entries; dense shape [batch] + row_shape)."""
    dataset = tf.data.Dataset.from_generator(lambda: iter([[1, 0, 2], [3], [], [4, 5]]),
                                             output_signature=tf.TensorSpec([None], tf.int32))
    batched = dataset.apply(tf.data.experimental.dense_to_sparse_batch(3, [4]))
    assert repr(batched.element_spec) == "SparseTensorSpec(TensorShape([None, 4]), tf.int32)"
    first, second = list(batched)
    assert first.indices.tolist() == [[0, 0], [0, 1], [0, 2], [1, 0]] and first.values.tolist() == [1, 0, 2, 3]
    assert first.dense_shape.tolist() == [3, 4]
    assert second.indices.tolist() == [[0, 0], [0, 1]] and second.dense_shape.tolist() == [1, 4]
    with pytest.raises(tf.errors.InvalidArgumentError, match="incompatible with the row shape"):
        list(dataset.sparse_batch(2, [2]))
    with pytest.raises(ValueError, match="must be >= 0"):
        dataset.sparse_batch(2, [-1])


def test_sampled_addmm_matches_tf():
    """TF 2.21: values [22.5, 9.0] for these operands (2 * (mat1 @ mat2)[i] + 0.5 * values)."""
    indices, values, shape = tf.sparse.sampled_addmm(
        tf.constant([[0, 0], [1, 1]]), tf.constant([1.0, 2.0]), tf.constant([2, 2]),
        tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[1.0, 0.0], [5.0, 1.0]]), beta=0.5, alpha=2.0)
    assert values.tolist() == [22.5, 9.0] and indices.tolist() == [[0, 0], [1, 1]] and shape.tolist() == [2, 2]
    batched = tf.sparse.sampled_addmm(tf.constant([[[0, 1]], [[1, 0]]]), tf.constant([[1.0], [3.0]]),
                                      tf.constant([2, 2]), tf.ones([2, 2, 3]), tf.ones([2, 3, 2]))[1]
    assert batched.tolist() == [[4.0], [6.0]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="dense_shape"):
        tf.sparse.sampled_addmm(tf.constant([[0, 0]]), tf.constant([1.0]), tf.constant([3, 3]), tf.ones([2, 2]),
                                tf.ones([2, 2]))
