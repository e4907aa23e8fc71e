"""Cases for `tf.data.experimental.service` with the dispatcher and workers in the reading process (TF's own
examples). `run(tf)` evaluates each under real TF 2.21 (make_data_service_golden.py) or keraslike
(tests/data/test_data_service.py) and returns {case: value or "raises <Error>"}. TF's servers give elements in
no fixed order with several workers, so those cases are sorted. No TF import here."""


def _service(tf, workers):
    service = tf.data.experimental.service
    dispatcher = service.DispatchServer()
    address = dispatcher.target.split("://")[1]
    kept = [service.WorkerServer(service.WorkerConfig(dispatcher_address=address)) for _ in range(workers)]
    return dispatcher, kept


def _ints(dataset):
    return [int(x) for x in dataset.as_numpy_iterator()]


def _distributed(tf, mode, workers, dataset, **kwargs):
    dispatcher, kept = _service(tf, workers)
    return _ints(dataset.apply(tf.data.experimental.service.distribute(mode, dispatcher.target, **kwargs)))


def _map_before_and_after(tf):
    dispatcher, kept = _service(tf, 2)  # TF stops a worker whose WorkerServer is garbage collected: keep them
    return sorted(_ints(tf.data.Dataset.range(5).map(lambda x: x * x).apply(
        tf.data.experimental.service.distribute("parallel_epochs", dispatcher.target)).map(lambda x: x + 1)))


def _from_id(tf):
    dispatcher, kept = _service(tf, 1)
    dataset = tf.data.Dataset.range(6).map(lambda x: x * 3)
    dataset_id = tf.data.experimental.service.register_dataset(dispatcher.target, dataset)
    read = tf.data.experimental.service.from_dataset_id("parallel_epochs", dispatcher.target, dataset_id,
                                                        element_spec=dataset.element_spec)
    return [_ints(read), repr(read.element_spec), int(read.cardinality()), dataset_id.dtype.name]


def _shared_job(tf):
    dispatcher, kept = _service(tf, 2)
    make = lambda: tf.data.Dataset.range(8).apply(tf.data.experimental.service.distribute(  # noqa: E731
        "distributed_epoch", dispatcher.target, job_name="shared"))
    return sorted(_ints(make()) + _ints(make()))


def _dict_elements(tf):
    dispatcher, kept = _service(tf, 1)
    dataset = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [[1.0, 2.0], [3.0, 4.0]]}).batch(2)
    read = dataset.apply(tf.data.experimental.service.distribute("parallel_epochs", dispatcher.target))
    return [repr(read.element_spec), [{k: v.tolist() for k, v in e.items()} for e in read.as_numpy_iterator()]]


def _bad_mode(tf):
    dispatcher, kept = _service(tf, 1)
    return tf.data.Dataset.range(2).apply(tf.data.experimental.service.distribute("per_worker", dispatcher.target))


def _bad_compression(tf):
    dispatcher, kept = _service(tf, 1)
    return tf.data.experimental.service.register_dataset(dispatcher.target, tf.data.Dataset.range(2), "ZSTD")


CASES = {
    "one_worker_in_order": lambda tf: _distributed(tf, "parallel_epochs", 1, tf.data.Dataset.range(10)),
    "parallel_epochs_two_workers": lambda tf: sorted(
        _distributed(tf, "parallel_epochs", 2, tf.data.Dataset.range(10))),
    "distributed_epoch_two_workers": lambda tf: sorted(
        _distributed(tf, "distributed_epoch", 2, tf.data.Dataset.range(10))),
    "map_before_and_after": _map_before_and_after,
    "sharding_policy_off": lambda tf: sorted(_distributed(
        tf, tf.data.experimental.service.ShardingPolicy.OFF, 2, tf.data.Dataset.range(4))),
    "sharding_policy_dynamic": lambda tf: sorted(_distributed(
        tf, tf.data.experimental.service.ShardingPolicy.DYNAMIC, 2, tf.data.Dataset.range(6))),
    "from_dataset_id": _from_id,
    "shared_job": _shared_job,
    "dict_elements": _dict_elements,
    "bad_mode": _bad_mode,
    "bad_compression": _bad_compression,
    "fault_tolerant_without_work_dir": lambda tf: tf.data.experimental.service.DispatchServer(
        tf.data.experimental.service.DispatcherConfig(fault_tolerant_mode=True)),
    "cross_trainer_cache_empty_id": lambda tf: tf.data.experimental.service.CrossTrainerCache(""),
    "sharding_policy_values": lambda tf: [int(p) for p in tf.data.experimental.service.ShardingPolicy],
}


def run(tf):
    out = {}
    for name, case in CASES.items():
        try:
            out[name] = case(tf)
        except Exception as err:  # noqa: BLE001 - the golden records the exception type
            out[name] = f"raises {type(err).__name__}"
    return out
