"""tf.train.ClusterSpec (TF's dict forms, sorted jobs, errors) and tf.train.Coordinator (stop, re-raise the
first error, clean-stop types, grace period) - behaviour checked against real TF 2.21 by hand."""

import json
import os
import threading
import time

import pytest

import keraslike as tf


def test_cluster_spec():
    spec = tf.train.ClusterSpec({"worker": ["w0:2222", "w1:2222"], "ps": {1: "ps1:2222"}, "chief": ["c:1"]})
    assert spec.jobs == ["chief", "ps", "worker"]
    assert spec.as_dict() == {"worker": ["w0:2222", "w1:2222"], "ps": {1: "ps1:2222"}, "chief": ["c:1"]}
    assert spec.num_tasks("worker") == 2 and spec.task_indices("ps") == [1]
    assert spec.task_address("worker", 1) == "w1:2222" and spec.job_tasks("ps") == [None, "ps1:2222"]
    assert tf.train.ClusterSpec(spec) == spec and bool(spec) and not tf.train.ClusterSpec({})
    assert tf.distribute.cluster_resolver.TFConfigClusterResolver().cluster_spec().__class__ is tf.train.ClusterSpec
    with pytest.raises(ValueError, match="No such job"):
        spec.num_tasks("evaluator")
    with pytest.raises(ValueError, match="No task with index"):
        spec.task_address("ps", 0)
    with pytest.raises(TypeError, match="dictionary"):
        tf.train.ClusterSpec(["w0:1"])
    with pytest.raises(TypeError, match="addresses must be strings"):
        tf.train.ClusterSpec({"worker": [2222]})


def test_coordinator_stops_threads_and_reraises_first_error():
    coord = tf.train.Coordinator()
    ran = []

    def worker(i):
        with coord.stop_on_exception():
            while not coord.should_stop():
                ran.append(i)
                if i == 1 and len(ran) > 5:
                    raise ValueError("boom")
                time.sleep(0.01)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    with pytest.raises(ValueError, match="boom"):
        coord.join(threads)
    assert coord.joined and coord.should_stop() and not any(t.is_alive() for t in threads)


def test_coordinator_clean_stop_and_grace_period():
    coord = tf.train.Coordinator()
    coord.request_stop(tf.errors.OutOfRangeError(None, None, "end of data"))
    coord.join([])  # a clean-stop exception is not re-raised
    coord.clear_stop()
    assert not coord.should_stop() and not coord.joined
    hold = threading.Event()
    t = threading.Thread(target=hold.wait, args=(5,))
    t.start()
    coord.register_thread(t)
    coord.request_stop()
    with pytest.raises(RuntimeError, match="still running"):
        coord.join(stop_grace_period_secs=0.1)
    hold.set()
    t.join()
    assert coord.wait_for_stop(0) is True


def test_cluster_protos_interchange_with_tf():
    with open(os.path.join(os.path.dirname(__file__), "..", "golden", "cluster_protos.json")) as f:
        gold = json.load(f)
    spec = tf.train.ClusterSpec({"worker": ["a:1", "b:2"], "ps": {1: "p:3"}})
    theirs = tf.train.ClusterDef.FromString(bytes.fromhex(gold["cluster_def"]))
    assert theirs == spec.as_cluster_def() and tf.train.ClusterSpec(theirs) == spec
    server = tf.train.ServerDef.FromString(bytes.fromhex(gold["server_def"]))
    assert (server.job_name, server.task_index, server.protocol, server.port, server.replica) == (
        "worker", 1, "grpc", 5, 2)
    assert tf.train.ClusterSpec(server.cluster) == spec
    mine = tf.train.ServerDef(cluster=spec.as_cluster_def(), job_name="worker", task_index=1, protocol="grpc",
                              port=5, replica=2)
    assert tf.train.ServerDef.FromString(mine.SerializeToString()) == server
    assert dict(tf.train.JobDef(name="ps", tasks={1: "p:3"}).tasks) == {1: "p:3"}
