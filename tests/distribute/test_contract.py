"""The strategy contract Keras code uses (`_src/distribute/contract.py`, issue 27 change 1), in one process.

A step's batch sizes and the plain values of the losses it scaled ride on its `ReplicaContext`, not on the model,
the compiled loss or the tensors; data adapters see a `ReplicaFeed` (a `replica_rows` function and a device), not
the strategy. The multi-process behaviour (the same training as one device on the global batch) is held by
tests/distribute/test_coverage.py and tests/keras/trainers/test_custom_steps_replicas.py.

A strategy object of 2 replicas made in a process without a process group stands in for replica 0: its
collectives are identities (the other replica contributes nothing), which is all these checks need.
"""

import functools

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.distribute import batch_split, context
from keraslike._src.distribute.contract import StrategyContract
from keraslike._src.distribute.strategy import ReplicaContext, Strategy, step_context
from keraslike._src.keras.trainers import data_adapter
from keraslike._src.keras.trainers.compile_utils import scale_for_replicas

keras = tf.keras


def _replica0_of_two():
    return Strategy(torch.device("cpu"), "/job:localhost/replica:0/task:0/device:CPU:0", rank=0, num_replicas=2)


def test_every_strategy_class_satisfies_the_contract():
    assert isinstance(context.default_strategy(), StrategyContract)
    assert isinstance(tf.distribute.OneDeviceStrategy("/cpu:0"), StrategyContract)
    assert isinstance(tf.distribute.MirroredStrategy(["/cpu:0"]), StrategyContract)
    strategy = tf.distribute.get_strategy()
    assert strategy.rank == 0 and strategy.is_chief and strategy.device == torch.device("cpu")
    assert strategy.process_id == 0 and strategy.num_processes == 1
    assert strategy.replica_rows(7) == (0, 7) and strategy.gather_ints(3) == [3]
    t = torch.ones(2)
    assert strategy.sum_across_replicas(t) is t and strategy.wrap_module(t) is t


def test_a_step_carries_its_batch_sizes_on_its_replica_context():
    strategy = _replica0_of_two()
    assert step_context(strategy).batch_sizes is None  # cross-replica: no step
    with strategy.replica_step((3, 8)) as ctx:
        assert tf.distribute.get_replica_context() is ctx and step_context(strategy) is ctx
        assert ctx.batch_sizes == (3, 8) and ctx.replica_share == pytest.approx(3 / 8)
    assert ReplicaContext(strategy, (0, 0)).replica_share is None and ReplicaContext(strategy).replica_share is None


def test_a_scaled_loss_is_remembered_by_its_step_not_by_the_tensor():
    strategy = _replica0_of_two()
    with strategy.scope():
        tracker = keras.metrics.Mean(name="loss")
    loss = torch.tensor(2.0)
    with strategy.replica_step((3, 8)) as ctx:
        scaled = scale_for_replicas(loss, strategy)
        assert float(scaled) == pytest.approx(2.0 * 3 / 8)  # this replica's share of the global batch
        assert not hasattr(scaled, "_keraslike_unscaled")
        assert ctx.unscaled(scaled) is not None and ctx.unscaled(loss * 1.0) is None
        tracker.update_state(scaled)  # a loss tracker logs the plain value, as TF's
    assert float(tracker.result()) == pytest.approx(2.0)
    with strategy.replica_step():  # `strategy.run` without fit's sizes: TF's 1 / num_replicas
        assert float(scale_for_replicas(loss, strategy)) == pytest.approx(1.0)
    assert float(scale_for_replicas(loss, tf.distribute.get_strategy())) == 2.0  # one replica: unscaled


def test_adapters_take_their_rows_from_the_replica_rows_function():
    x = np.arange(10, dtype="float32")[:, None]
    feed = data_adapter.ReplicaFeed(lambda size: (size - 1, size), torch.device("cpu"), num_replicas=2)
    batches = list(data_adapter.ArrayDataAdapter(x, x, batch_size=4, replica=feed).epoch(0))
    assert [b.x[:, 0].tolist() for b in batches] == [[3.0], [7.0], [9.0]]  # the last row of each global batch
    assert [(b.local_size, b.global_size) for b in batches] == [(1, 4), (1, 4), (1, 2)]
    dataset = tf.data.Dataset.from_tensor_slices(x).batch(4)
    rows = functools.partial(batch_split.split_global_batch, num_replicas=2, rank=1)
    feed = data_adapter.ReplicaFeed(rows, torch.device("cpu"), num_replicas=2, rank=1)
    batches = list(data_adapter.make_adapter(dataset, replica=feed).epoch(0))
    assert [b.x[:, 0].tolist() for b in batches] == [[2.0, 3.0], [6.0, 7.0], [9.0]]


def test_the_replica_feed_of_a_strategy_is_its_contract():
    strategy = tf.distribute.get_strategy()
    feed = data_adapter.ReplicaFeed.of(strategy)
    assert feed.replica_rows(5) == (0, 5) and feed.device == strategy.device and feed.num_replicas == 1
    assert feed.any_replica(True) is True and feed.any_replica(False) is False
