"""`tf.data.experimental.service`: a dispatcher, workers and datasets read through them, in this process.

Mirrors `tensorflow/python/data/experimental/service/server_lib.py` and `ops/data_service_ops.py` for the
case TF's own examples show: a `DispatchServer` and `WorkerServer`s made in the program that reads from them.
Here they are in-process objects, found by their address (`dispatcher.target`, `"grpc://localhost:<port>"`);
a worker produces its elements by iterating its own pass of the registered dataset, on the consumer's thread.
What a consumer reads is what TF's servers give:

- `"parallel_epochs"` (`ShardingPolicy.OFF`): every worker produces the whole dataset; the consumer reads
  the workers' elements in turn, so each element comes once per worker.
- `"distributed_epoch"` (`ShardingPolicy.DYNAMIC`): the workers share one pass; each element comes once.
- `ShardingPolicy.DATA`: worker i of n produces `dataset.shard(n, i)`; each element comes once.
- `job_name`: consumers of the same job name share one job: each element goes to one of them (TF matches
  the datasets by their graph's fingerprint; here the first dataset read under the name makes the job, and a
  dataset of other elements raises).

Nothing listens on a network port: another process cannot reach these servers (an address that no server
of this process has raises a ValueError naming it), and `join()`, which in TF serves other processes until
the server stops, raises. Compression and transfer settings change nothing in one process.

Example:
    >>> dispatcher = tf.data.experimental.service.DispatchServer()
    >>> worker = tf.data.experimental.service.WorkerServer(tf.data.experimental.service.WorkerConfig(
    ...     dispatcher_address=dispatcher.target.split("://")[1]))
    >>> ds = tf.data.Dataset.range(3).apply(tf.data.experimental.service.distribute(
    ...     processing_mode="parallel_epochs", service=dispatcher.target))
    >>> [int(x) for x in ds]
    [0, 1, 2]
"""

import collections
import enum
import os
import socket
import threading

from keraslike._src import errors
from keraslike._src.data import cardinality as card
from keraslike._src.data.dataset import Dataset
from keraslike._src.ops.conversion import convert_to_tensor

PARALLEL_EPOCHS = "parallel_epochs"
DISTRIBUTED_EPOCH = "distributed_epoch"
COMPRESSION_AUTO, COMPRESSION_NONE, COMPRESSION_SNAPPY = "AUTO", None, "SNAPPY"
_PROTOCOLS = ("grpc", "grpc+local")

_LOCK = threading.Lock()
_DISPATCHERS = {}  # "localhost:port" -> started DispatchServer of this process
_TAKEN_PORTS = set()


class ShardingPolicy(enum.IntEnum):
    """`tf.data.experimental.service.ShardingPolicy`: how the workers divide a dataset (see the module text)."""

    OFF = 0
    DYNAMIC = 1
    FILE = 2
    DATA = 3
    FILE_OR_DATA = 4
    HINT = 5


class CrossTrainerCache:
    """`tf.data.experimental.service.CrossTrainerCache(trainer_id)`: lets trainers of one job share elements.

    Raises:
        ValueError: an empty or non-string `trainer_id`.
    """

    def __init__(self, trainer_id):
        if not trainer_id or not isinstance(trainer_id, str):
            raise ValueError(f"tf.data service cross-trainer cache requires a non-empty trainer ID. Received: "
                             f"trainer_id={trainer_id!r}")
        self.trainer_id = trainer_id


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _claim_port(port, what):
    with _LOCK:
        if port == 0:
            port = _free_port()
            while port in _TAKEN_PORTS:
                port = _free_port()
        elif port in _TAKEN_PORTS:
            raise errors.UnavailableError(None, None, f"Failed to start {what}: port {port} is already used by a "
                                          f"tf.data service server of this process. Received: port={port}")
        _TAKEN_PORTS.add(port)
        return port


def _check_protocol(protocol):
    protocol = "grpc" if protocol is None else protocol
    if protocol not in _PROTOCOLS:
        raise ValueError(f"Expected the tf.data service protocol to be one of {list(_PROTOCOLS)}. "
                         f"Received: protocol={protocol!r}")
    return protocol


class DispatcherConfig(collections.namedtuple("DispatcherConfig", [
        "port", "protocol", "work_dir", "fault_tolerant_mode", "worker_addresses", "job_gc_check_interval_ms",
        "job_gc_timeout_ms", "worker_timeout_ms", "worker_max_concurrent_snapshots"])):
    """`tf.data.experimental.service.DispatcherConfig`: a dispatcher's settings.

    `port` (0: any free port) and `protocol` ("grpc") make its address; `fault_tolerant_mode` needs a
    `work_dir`. The garbage-collection and timeout settings, and the journal of `fault_tolerant_mode`, change
    nothing for an in-process dispatcher, which never restarts and whose workers never miss a heartbeat.
    """

    def __new__(cls, port=0, protocol=None, work_dir=None, fault_tolerant_mode=False, worker_addresses=None,
                job_gc_check_interval_ms=None, job_gc_timeout_ms=None, worker_timeout_ms=None,
                worker_max_concurrent_snapshots=0):
        return super().__new__(cls, int(port), _check_protocol(protocol), work_dir, bool(fault_tolerant_mode),
                               worker_addresses, job_gc_check_interval_ms, job_gc_timeout_ms, worker_timeout_ms,
                               worker_max_concurrent_snapshots)


class WorkerConfig(collections.namedtuple("WorkerConfig", [
        "dispatcher_address", "worker_address", "port", "protocol", "heartbeat_interval_ms",
        "dispatcher_timeout_ms", "data_transfer_protocol", "data_transfer_address"])):
    """`tf.data.experimental.service.WorkerConfig(dispatcher_address, ...)`: a worker's settings.

    `dispatcher_address` (`"localhost:port"`, with or without `"grpc://"`) names the dispatcher it joins.
    Heartbeat and timeout settings change nothing in one process.
    """

    def __new__(cls, dispatcher_address, worker_address=None, port=0, protocol=None, heartbeat_interval_ms=None,
                dispatcher_timeout_ms=None, data_transfer_protocol=None, data_transfer_address=None):
        return super().__new__(cls, dispatcher_address, worker_address or "localhost:%port%", int(port),
                               _check_protocol(protocol), heartbeat_interval_ms, dispatcher_timeout_ms,
                               data_transfer_protocol, data_transfer_address or "localhost:%dts_port%")


def _no_join(what):
    raise NotImplementedError(
        f"{what}.join() serves other processes until the server stops; keraslike's tf.data service lives in the "
        "process that made it and serves only that process, so there is nothing to wait for. Read the datasets "
        "in this process (`distribute`, `from_dataset_id`).")


class DispatchServer:
    """`tf.data.experimental.service.DispatchServer(config=None, start=True)`: the service's coordinator.

    Raises:
        ValueError: a config that is not a `DispatcherConfig`, or `fault_tolerant_mode` without `work_dir`.
        errors.UnavailableError: a port another server of this process uses.
    """

    def __init__(self, config=None, start=True):
        config = DispatcherConfig() if config is None else config
        if not isinstance(config, DispatcherConfig):
            raise ValueError(f"Expected a `tf.data.experimental.service.DispatcherConfig`. Received: config={config!r}")
        if config.fault_tolerant_mode and not config.work_dir:
            raise ValueError("Cannot enable fault tolerant mode without configuring a work dir. Received: "
                             f"fault_tolerant_mode=True, work_dir={config.work_dir!r}")
        self._config = config
        self._port = _claim_port(config.port, "the tf.data service dispatcher")
        self._workers = []
        self._datasets = {}  # dataset id -> Dataset
        self._jobs = {}  # job name -> shared element iterator (TF: the consumers of a job name share it)
        self._started = False
        if start:
            self.start()

    def start(self):
        """Starts the dispatcher (a no-op when it runs already)."""
        with _LOCK:
            _DISPATCHERS[self._address] = self
        self._started = True

    def join(self):
        """Raises NotImplementedError: in TF it blocks while serving other processes (see the module text)."""
        _no_join("DispatchServer")

    def stop(self):
        """Stops the dispatcher: its address is free again and its workers stop."""
        with _LOCK:
            if _DISPATCHERS.get(self._address) is self:
                del _DISPATCHERS[self._address]
        self._started = False

    @property
    def target(self):
        """`"grpc://localhost:<port>"`: what `distribute(service=...)` and `register_dataset` take."""
        return f"{self._config.protocol}://{self._address}"

    @property
    def _address(self):
        return f"localhost:{self._port}"

    def _num_workers(self):
        return len(self._workers)

    def _register(self, dataset, dataset_id):
        with _LOCK:
            if dataset_id is None:
                for known, registered in self._datasets.items():
                    if registered is dataset:  # TF gives a dataset registered again its first id
                        return known
                dataset_id = str(1000 + len(self._datasets))
            self._datasets[dataset_id] = dataset
            return dataset_id

    def _dataset(self, dataset_id):
        if dataset_id not in self._datasets:
            raise errors.NotFoundError(None, None, f"Dataset id {dataset_id} not found in the tf.data service "
                                       f"dispatcher at {self.target}. Received: dataset_id={dataset_id!r}")
        return self._datasets[dataset_id]

    def _running_workers(self):
        workers = [w for w in self._workers if w._started]
        if not workers:
            raise errors.UnavailableError(
                None, None, f"No tf.data service worker has joined the dispatcher at {self.target}: start a "
                "`tf.data.experimental.service.WorkerServer` with its address first (TF would wait for one).")
        return workers


def _dispatcher(service, arg_name="service"):
    if not isinstance(service, str) or not service:
        raise ValueError(f"`{arg_name}` must be a non-empty string. Received: {arg_name}={service!r}")
    parts = service.split("://")
    if len(parts) > 2:
        raise ValueError(f"Malformed `{arg_name}` string has multiple '://': {service}.")
    if len(parts) == 2:
        _check_protocol(parts[0])
    address = parts[-1]
    with _LOCK:
        dispatcher = _DISPATCHERS.get(address)
    if dispatcher is None:
        raise ValueError(f"No tf.data service dispatcher of this process runs at {address}: keraslike's tf.data "
                         "service lives in the process that made it (another process's dispatcher cannot be "
                         f"reached). Received: {arg_name}={service!r}")
    return dispatcher


class WorkerServer:
    """`tf.data.experimental.service.WorkerServer(config, start=True)`: produces elements for a dispatcher.

    Raises:
        ValueError: a config that is not a `WorkerConfig`, or a dispatcher address no server of this process has.
    """

    def __init__(self, config, start=True):
        if not isinstance(config, WorkerConfig):
            raise ValueError(f"Expected a `tf.data.experimental.service.WorkerConfig`. Received: config={config!r}")
        self._config = config
        self._dispatcher = _dispatcher(config.dispatcher_address, "dispatcher_address")
        self._port = _claim_port(config.port, "the tf.data service worker")
        self._started = False
        if start:
            self.start()

    def start(self):
        """Starts the worker: it joins its dispatcher (a no-op when it runs already)."""
        if not self._started:
            self._dispatcher._workers.append(self)
            self._started = True

    def join(self):
        """Raises NotImplementedError: in TF it blocks while serving other processes (see the module text)."""
        _no_join("WorkerServer")

    def stop(self):
        """Stops the worker: it leaves its dispatcher."""
        if self._started:
            self._dispatcher._workers.remove(self)
            self._started = False

    @property
    def _address(self):
        return self._config.worker_address.replace("%port%", str(self._port))


def _sharding_policy(processing_mode):
    if isinstance(processing_mode, ShardingPolicy):
        policy = processing_mode
    elif processing_mode == PARALLEL_EPOCHS:
        policy = ShardingPolicy.OFF
    elif processing_mode == DISTRIBUTED_EPOCH:
        policy = ShardingPolicy.DYNAMIC
    else:
        raise ValueError("tf.data service processing mode should be a `tf.data.experimental.service.ShardingPolicy`,"
                         f' `"parallel_epochs"`, or `"distributed_epoch"`. Got {processing_mode!r}.')
    if policy in (ShardingPolicy.FILE, ShardingPolicy.FILE_OR_DATA, ShardingPolicy.HINT):
        raise NotImplementedError("keraslike's tf.data service shards by data (OFF, DYNAMIC, DATA), not by file or "
                                  f"hint. Received: processing_mode={policy!r}")
    return policy


def _check_compression(compression):
    if compression not in (COMPRESSION_AUTO, COMPRESSION_NONE, COMPRESSION_SNAPPY):
        raise ValueError(f"Invalid `compression` argument: {compression}. Must be one of "
                         f"{[COMPRESSION_AUTO, COMPRESSION_NONE, COMPRESSION_SNAPPY]}.")


def _check_read_options(job_name, consumer_index, num_consumers, max_outstanding_requests, data_transfer_protocol,
                        cross_trainer_cache, target_workers):
    if job_name is not None and (not isinstance(job_name, str) or not job_name):
        raise ValueError(f"`job_name` must be a non-empty string. Received: job_name={job_name!r}")
    if consumer_index is not None or num_consumers is not None:
        raise NotImplementedError("Coordinated reads (`consumer_index`, `num_consumers`) are not supported by "
                                  f"keraslike's tf.data service. Received: consumer_index={consumer_index!r}, "
                                  f"num_consumers={num_consumers!r}")
    if cross_trainer_cache is not None:
        raise NotImplementedError("`cross_trainer_cache` is not supported by keraslike's tf.data service. "
                                  f"Received: cross_trainer_cache={cross_trainer_cache!r}")
    if max_outstanding_requests is not None and int(max_outstanding_requests) < 1:
        raise ValueError(f"`max_outstanding_requests` must be positive. Received: "
                         f"max_outstanding_requests={max_outstanding_requests!r}")
    if data_transfer_protocol not in (None, "grpc", "local"):
        raise ValueError(f"`data_transfer_protocol` must be None, 'grpc' or 'local'. Received: "
                         f"data_transfer_protocol={data_transfer_protocol!r}")
    if str(target_workers).upper() not in ("AUTO", "ANY", "LOCAL"):
        raise ValueError(f'`target_workers` must be "AUTO", "ANY" or "LOCAL". Received: '
                         f"target_workers={target_workers!r}")


def _dataset_id_text(dataset_id):
    if hasattr(dataset_id, "numpy"):
        dataset_id = dataset_id.numpy()
    if hasattr(dataset_id, "item"):
        dataset_id = dataset_id.item()
    return dataset_id.decode() if isinstance(dataset_id, bytes) else str(dataset_id)


class _SharedJob:
    """One job's elements, read by every consumer of the job (each element goes to one of them)."""

    def __init__(self, elements, element_spec):
        self._elements = elements
        self.element_spec = element_spec
        self._lock = threading.Lock()

    def __iter__(self):
        while True:
            with self._lock:
                try:
                    element = next(self._elements)
                except StopIteration:
                    return
            yield element


def _round_robin(iterators):
    """The iterators' elements in turn, dropping each as it ends (how a consumer reads its workers)."""
    active = list(iterators)
    while active:
        still = []
        for it in active:
            try:
                yield next(it)
                still.append(it)
            except StopIteration:
                pass
        active = still


class DataServiceDataset(Dataset):
    """The elements of a registered dataset as the dispatcher's workers produce them (module text)."""

    _tf_repr_name = "_DataServiceDatasetV2"

    def __init__(self, dispatcher, dataset_id, policy, job_name):
        self._dispatcher = dispatcher
        self._dataset_id = dataset_id
        self._policy = policy
        self._job_name = job_name
        super().__init__(dispatcher._dataset(dataset_id).element_spec)

    def _cardinality(self):
        return card.UNKNOWN  # TF's: the service decides how many elements come

    def _worker_elements(self):
        dataset = self._dispatcher._dataset(self._dataset_id)
        workers = self._dispatcher._running_workers()
        if self._policy == ShardingPolicy.OFF:
            return _round_robin([iter(dataset) for _ in workers])
        if self._policy == ShardingPolicy.DATA:
            return _round_robin([iter(dataset.shard(len(workers), i)) for i in range(len(workers))])
        return iter(dataset)  # DYNAMIC: the workers share one pass

    def _generic_elements(self):
        if self._job_name is None:
            return self._worker_elements()
        with _LOCK:
            job = self._dispatcher._jobs.get(self._job_name)
            if job is None:
                job = self._dispatcher._jobs[self._job_name] = _SharedJob(self._worker_elements(), self.element_spec)
        if job.element_spec != self.element_spec:
            raise ValueError(f"Tried to read job {self._job_name!r}, which another dataset (elements "
                             f"{job.element_spec!r}) created. Received: job_name={self._job_name!r} for elements "
                             f"{self.element_spec!r}")
        return iter(job)


def register_dataset(service, dataset, compression="AUTO", dataset_id=None):
    """`tf.data.experimental.service.register_dataset(service, dataset)`: the dataset's id (a string tensor) at
    the dispatcher `service`, for `from_dataset_id`; a dataset registered again keeps its first id.

    Raises:
        ValueError: an unknown `service` or `compression`.
    """
    _check_compression(compression)
    dispatcher = _dispatcher(service)
    if dataset_id is not None:
        dataset_id = _dataset_id_text(dataset_id)
    return convert_to_tensor(dispatcher._register(dataset, dataset_id).encode())


def from_dataset_id(processing_mode, service, dataset_id, element_spec=None, job_name=None, consumer_index=None,
                    num_consumers=None, max_outstanding_requests=None, data_transfer_protocol=None,
                    cross_trainer_cache=None, target_workers="AUTO"):
    """`tf.data.experimental.service.from_dataset_id(processing_mode, service, dataset_id, ...)`: a dataset
    reading the registered dataset `dataset_id` through the service's workers (see the module text).

    Raises:
        ValueError: an unknown service, mode or option value, or an `element_spec` that is not the dataset's.
        errors.NotFoundError: a `dataset_id` the dispatcher has not registered.
        NotImplementedError: file/hint sharding, coordinated reads, `cross_trainer_cache`.
    """
    policy = _sharding_policy(processing_mode)
    _check_read_options(job_name, consumer_index, num_consumers, max_outstanding_requests, data_transfer_protocol,
                        cross_trainer_cache, target_workers)
    dispatcher = _dispatcher(service)
    dataset_id = _dataset_id_text(dataset_id)
    registered = dispatcher._dataset(dataset_id).element_spec
    if element_spec is not None and element_spec != registered:
        raise ValueError(f"The `element_spec` given is not the registered dataset's ({registered!r}). "
                         f"Received: element_spec={element_spec!r}")
    return DataServiceDataset(dispatcher, dataset_id, policy, job_name)


def distribute(processing_mode, service, job_name=None, consumer_index=None, num_consumers=None,
               max_outstanding_requests=None, data_transfer_protocol=None, compression="AUTO",
               cross_trainer_cache=None, target_workers="AUTO"):
    """`tf.data.experimental.service.distribute(processing_mode, service, ...)`: for `dataset.apply`, the dataset
    registered at `service` and read through its workers (see the module text and `from_dataset_id`)."""
    _sharding_policy(processing_mode)
    _check_compression(compression)
    _check_read_options(job_name, consumer_index, num_consumers, max_outstanding_requests, data_transfer_protocol,
                        cross_trainer_cache, target_workers)

    def apply(dataset):
        dataset_id = register_dataset(service, dataset, compression)
        return from_dataset_id(processing_mode, service, dataset_id, dataset.element_spec, job_name,
                               max_outstanding_requests=max_outstanding_requests,
                               data_transfer_protocol=data_transfer_protocol, target_workers=target_workers)

    return apply


def distributed_save(dataset, path, data_service_address, compression="AUTO"):
    """`tf.data.experimental.distributed_save(dataset, path, data_service_address)`: writes the dataset under
    `path` through the service's workers; `tf.data.Dataset.load(path)` reads it (keraslike's save format, as
    `Dataset.save`; complete when this returns, so `load(..., wait=True)` has nothing to wait for).

    Args:
        compression: "AUTO" (none), None, or "GZIP".

    Raises:
        ValueError: an unknown dispatcher address or compression.
        errors.AlreadyExistsError: `path` exists already (TF's "already started or completed").
        errors.UnavailableError: no worker has joined the dispatcher.
    """
    if compression not in ("AUTO", None, "GZIP"):
        raise ValueError(f'Invalid `compression` argument: {compression}. Must be one of ["AUTO", None, "GZIP"].')
    dispatcher = _dispatcher(data_service_address, "data_service_address")
    dispatcher._running_workers()
    if os.path.exists(path):
        raise errors.AlreadyExistsError(None, None, f"Failed to snapshot: tf.data snapshot at {path} is already "
                                        "started or completed")
    dataset.save(path, compression=None if compression == "AUTO" else compression)

