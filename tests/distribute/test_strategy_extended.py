"""`strategy.extended`'s cross-replica methods on one replica, as TF 2.21's OneDeviceStrategy and default strategy.

The values are TF 2.21's (probed on `tf.distribute.OneDeviceStrategy("/cpu:0")` and `tf.distribute.get_strategy()`):
`update` runs `fn(var, *args, **kwargs)` and returns its result (a 1-tuple with `group=False`); `reduce_to` /
`batch_reduce_to` of a one-replica value return it; `reduce_to` inside `strategy.run` raises RuntimeError;
`colocate_vars_with` needs `strategy.scope()` except on the default strategy; `non_slot_devices` is the device tuple
(the default strategy: the variable whose name sorts first); `update_non_slot` runs `fn`. The two-replica values
are in tests/distribute/test_distribute_values.py (golden from real TF).
"""

import numpy as np
import pytest

import keraslike as tf


def strategies():
    return [("one_device", tf.distribute.OneDeviceStrategy("/cpu:0")), ("default", tf.distribute.get_strategy())]


@pytest.mark.parametrize("name", ["one_device", "default"])
def test_update_runs_fn_on_the_variable(name):
    strategy = dict(strategies())[name]
    with strategy.scope():
        v = tf.Variable(1.0)
    out = strategy.extended.update(v, lambda var, x, y: var.assign_add(x * y), args=(tf.constant(2.0),),
                                   kwargs={"y": 3.0})
    assert float(out.numpy()) == 7.0 and float(v.numpy()) == 7.0
    ungrouped = strategy.extended.update(v, lambda var: var.assign_sub(1.0), group=False)
    assert isinstance(ungrouped, tuple) and len(ungrouped) == 1
    assert float(v.numpy()) == 6.0


@pytest.mark.parametrize("name", ["one_device", "default"])
def test_reduce_to_and_batch_reduce_to_return_the_value(name):
    strategy = dict(strategies())[name]
    with strategy.scope():
        v = tf.Variable(1.0)
    ext = strategy.extended
    for op in ("SUM", "MEAN", tf.distribute.ReduceOp.SUM):
        np.testing.assert_array_equal(tf.convert_to_tensor(ext.reduce_to(op, tf.constant([1, 2]), v)).numpy(), [1, 2])
    assert float(ext.reduce_to("SUM", tf.constant(3.0), "/cpu:0")) == 3.0
    got = ext.batch_reduce_to("SUM", [(tf.constant(1.0), v), (tf.constant(2.0), "/cpu:0")])
    assert [float(t) for t in got] == [1.0, 2.0]
    with pytest.raises(ValueError, match="MAX"):
        ext.reduce_to("MAX", tf.constant(1.0), v)


def test_reduce_to_inside_run_raises_and_update_applies():
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    with strategy.scope():
        v = tf.Variable(1.0)
    seen = []

    def step():
        with pytest.raises(RuntimeError, match="cross-replica context"):
            strategy.extended.reduce_to("SUM", tf.constant(1.0), v)
        seen.append(True)
        return strategy.extended.update(v, lambda var: var.assign(10.0))

    assert float(strategy.run(step).numpy()) == 10.0 and seen


def test_colocate_vars_with_needs_the_scope_except_default():
    one = tf.distribute.OneDeviceStrategy("/cpu:0")
    with one.scope():
        v = tf.Variable(1.0)
        with one.extended.colocate_vars_with(v):
            w = tf.Variable(2.0)
    assert float(w.numpy()) == 2.0
    with pytest.raises(RuntimeError, match="strategy.scope"):
        with one.extended.colocate_vars_with(v):
            pass
    with tf.distribute.get_strategy().extended.colocate_vars_with(v):
        tf.Variable(3.0)


def test_value_container_non_slot_devices_update_non_slot():
    one = tf.distribute.OneDeviceStrategy("/cpu:0")
    v = tf.Variable(1.0, name="b")
    w = tf.Variable(1.0, name="a")
    assert one.extended.value_container(v) is v
    devices = one.extended.non_slot_devices([v, w])
    assert devices == ("/job:localhost/replica:0/task:0/device:CPU:0",)
    assert float(one.extended.update_non_slot(devices, lambda x: x + 1.0, args=(tf.constant(4.0),))) == 5.0
    ungrouped = one.extended.update_non_slot(devices, lambda: tf.constant(7.0), group=False)
    assert isinstance(ungrouped, tuple) and float(ungrouped[0]) == 7.0
    default = tf.distribute.get_strategy()
    assert default.extended.non_slot_devices([v, w]) is w  # TF: the variable whose name sorts first
