"""`tf.edit_distance`: Levenshtein distances between sequences held in `SparseTensor`s.

Mirrors `tensorflow/python/ops/array_ops.py` (`edit_distance`, the EditDistance kernel). Each input is a
`SparseTensor` of rank R whose last dimension indexes sequence positions; the sequence at coordinates `i` of
the first R-1 dims is its values in order of the last index.

Example:
    >>> hyp = tf.sparse.SparseTensor([[0, 0], [0, 1], [0, 2]], [1, 2, 3], (1, 3))
    >>> truth = tf.sparse.SparseTensor([[0, 0], [0, 1]], [1, 3], (1, 2))
    >>> tf.edit_distance(hyp, truth, normalize=False)     # float32 [1.]
"""

import numpy as np
import torch

from keraslike._src.ops.string_tensor import as_string_array
from keraslike._src.sparse.sparse_tensor import SparseTensor


def _sequences(st):
    indices = st.indices.cpu().numpy()
    values = st.values
    values = as_string_array(values).tolist() if not isinstance(values, torch.Tensor) else values.cpu().tolist()
    order = np.lexsort(indices.T[::-1]) if len(indices) else np.zeros(0, dtype=np.int64)
    groups = {}
    for i in order:
        groups.setdefault(tuple(int(v) for v in indices[i, :-1]), []).append(values[i])
    return groups


def _levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """`tf.edit_distance(hypothesis, truth, normalize=True)`: the Levenshtein distance of each sequence pair.

    Args:
        hypothesis, truth: `SparseTensor`s of one rank R >= 2 and one value dtype.
        normalize: divide by the truth's length (an empty truth gives inf, or nan for two empty sequences).
        name: ignored.

    Returns:
        float32 tensor of shape `max(hypothesis.dense_shape, truth.dense_shape)[:-1]`.

    Raises:
        TypeError: inputs that are not `SparseTensor`s or of two dtypes. ValueError: ranks that differ.
    """
    if not (isinstance(hypothesis, SparseTensor) and isinstance(truth, SparseTensor)):
        raise TypeError("`tf.edit_distance` takes two tf.sparse.SparseTensor. Received: "
                        f"hypothesis={type(hypothesis).__name__}, truth={type(truth).__name__}")
    if hypothesis.dtype != truth.dtype:
        raise TypeError(f"`hypothesis` and `truth` must have one dtype. Received: {hypothesis.dtype!r} and "
                        f"{truth.dtype!r}")
    h_shape, t_shape = hypothesis.dense_shape.tolist(), truth.dense_shape.tolist()
    if len(h_shape) != len(t_shape) or len(h_shape) < 2:
        raise ValueError(f"`hypothesis` and `truth` must have one rank >= 2. Received: dense shapes {h_shape} and "
                         f"{t_shape}")
    out_shape = [max(a, b) for a, b in zip(h_shape[:-1], t_shape[:-1])]
    out = np.zeros(out_shape, dtype=np.float32)
    hyp, ref = _sequences(hypothesis), _sequences(truth)
    with np.errstate(divide="ignore", invalid="ignore"):
        for key in set(hyp) | set(ref):
            h, t = hyp.get(key, []), ref.get(key, [])
            distance = np.float32(_levenshtein(h, t))
            out[key] = distance / np.float32(len(t)) if normalize else distance
    return torch.from_numpy(out)
