"""Placement logging: TF2 eager lines, TF1 node names and recording limits."""

import numpy as np

import keraslike as tf
from keraslike._src.placement import log

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def test_eager_log_lines_on_stderr(capsys):
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    tf.debugging.set_log_device_placement(True)
    assert tf.debugging.get_log_device_placement() is True
    c = tf.matmul(a, a)
    tf.add(c, c)
    tf.add_n([c, c])
    tf.debugging.set_log_device_placement(False)
    tf.matmul(a, a)
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"Executing op MatMul in device {CPU}",
        f"Executing op AddV2 in device {CPU}",
        f"Executing op AddN in device {CPU}",
    ]
    np.testing.assert_allclose(c.numpy(), [[7.0, 10.0], [15.0, 22.0]])


def test_tf1_names_are_uniquified_like_tf():
    a = tf.constant(1.0)
    b = tf.constant(2.0)
    n1 = tf.constant(3.0, name="a")
    n2 = tf.constant(4.0, name="a")
    m1 = tf.matmul([[1.0]], [[2.0]])
    m2 = tf.matmul([[1.0]], [[2.0]])
    s = tf.add(a, b)
    v = tf.Variable(1.0, name="w")
    names = [log.node_of(t).name for t in (a, b, n1, n2, m1, m2, s, v)]
    assert names == ["Const", "Const_1", "a", "a_1", "MatMul", "MatMul_1", "Add", "w"]
    assert [x.name for x in log.node_of(s).inputs] == ["Const", "Const_1"]


def test_graph_order_matches_tf1_placer_log():
    c = []
    for _ in range(2):
        a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3])
        b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2])
        c.append(tf.matmul(a, b))
    total = tf.add_n(c)
    order = [n.name for n in log.graph_of([log.node_of(total)])]
    assert order == ["Const_3", "Const_2", "MatMul_1", "Const_1", "Const", "MatMul", "AddN"]
    np.testing.assert_allclose(total.numpy(), [[44.0, 56.0], [98.0, 128.0]])


def test_recording_stops_at_the_limit(monkeypatch):
    monkeypatch.setattr(log, "RECORD_LIMIT", 3)
    ts = [tf.constant(float(i)) for i in range(5)]
    assert [log.node_of(t) is not None for t in ts] == [True, True, True, False, False]
    assert log.TRACE.on is False  # ops now pay one boolean check
    log.reset()
    assert log.TRACE.on is True and log.node_of(tf.constant(1.0)).name == "Const"


def test_reset_default_graph_restarts_names():
    tf.constant(1.0)
    tf.compat.v1.reset_default_graph()
    assert log.node_of(tf.constant(1.0)).name == "Const"


def test_device_mapping_without_gpus():
    from keraslike._src.config import devices

    if devices.logical_gpu_ordinals():
        assert log.device_mapping_lines()[0] == "Device mapping:"
    else:
        assert log.device_mapping_lines() == ["Device mapping: no known devices."]
