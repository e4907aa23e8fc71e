"""Array inputs stay where the user has them; each step moves only this replica's rows (issue 14 item 4).

The reference for the rows is the global permutation itself: under 2 replicas, replica r's rows of every
step are rows `[lo_r, hi_r)` of that step's global batch, and together the replicas see every sample
exactly once per epoch. The multi-process version of that count is tests/distribute/test_coverage.py.
"""

import functools

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.distribute import batch_split
from keraslike._src.keras.trainers import data_adapter, device_transfer

keras = tf.keras


def _feed(rank, replicas=2, device="cpu"):
    """The feed of replica `rank` of `replicas` (TF's split), as a strategy's `ReplicaFeed.of` gives it."""
    rows = functools.partial(batch_split.split_global_batch, num_replicas=replicas, rank=rank)
    return data_adapter.ReplicaFeed(rows, torch.device(device), replicas, rank)


def test_numpy_inputs_are_not_copied_up_front():
    x = np.arange(40, dtype="float32").reshape(20, 2)
    y = np.arange(20, dtype="int64")
    adapter = data_adapter.ArrayDataAdapter(x, y, batch_size=8, replica=_feed(0, 1))
    assert adapter.x.data_ptr() == x.ctypes.data and adapter.y.data_ptr() == y.ctypes.data
    batch = next(iter(adapter.epoch(0)))  # unshuffled on the CPU: a view of the caller's array
    assert batch.x.data_ptr() == x.ctypes.data
    np.testing.assert_array_equal(batch.x.numpy(), x[:8])


@pytest.mark.parametrize("shuffle", [False, True])
def test_each_replica_gets_only_its_rows_and_together_every_row_once(shuffle):
    n, batch_size = 23, 6  # odd sizes: a short last batch split 2/1 between the replicas
    x = np.arange(n, dtype="float32")[:, None] * np.ones((1, 3), "float32")
    y = np.arange(n, dtype="int64")
    per_rank = []
    for rank in range(2):
        tf.keras.utils.set_random_seed(7)  # both "replicas" draw the chief's shuffle seed
        adapter = data_adapter.ArrayDataAdapter(x, y, batch_size=batch_size, shuffle=shuffle,
                                                replica=_feed(rank))
        per_rank.append([[b for b in adapter.epoch(e)] for e in range(2)])
    for epoch in range(2):
        seen = []
        for step, (b0, b1) in enumerate(zip(per_rank[0][epoch], per_rank[1][epoch])):
            global_size = min(batch_size, n - step * batch_size)
            assert b0.global_size == b1.global_size == global_size
            for rank, batch in enumerate((b0, b1)):
                lo, hi = batch_split.split_global_batch(global_size, 2, rank)
                assert batch.local_size == hi - lo == batch.x.shape[0] == batch.y.shape[0]
                np.testing.assert_array_equal(batch.x[:, 0].numpy(), batch.y.numpy().astype("float32"))
                seen += batch.y.tolist()
        assert sorted(seen) == list(range(n))
        if shuffle:
            assert seen != list(range(n))
    if shuffle:
        first = [b.y.tolist() for b in per_rank[0][0]]
        second = [b.y.tolist() for b in per_rank[0][1]]
        # under a global seed Keras 3 on TF visits the samples in one order every epoch (tests/keras/trainers/
        # test_fit_shuffle_order.py: TF's orders; unseeded, each epoch has its own)
        assert first == second


def test_in_place_changes_between_calls_are_seen():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile("sgd", "mse")
    x = np.random.default_rng(0).normal(size=(10, 3)).astype("float32")
    first = model.predict(x, batch_size=4, verbose=0)
    x *= 2.0  # same object, new values: nothing may be served from an earlier call
    second = model.predict(x, batch_size=4, verbose=0)
    np.testing.assert_allclose(second, model(x).numpy(), rtol=1e-6)
    assert not np.allclose(first, second)
    x_t = torch.from_numpy(x.copy())
    before = model.evaluate(x_t, np.zeros((10, 2), "float32"), verbose=0)
    x_t.mul_(0.0)
    after = model.evaluate(x_t, np.zeros((10, 2), "float32"), verbose=0)
    bias = model.layers[0].bias.detach().numpy()
    np.testing.assert_allclose(after, np.mean(bias ** 2), rtol=1e-5)
    assert before != pytest.approx(after)


def test_float64_becomes_floatx_without_touching_the_caller_array():
    x = np.linspace(0, 1, 12).reshape(6, 2)
    tensor = device_transfer.host_tensor(x)
    assert tensor.dtype == torch.float32 and x.dtype == np.float64
    np.testing.assert_allclose(tensor.numpy(), x.astype("float32"))


def test_cuda_only_paths_are_skipped_on_the_cpu(monkeypatch):
    assert device_transfer.pins_for(torch.device("cuda", 0)) and not device_transfer.pins_for(torch.device("cpu"))

    def no_pinning(*args, **kwargs):
        raise AssertionError("pinned memory is for CUDA devices only")

    monkeypatch.setattr(torch.Tensor, "pin_memory", no_pinning)
    source = torch.arange(12.0).reshape(6, 2)
    assert device_transfer.to_device(source, torch.device("cpu")) is source
    index = torch.tensor([4, 1])
    np.testing.assert_array_equal(device_transfer.take_rows(source, index, torch.device("cpu")).numpy(),
                                  source.numpy()[[4, 1]])
    # the non-CPU branch (gather on the host, then move) on a device every build has
    moved = device_transfer.take_rows(source, index, torch.device("meta"))
    assert moved.device.type == "meta" and tuple(moved.shape) == (2, 2)
    assert device_transfer.take_rows(source, slice(1, 3), torch.device("meta")).shape == (2, 2)


class GradProbe(keras.layers.Layer):
    """Identity that records whether autograd was on in each call."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.grad_enabled = []

    def call(self, inputs):
        self.grad_enabled.append(torch.is_grad_enabled())
        return inputs


def test_inference_paths_run_without_autograd():
    probe = GradProbe()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), probe])
    model.compile("sgd", "mse")
    x, y = np.ones((8, 3), "float32"), np.zeros((8, 2), "float32")
    model.fit(x, y, batch_size=4, verbose=0)
    assert probe.grad_enabled and all(probe.grad_enabled[1:])  # the first call builds the model
    for run in (lambda: model.predict(x, batch_size=4, verbose=0), lambda: model.evaluate(x, y, verbose=0),
                lambda: model(x), lambda: model.predict_on_batch(x), lambda: model.test_on_batch(x, y)):
        probe.grad_enabled.clear()
        run()
        assert probe.grad_enabled and not any(probe.grad_enabled)


def test_a_non_cpu_replica_device_receives_only_its_rows():
    # "meta" stands in for a GPU (every build has it): the arrays stay on the host, each step's batch of this
    # replica is the only thing that goes to the device
    x, y = np.zeros((23, 4), "float32"), np.zeros(23, "int64")
    tf.keras.utils.set_random_seed(0)
    adapter = data_adapter.ArrayDataAdapter(x, y, batch_size=6, shuffle=True, replica=_feed(1, device="meta"))
    assert adapter.x.device.type == "cpu" and adapter.y.device.type == "cpu"
    sizes = []
    for batch in adapter.epoch(0):
        assert batch.x.device.type == "meta" and batch.y.device.type == "meta"
        sizes.append(batch.x.shape[0])
    assert sizes == [3, 3, 3, 2]  # rows [3, 6) of each global batch of 6, [3, 5) of the last (5 rows)


def test_dataset_batches_on_the_cpu_are_not_pinned(monkeypatch):
    # the IterableDataAdapter moves batches with device_transfer.to_device too: pinned memory only for CUDA
    def no_pinning(*args, **kwargs):
        raise AssertionError("pinned memory is for CUDA devices only")

    monkeypatch.setattr(torch.Tensor, "pin_memory", no_pinning)
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile("sgd", "mse")
    x, y = np.ones((8, 3), "float32"), np.zeros((8, 2), "float32")
    history = model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(4), epochs=2, verbose=0)
    assert history.history["loss"][1] < history.history["loss"][0]
