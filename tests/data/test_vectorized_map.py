"""Element-wise `map` before `batch` over in-memory data: one vmapped call per batch when safe,
element by element otherwise, always equal to mapping each element and stacking.

References: the generic element-by-element path (`FAST_PATH_ENABLED=False`, which calls `map_func`
once per element exactly as before vectorization) and hand-computed values.

Run: python -m pytest tests/data/test_vectorized_map.py -q
"""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.data import dataset as dataset_module

Dataset = tf.data.Dataset


def _leaves(element):
    return [t.clone() if isinstance(t, torch.Tensor) else t.numpy() for t in tf.nest.flatten(element)]


def _run(build, generic, monkeypatch, passes=1):
    monkeypatch.setattr(dataset_module, "FAST_PATH_ENABLED", not generic)
    ds = build()
    out = [_leaves(e) for _ in range(passes) for e in ds]
    monkeypatch.setattr(dataset_module, "FAST_PATH_ENABLED", True)
    return ds, out


def _assert_bits_equal(a, b):
    assert len(a) == len(b)
    for ea, eb in zip(a, b):
        assert len(ea) == len(eb)
        for ta, tb in zip(ea, eb):
            if isinstance(ta, np.ndarray):
                assert ta.tolist() == tb.tolist()
                continue
            assert ta.dtype == tb.dtype and ta.shape == tb.shape
            assert torch.equal(ta, tb)


def _map_dataset(ds):
    while not hasattr(ds, "_vectorizer"):
        ds = ds._input
    return ds


def _images(n=300, seed=0):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, size=(n, 28, 28), dtype=np.uint8), rng.integers(0, 10, size=n).astype(np.int64)


def test_tutorial_pipeline_is_vectorized_and_bit_identical(monkeypatch):
    x, y = _images()
    calls = []

    def normalize(image, label):
        calls.append(1)
        return tf.cast(image, tf.float32) / 255.0, label

    def build():
        return (Dataset.from_tensor_slices((x, y)).map(normalize).shuffle(1000, seed=7).batch(64)
                .prefetch(tf.data.AUTOTUNE))

    calls.clear()
    _, generic = _run(build, True, monkeypatch, passes=2)
    generic_calls = len(calls)
    calls.clear()
    fast_ds, fast = _run(build, False, monkeypatch, passes=2)
    _assert_bits_equal(fast, generic)
    assert _map_dataset(fast_ds)._vectorizer.vectorized
    # generic: one call per element per pass (+1 trace); vectorized: per element only while verifying the
    # first batch of each size (64 and 300 % 64 = 44), then one call per batch.
    assert generic_calls == 2 * 300 + 1
    assert len(calls) < 2 * (64 + 44) + 20
    assert fast[0][0].dtype == torch.float32 and fast[0][0].shape == (64, 28, 28)


def test_per_element_semantics_of_shape_and_reductions(monkeypatch):
    # The first batch alone cannot reveal batch-level semantics here (every first-batch row has max 255).
    x = np.full((40, 3, 4), 255, dtype=np.float32)
    x[10:] = np.arange(30 * 12, dtype=np.float32).reshape(30, 3, 4) % 97
    ds_fns = [
        lambda v: v / tf.reduce_max(v),
        lambda v: tf.reshape(v, [tf.shape(v)[0] * tf.shape(v)[1]]),
        lambda v: (v[0], tf.reduce_sum(v, axis=0), tf.size(v)),
    ]
    for fn in ds_fns:
        build = lambda fn=fn: Dataset.from_tensor_slices(x).map(fn).batch(10)  # noqa: E731
        _, generic = _run(build, True, monkeypatch)
        fast_ds, fast = _run(build, False, monkeypatch)
        _assert_bits_equal(fast, generic)
        assert _map_dataset(fast_ds)._vectorizer.vectorized
    expected = x[15] / x[15].max()
    first_fn = Dataset.from_tensor_slices(x).map(ds_fns[0]).batch(10)
    assert np.array_equal(list(first_fn)[1][5].numpy(), expected)


def test_random_augmentation_draws_per_element_unseeded():
    x = np.ones((256, 4), dtype=np.float32)

    def flip(v):
        return tf.where(tf.random.uniform(()) < 0.5, v, -v)

    ds = Dataset.from_tensor_slices(x).map(flip).shuffle(256).batch(128)
    signs = torch.cat([b[:, 0] for b in ds])
    assert set(signs.tolist()) == {1.0, -1.0}
    assert 60 < int((signs > 0).sum()) < 196   # independent per-element coin flips
    assert not _map_dataset(ds)._vectorizer.vectorized
    noise = Dataset.from_tensor_slices(x).map(lambda v: v + tf.random.normal(tf.shape(v))).batch(64)
    batch = next(iter(noise))
    assert len({tuple(row) for row in batch.tolist()}) == 64


def test_random_map_without_reordering_equals_generic_under_seed(monkeypatch):
    x = np.zeros((30, 2), dtype=np.float32)

    def build():
        return Dataset.from_tensor_slices(x).map(lambda v: v + tf.random.uniform((2,))).batch(8)

    tf.random.set_seed(3)
    _, generic = _run(build, True, monkeypatch)
    tf.random.set_seed(3)
    _, fast = _run(build, False, monkeypatch)
    _assert_bits_equal(fast, generic)   # vmap's refusal consumed no random numbers


def test_stateful_map_functions_count_every_element(monkeypatch):
    x = np.arange(50, dtype=np.float32)
    results = {}
    for generic in (True, False):
        counter = tf.Variable(0.0)
        lines = []

        def fn(v, counter=counter, lines=lines):
            counter.assign_add(1.0)
            tf.print("element", v, output_stream=lines.append)
            return v * 2

        _, out = _run(lambda fn=fn: Dataset.from_tensor_slices(x).map(fn).batch(16), generic, monkeypatch)
        results[generic] = (out, float(counter.numpy()), len(lines))
    _assert_bits_equal(results[False][0], results[True][0])
    # 50 elements; the element-spec trace's update is undone as TF's graph trace runs none (its print stays)
    assert results[False][1:] == results[True][1:] == (50.0, 51)

    captured = torch.zeros(())

    def inplace(v):
        captured.add_(1)
        return v

    list(Dataset.from_tensor_slices(x).map(inplace).batch(16))
    assert float(captured) == 51.0


def test_value_dependent_control_flow_and_strings_fall_back(monkeypatch):
    x = np.arange(-12, 12, dtype=np.float32).reshape(12, 2)
    cases = [
        (lambda: Dataset.from_tensor_slices(x).map(lambda v: v if tf.reduce_sum(v) > 0 else -v).batch(5)),
        (lambda: Dataset.from_tensor_slices((x, [str(i) for i in range(12)])).map(lambda v, s: (v + 1, s))
         .batch(5)),
        (lambda: Dataset.from_tensor_slices(x).map(lambda v: tf.numpy_function(np.square, [v], tf.float32))
         .batch(5)),
    ]
    for build in cases:
        _, generic = _run(build, True, monkeypatch)
        fast_ds, fast = _run(build, False, monkeypatch)
        _assert_bits_equal(fast, generic)
        assert not _map_dataset(fast_ds)._vectorizer.vectorized
    assert list(cases[0]())[0][0].tolist() == [12.0, 11.0]


def test_first_batch_check_catches_a_vectorized_difference(monkeypatch):
    from torch._C._functorch import is_batchedtensor

    def sneaky(v):  # behaves differently only when vmapped: the bitwise check must catch it
        return v + (1.0 if is_batchedtensor(v) else 0.0)

    build = lambda: Dataset.from_tensor_slices(np.arange(20, dtype=np.float32)).map(sneaky).batch(8)  # noqa: E731
    _, generic = _run(build, True, monkeypatch)
    fast_ds, fast = _run(build, False, monkeypatch)
    _assert_bits_equal(fast, generic)
    assert not _map_dataset(fast_ds)._vectorizer.vectorized
    assert "differs" in _map_dataset(fast_ds)._vectorizer.fallback_reason


def test_python_randomness_and_counters_are_caught_by_the_first_batch_check():
    count = [0]

    def counted(v):
        count[0] += 1
        return v + count[0]

    for fn in (lambda v: v * np.random.uniform(), counted):
        ds = Dataset.from_tensor_slices(np.ones(40, np.float32)).map(fn).batch(8)
        values = torch.cat(list(ds))
        assert len(set(values.tolist())) == 40     # a different value for every element
        assert not _map_dataset(ds)._vectorizer.vectorized


def test_cache_after_a_random_map_replays_the_same_values():
    ds = Dataset.from_tensor_slices(np.zeros((10, 3), np.float32)).map(
        lambda v: v + tf.random.uniform((3,))).cache().batch(4)
    first, second = [torch.cat(list(ds)) for _ in range(2)]
    assert torch.equal(first, second)


def test_per_element_shape_mismatch_raises_like_generic():
    ds = Dataset.from_tensor_slices(np.array([1, 2, 3], np.int64)).map(lambda v: tf.range(v)).batch(3)
    with pytest.raises(ValueError, match="Cannot batch tensors with different shapes"):
        list(ds)


def test_num_parallel_calls_keeps_order_or_not():
    def slow_square(v):
        return tf.numpy_function(lambda a: np.square(a), [v], tf.int64)

    base = Dataset.range(40).filter(lambda v: v % 3 != 0)   # no in-memory plan: the generic path
    expected = [v * v for v in range(40) if v % 3 != 0]
    ordered = [int(v) for v in base.map(slow_square, num_parallel_calls=4)]
    assert ordered == expected
    auto = [int(v) for v in base.map(slow_square, num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)]
    assert sorted(auto) == expected
    batched = Dataset.range(40).map(slow_square, num_parallel_calls=3).batch(16)   # gather path, per element
    assert torch.cat(list(batched)).tolist() == [v * v for v in range(40)]
    with pytest.raises(ValueError, match="num_parallel_calls"):
        base.map(slow_square, num_parallel_calls=0)
    with pytest.raises(TypeError, match="num_parallel_calls"):
        base.map(slow_square, num_parallel_calls="4")
