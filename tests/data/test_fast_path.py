"""The in-memory gather path: it is taken, it gathers once per batch, and it equals the
element-by-element path for the same pipeline and seed.

Run: python -m pytest tests/data -q
"""

import numpy as np
import pytest
import torch

from keraslike import data as tfdata
from keraslike._src.data import batching, index_plan
from keraslike._src.data import dataset as dataset_module

Dataset = tfdata.Dataset


def _materialize(ds):
    return [_plain(element) for element in ds]


def _plain(value):
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, torch.Tensor):
        return (str(value.dtype), value.tolist())
    if getattr(value, "dtype", None) is tfdata.TensorSpec((), "string").dtype:
        return ("string", value.numpy().tolist())
    return value


def _both_paths(build, monkeypatch, passes=1):
    fast_ds = build()
    fast = [_materialize(fast_ds) for _ in range(passes)]
    monkeypatch.setattr(dataset_module, "FAST_PATH_ENABLED", False)
    slow_ds = build()
    slow = [_materialize(slow_ds) for _ in range(passes)]
    monkeypatch.setattr(dataset_module, "FAST_PATH_ENABLED", True)
    return fast, slow


def _data(n=23):
    x = np.arange(n * 2, dtype=np.float32).reshape(n, 2)
    return {"x": x, "y": np.arange(n), "s": [str(i) for i in range(n)]}


def _slices():
    return Dataset.from_tensor_slices(_data())


PIPELINES = {
    "batch": lambda: _slices().batch(4),
    "shuffle_full_batch": lambda: _slices().shuffle(100, seed=3).batch(5),
    "shuffle_small_buffer": lambda: _slices().shuffle(4, seed=9).batch(3, True),
    "repeat_shuffle_batch": lambda: _slices().shuffle(23, seed=1).repeat(3).batch(7),
    "shuffle_after_repeat": lambda: _slices().repeat(2).shuffle(10, seed=2).batch(6),
    "take_skip_shard": lambda: _slices().skip(2).take(15).shard(2, 1).batch(2),
    "cache_prefetch": lambda: _slices().shuffle(23, seed=5).cache().batch(8).prefetch(2),
    "batched_ops": lambda: Dataset.range(50).batch(4).shuffle(5, seed=4).skip(1).take(9).shard(2, 0)
    .repeat(2),
    "unbatch": lambda: Dataset.range(20).batch(6).unbatch().shuffle(7, seed=0).batch(5),
    "infinite": lambda: Dataset.range(10).shuffle(10, seed=6).repeat().batch(4).take(8),
    "unbatched_elements": lambda: Dataset.from_tensor_slices((np.arange(9), np.ones((9, 2)))).shuffle(9, 2),
    "repeat_then_shard": lambda: Dataset.range(7).repeat(3).shard(4, 3).batch(2),
    "with_options": lambda: Dataset.range(9).with_options(tfdata.Options()).batch(2),
}


@pytest.mark.parametrize("name", sorted(PIPELINES))
def test_fast_path_equals_generic_path(name, monkeypatch):
    fast, slow = _both_paths(PIPELINES[name], monkeypatch, passes=2)
    assert fast == slow
    assert fast[0], "pipeline should not be empty"


def test_plan_is_used_for_slices_pipelines():
    for name, build in PIPELINES.items():
        assert build()._plan() is not None, name
    assert Dataset.from_tensor_slices([1, 2]).map(lambda x: x).batch(2)._plan() is not None  # vectorized map
    assert Dataset.from_tensor_slices([1, 2]).filter(lambda x: x > 1).batch(2)._plan() is None
    assert Dataset.range(4).map(lambda x: x).cache().batch(2)._plan() is None  # cache keeps mapped values


def test_batches_are_gathered_not_collated(monkeypatch):
    gathers = []
    real_gather = index_plan._gather

    def counting_gather(component, indices):
        gathers.append(len(indices))
        return real_gather(component, indices)

    def forbidden(*args, **kwargs):
        raise AssertionError("the per-element path must not run")

    monkeypatch.setattr(index_plan, "_gather", counting_gather)
    monkeypatch.setattr(index_plan.SliceSource, "row", forbidden)
    monkeypatch.setattr(batching.BatchDataset, "_generic_elements", forbidden)
    x, y = np.random.rand(100, 3).astype(np.float32), np.arange(100)
    ds = Dataset.from_tensor_slices((x, y)).shuffle(100, seed=0).repeat(2).batch(32).prefetch(tfdata.AUTOTUNE)
    batches = list(ds)
    assert [len(b[1]) for b in batches] == [32] * 6 + [8]
    assert gathers == [32, 32] * 6 + [8, 8]  # one gather per component per batch
    ys = torch.cat([b[1] for b in batches])
    assert sorted(ys[:100].tolist()) == list(range(100)) and sorted(ys[100:].tolist()) == list(range(100))
    xs = torch.cat([b[0] for b in batches])
    assert torch.equal(xs, torch.from_numpy(x)[ys])


def test_map_after_batch_sees_gathered_batches(monkeypatch):
    monkeypatch.setattr(index_plan.SliceSource, "row", lambda *a: (_ for _ in ()).throw(AssertionError()))
    ds = Dataset.from_tensor_slices(np.arange(10)).batch(4).map(lambda b: b * 2)
    assert [b.tolist() for b in ds] == [[0, 2, 4, 6], [8, 10, 12, 14], [16, 18]]


def test_range_is_gathered_lazily():
    ds = Dataset.range(10**12, 0, -3).take(5).batch(2)
    assert len(ds) == 3
    assert [b.tolist() for b in ds] == [[10**12, 10**12 - 3], [10**12 - 6, 10**12 - 9], [10**12 - 12]]
