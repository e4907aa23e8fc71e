"""`tf.data.experimental.service` in one process gives the elements TF's in-process servers give (the
docstrings' programs): parallel_epochs once per worker, distributed_epoch once in all, shared jobs, registered
datasets, TF's argument checks. Golden: tests/golden/data_service.json (make_data_service_golden.py, TF 2.21).
Before, `tf.data.experimental.service` did not exist."""

import json
import os
import pathlib
import sys

import pytest

import keraslike as tf
from keraslike._src import errors

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import data_service_cases  # noqa: E402

EXPECTED = json.loads((GOLDEN / "data_service.json").read_text())
GOT = data_service_cases.run(tf)
service = tf.data.experimental.service


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_case_as_tf(name):
    assert GOT[name] == EXPECTED[name]


def _servers(workers):
    dispatcher = service.DispatchServer()
    address = dispatcher.target.split("://")[1]
    return dispatcher, [service.WorkerServer(service.WorkerConfig(dispatcher_address=address)) for _ in range(workers)]


def test_data_sharding_gives_each_element_once():
    dispatcher, workers = _servers(3)
    read = tf.data.Dataset.range(10).apply(service.distribute(service.ShardingPolicy.DATA, dispatcher.target))
    assert sorted(int(x) for x in read) == list(range(10))


def test_unreachable_addresses_no_workers_and_join_raise():
    with pytest.raises(ValueError, match="Received: service='grpc://localhost:1'"):
        tf.data.Dataset.range(2).apply(service.distribute("parallel_epochs", "grpc://localhost:1"))
    dispatcher, _ = _servers(0)
    read = tf.data.Dataset.range(2).apply(service.distribute("parallel_epochs", dispatcher.target))
    with pytest.raises(errors.UnavailableError):
        list(read)
    with pytest.raises(NotImplementedError):
        dispatcher.join()
    with pytest.raises(NotImplementedError, match="consumer_index"):
        service.distribute("parallel_epochs", dispatcher.target, consumer_index=0, num_consumers=2)


def test_distributed_save_then_load(tmp_path):
    dispatcher, workers = _servers(1)
    path = os.path.join(tmp_path, "snapshot")
    tf.data.experimental.distributed_save(tf.data.Dataset.range(3), path, dispatcher.target.split("://")[1])
    assert [int(x) for x in tf.data.Dataset.load(path, wait=True)] == [0, 1, 2]
    with pytest.raises(errors.AlreadyExistsError):  # TF: "already started or completed"
        tf.data.experimental.distributed_save(tf.data.Dataset.range(3), path, dispatcher.target)
