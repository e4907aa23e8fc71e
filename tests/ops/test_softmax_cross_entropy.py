"""Softmax cross-entropies from logits: values and gradients against TF 2.21 on edge-case logits, and the fused
sparse and dense nodes (ops/softmax_cross_entropy.py) against finite differences, second derivatives, kept graphs.

Golden: tests/golden/make_softmax_cross_entropy_grads.py (TF's values for every public entry point).
"""

import json
from pathlib import Path

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.ops.softmax_cross_entropy import softmax_cross_entropy, sparse_softmax_cross_entropy

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "softmax_cross_entropy_grads.json").read_text())
CASES = GOLDEN["cases"]


def upstream(shape):
    return (np.arange(int(np.prod(shape)), dtype="float32").reshape(shape) % 3 + 0.5)


def weighted(per_example, labels):
    return tf.reduce_sum(per_example * upstream(np.shape(labels)))


def entry_points(case):
    """`name -> fn(logits variable)`, the same calls as the golden script."""
    labels = np.asarray(case["labels"], "int64")
    onehot = np.eye(np.shape(case["logits"])[-1], dtype="float32")[labels]
    sw = upstream(labels.shape)
    losses = tf.keras.losses
    fns = {
        "tf.nn.sparse": lambda x: weighted(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, x), labels),
        "tf.nn.dense": lambda x: weighted(tf.nn.softmax_cross_entropy_with_logits(onehot, x), labels),
        "ops.sparse": lambda x: weighted(
            tf.keras.ops.sparse_categorical_crossentropy(labels, x, from_logits=True), labels),
        "ops.dense": lambda x: weighted(tf.keras.ops.categorical_crossentropy(onehot, x, from_logits=True), labels),
        "losses.sparse": lambda x: weighted(losses.sparse_categorical_crossentropy(labels, x, from_logits=True),
                                            labels),
        "losses.dense": lambda x: weighted(losses.categorical_crossentropy(onehot, x, from_logits=True), labels),
        "Sparse": lambda x: losses.SparseCategoricalCrossentropy(from_logits=True)(labels, x),
        "Sparse.sample_weight": lambda x: losses.SparseCategoricalCrossentropy(from_logits=True)(
            labels, x, sample_weight=sw),
        "Sparse.sum": lambda x: losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")(labels, x),
        "Categorical": lambda x: losses.CategoricalCrossentropy(from_logits=True)(onehot, x, sample_weight=sw),
    }
    fns["v1.losses.sparse"] = lambda x: tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, x, weights=sw)
    fns["v1.losses.dense"] = lambda x: tf.compat.v1.losses.softmax_cross_entropy(onehot, x, weights=sw)
    padded = np.array(labels)
    padded.reshape(-1)[::2] = -1  # a padding id outside the classes, as the golden script
    fns["Sparse.ignore_minus_one"] = lambda x: losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1)(
        padded, x)
    if "ignore_class" in case:
        fns["Sparse.ignore_class"] = lambda x: losses.SparseCategoricalCrossentropy(
            from_logits=True, ignore_class=case["ignore_class"])(labels, x, sample_weight=sw)
    return fns


PARAMS = [(name, entry) for name, case in CASES.items() for entry in entry_points(case)]


@pytest.mark.parametrize("name,entry", PARAMS, ids=[f"{n}-{e}" for n, e in PARAMS])
def test_value_and_gradient_match_tf(name, entry):
    case = CASES[name]
    x = tf.Variable(np.asarray(case["logits"], "float32"))
    with tf.GradientTape() as tape:
        value = entry_points(case)[entry](x)
    grad = tape.gradient(value, x)
    want = case[entry]
    np.testing.assert_allclose(np.asarray(value), np.asarray(want["value"], "float32"), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.asarray(grad), np.asarray(want["grad"], "float32"), rtol=1e-5, atol=1e-6)


def composite(logits, labels):
    return -torch.gather(torch.log_softmax(logits, -1), -1, labels.unsqueeze(-1)).squeeze(-1)


def test_fused_node_matches_finite_differences_and_second_derivatives():
    x = torch.randn(4, 3, 6, dtype=torch.float64, requires_grad=True)
    labels = torch.tensor([[0, 5, 2], [3, 3, 1], [4, 0, 0], [5, 1, 2]])
    fn = lambda t: sparse_softmax_cross_entropy(t, labels, "op")  # noqa: E731
    assert torch.autograd.gradcheck(fn, (x,))
    assert torch.autograd.gradgradcheck(fn, (x,))  # create_graph falls back to the differentiable formula


def test_a_kept_graph_gives_the_same_gradient_twice():
    x = torch.randn(5, 7, generator=torch.Generator().manual_seed(4)).requires_grad_()
    labels = torch.tensor([0, 6, 2, 2, 1])
    loss = (sparse_softmax_cross_entropy(x, labels, "op") * torch.arange(5.0)).sum()
    first, = torch.autograd.grad(loss, x, retain_graph=True)
    second, = torch.autograd.grad(loss, x)
    want, = torch.autograd.grad((composite(x, labels) * torch.arange(5.0)).sum(), x)
    torch.testing.assert_close(first, want, rtol=1e-6, atol=1e-7)
    torch.testing.assert_close(second, want, rtol=1e-6, atol=1e-7)


def test_a_persistent_tape_gives_the_same_gradient_twice():
    x = tf.Variable([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]])
    with tf.GradientTape(persistent=True) as tape:
        loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits([2, 0], x))
    first, second = np.asarray(tape.gradient(loss, x)), np.asarray(tape.gradient(loss, x))
    p = np.exp(np.asarray(x)) / np.exp(np.asarray(x)).sum(-1, keepdims=True)  # softmax - onehot, by hand
    np.testing.assert_allclose(first, p - np.eye(3)[[2, 0]], rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(first, second)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_precision_gradient_is_rounded_once(dtype):
    x = (torch.randn(16, 9, generator=torch.Generator().manual_seed(0)) * 3).to(dtype)
    labels = torch.randint(0, 9, (16,), generator=torch.Generator().manual_seed(1))
    w = torch.rand(16, generator=torch.Generator().manual_seed(2)).to(dtype)
    fused = x.clone().requires_grad_()
    (sparse_softmax_cross_entropy(fused, labels, "op") * w).sum().backward()
    exact = x.double().requires_grad_()
    (composite(exact, labels) * w.double()).sum().backward()
    assert fused.grad.dtype == dtype
    tol = {torch.float16: 2e-3, torch.bfloat16: 1.6e-2}[dtype]
    torch.testing.assert_close(fused.grad.double(), exact.grad, rtol=0, atol=tol)


def test_out_of_range_label_raises_naming_it():
    x = torch.zeros(2, 3, requires_grad=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"label value of 3 .* \[0, 3\)"):
        sparse_softmax_cross_entropy(x, torch.tensor([0, 3]), "op")
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"label value of -1 "):
        tf.nn.sparse_softmax_cross_entropy_with_logits([0, -1], x)


@pytest.mark.parametrize("name", sorted(CASES))
def test_dense_labels_gradient_matches_tf(name):
    case = CASES[name]
    want = case["tf.nn.dense.labels"]
    weights = upstream(np.shape(case["logits"])[:-1])
    y = tf.Variable(np.asarray(want["soft_labels"], "float32"))
    with tf.GradientTape() as tape:
        value = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(y, np.asarray(case["logits"], "float32"))
                              * weights)
    np.testing.assert_allclose(np.asarray(value), want["value"], rtol=1e-5)
    np.testing.assert_allclose(np.asarray(tape.gradient(value, y)), np.asarray(want["grad"], "float32"),
                               rtol=1e-5, atol=1e-6)


def dense_composite(logits, labels, axis=-1):
    return -torch.sum(labels * torch.log_softmax(logits, dim=axis), dim=axis)


def test_dense_node_matches_finite_differences_and_second_derivatives():
    x = torch.randn(3, 4, 5, dtype=torch.float64, requires_grad=True)
    y = torch.rand(3, 4, 5, dtype=torch.float64, requires_grad=True)
    for axis in (-1, 1, 0):
        fn = lambda a, b: softmax_cross_entropy(a, b, axis)  # noqa: B023, E731
        assert torch.autograd.gradcheck(fn, (x, y))
        assert torch.autograd.gradgradcheck(fn, (x, y))
        torch.testing.assert_close(fn(x, y), dense_composite(x, y, axis))


def test_dense_kept_graph_and_half_precision():
    rng = torch.Generator().manual_seed(3)
    x = torch.randn(6, 8, generator=rng).requires_grad_()
    y = torch.softmax(torch.randn(6, 8, generator=rng), -1)
    loss = (softmax_cross_entropy(x, y) * torch.arange(6.0)).sum()
    first, = torch.autograd.grad(loss, x, retain_graph=True)
    second, = torch.autograd.grad(loss, x)
    want, = torch.autograd.grad((dense_composite(x, y) * torch.arange(6.0)).sum(), x)
    torch.testing.assert_close(first, want, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(second, want, rtol=1e-5, atol=1e-6)
    for dtype in (torch.float16, torch.bfloat16):  # within a few roundings of the dtype (300 seeds: <= 1.9 eps)
        half = (x.detach() * 3).to(dtype).requires_grad_()
        (softmax_cross_entropy(half, y.to(dtype)) * torch.arange(6.0).to(dtype)).sum().backward()
        exact = (x.detach() * 3).to(dtype).double().requires_grad_()
        (dense_composite(exact, y.to(dtype).double()) * torch.arange(6.0).double()).sum().backward()
        assert half.grad.dtype == dtype
        bound = 4 * torch.finfo(dtype).eps * exact.grad.abs().clamp_min(1)
        assert bool(((half.grad.double() - exact.grad).abs() <= bound).all())


def test_vectorized_map_batches_the_cross_entropies_with_gradients():
    """Inside torch.func's vmap (tf.vectorized_map) the composite ops run: batched, no loop fallback."""
    x = tf.Variable(np.random.RandomState(0).normal(size=(4, 3, 5)).astype("float32"))
    labels = np.array([[0, 4, 1], [3, 3, 2], [1, 0, 0], [4, 2, 1]])
    onehot = np.eye(5, dtype="float32")[labels]
    with tf.GradientTape() as tape:
        sparse = tf.vectorized_map(lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(a[1], a[0]),
                                   (x, labels), fallback_to_while_loop=False)
        dense = tf.vectorized_map(lambda a: tf.nn.softmax_cross_entropy_with_logits(a[1], a[0]), (x, onehot),
                                  fallback_to_while_loop=False)
        total = tf.reduce_sum(sparse) + tf.reduce_sum(dense)
    xs = np.asarray(x)
    log_prob = xs - np.log(np.exp(xs).sum(-1, keepdims=True))
    np.testing.assert_allclose(np.asarray(sparse), -np.take_along_axis(log_prob, labels[..., None], -1)[..., 0],
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(dense), np.asarray(sparse), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(np.asarray(tape.gradient(total, x)), 2 * (np.exp(log_prob) - onehot),
                               rtol=1e-5, atol=1e-6)


def test_the_helpers_run_under_torch_func_vmap():
    """A custom autograd node without a vmap rule raises under torch.func transforms; the helpers use the
    composite ops there."""
    x = torch.randn(4, 3, 5, requires_grad=True)
    labels = torch.randint(0, 5, (4, 3))
    onehot = torch.nn.functional.one_hot(labels, 5).float()
    sparse = torch.func.vmap(lambda a, b: sparse_softmax_cross_entropy(a, b, "op"))(x, labels)
    dense = torch.func.vmap(softmax_cross_entropy)(x, onehot)
    torch.testing.assert_close(sparse, composite(x, labels))
    torch.testing.assert_close(dense, composite(x, labels))
