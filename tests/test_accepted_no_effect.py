"""Issue 12 item 12: every argument in README's "Accepted, no effect" table is accepted (one test, reporting
every failure at once), so the table and the code agree."""

import numpy as np

import keraslike as tf

keras = tf.keras


def _data_service():
    service = tf.data.experimental.service
    dispatcher = service.DispatchServer(service.DispatcherConfig(
        work_dir="/nonexistent/journal", fault_tolerant_mode=True, job_gc_check_interval_ms=10, job_gc_timeout_ms=10,
        worker_timeout_ms=10, worker_max_concurrent_snapshots=2, worker_addresses=["localhost"]))
    worker = service.WorkerServer(service.WorkerConfig(
        dispatcher.target, heartbeat_interval_ms=10, dispatcher_timeout_ms=10, data_transfer_protocol="grpc"))
    read = tf.data.Dataset.range(3).apply(service.distribute(
        "parallel_epochs", dispatcher.target, max_outstanding_requests=2, data_transfer_protocol="grpc",
        compression=None, target_workers="LOCAL"))
    assert [int(x) for x in read] == [0, 1, 2]
    worker.stop()
    dispatcher.stop()


def _calls():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    cpu = tf.config.list_physical_devices("CPU")[0]
    return {
        "mlir bridge": lambda: (tf.config.experimental.enable_mlir_bridge(),
                                tf.config.experimental.disable_mlir_bridge()),
        "random alg": lambda: (tf.random.fold_in([1, 2], 3, alg="philox"), tf.random.split([1, 2], alg="threefry"),
                               tf.random.experimental.stateless_shuffle([1, 2], [1, 2], alg="auto_select")),
        "ExponentialMovingAverage(zero_debias)": lambda: tf.train.ExponentialMovingAverage(
            0.9, zero_debias=True).apply([tf.Variable(1.0)]),
        "linalg validate_args": lambda: (tf.linalg.pinv(np.eye(2), validate_args=True),
                                         tf.linalg.matrix_rank(np.eye(2), validate_args=True),
                                         tf.linalg.lu_reconstruct(*tf.linalg.lu(np.eye(2)), validate_args=True)),
        "tridiagonal_solve(partial_pivoting)": lambda: tf.linalg.tridiagonal_solve(
            tf.ones([3, 2], tf.float64) * np.array([[0.0], [3.0], [0.0]]), tf.ones([2, 1], tf.float64),
            partial_pivoting=False),
        "compile(run_eagerly, steps_per_execution=auto)": lambda: model.compile(
            "sgd", "mse", run_eagerly=True, steps_per_execution="auto"),
        "NcclAllReduce(num_packs)": lambda: tf.distribute.NcclAllReduce(num_packs=2),
        "HierarchicalCopyAllReduce(num_packs)": lambda: tf.distribute.HierarchicalCopyAllReduce(num_packs=2),
        "extended.reduce_to(options)": lambda: tf.distribute.get_strategy().extended.batch_reduce_to(
            "SUM", [(tf.constant(1.0), "/cpu:0")], options=tf.distribute.experimental.CommunicationOptions()),
        "ReductionToOneDevice(...)": lambda: tf.distribute.ReductionToOneDevice(reduce_to_device="/cpu:0",
                                                                               accumulation_fn=None),
        "CommunicationOptions(...)": lambda: tf.distribute.experimental.CommunicationOptions(
            bytes_per_pack=1024, implementation=tf.distribute.experimental.CommunicationImplementation.RING),
        "Options.auto_shard_policy": lambda: setattr(tf.data.Options().experimental_distribute, "auto_shard_policy",
                                                     tf.data.experimental.AutoShardPolicy.DATA),
        "LogicalDeviceConfiguration(experimental_*)": lambda: tf.config.LogicalDeviceConfiguration(
            experimental_priority=1, experimental_device_ordinal=0),
        "Variable(hints)": lambda: tf.Variable(1.0, validate_shape=False, caching_device="/cpu:0",
                                               synchronization=tf.VariableSynchronization.AUTO,
                                               aggregation=tf.VariableAggregation.MEAN,
                                               experimental_enable_variable_lifting=False),
        "add_weight(aggregation, synchronization)": lambda: keras.layers.Dense(1).add_weight(
            name="w", shape=(1,), aggregation="mean", synchronization="auto"),
        "tf.function(reduce_retracing, autograph)": lambda: tf.function(lambda v: v, reduce_retracing=True,
                                                                        autograph=False)(1.0),
        "einsum(optimize)": lambda: tf.einsum("ij->ji", np.ones((2, 2)), optimize="greedy"),
        "LSTM(unroll, use_cudnn, implementation)": lambda: keras.layers.LSTM(2, unroll=True, use_cudnn=False,
                                                                             implementation=1),
        "Lambda(output_shape, mask)": lambda: keras.layers.Lambda(lambda v: v, output_shape=(2,), mask=None),
        "MultiHeadAttention(query_mask)": lambda: keras.layers.MultiHeadAttention(2, 3)(
            np.ones((1, 2, 4), "float32"), np.ones((1, 2, 4), "float32"), query_mask=np.array([[True, False]])),
        "keras.config.disable_traceback_filtering()": keras.config.disable_traceback_filtering,
        "tf.data service transfer and server settings": _data_service,
        "Dataset.batch(num_parallel_calls, deterministic)": lambda: list(tf.data.Dataset.range(5).batch(
            2, num_parallel_calls=2, deterministic=False)),
        "StaticHashTable(experimental_is_anonymous)": lambda: tf.lookup.StaticHashTable(
            tf.lookup.KeyValueTensorInitializer([1, 2], [3, 4]), -1, experimental_is_anonymous=True),
        "PyDataset(workers, use_multiprocessing, max_queue_size)": lambda: keras.utils.PyDataset(
            workers=4, use_multiprocessing=True, max_queue_size=5),
        "TensorBoard(...)": lambda: keras.callbacks.TensorBoard(histogram_freq=1, write_graph=False, write_images=True,
                                                                write_steps_per_second=True, profile_batch=2,
                                                                embeddings_freq=1, embeddings_metadata=None),
        "ModelCheckpoint(options)": lambda: keras.callbacks.ModelCheckpoint("m.keras", options=None),
        "ConfigProto(...)": lambda: tf.compat.v1.ConfigProto(
            isolate_session_state=True, gpu_options=tf.compat.v1.GPUOptions(force_gpu_compatible=True)),
        "TF1 Session.run(options, run_metadata), Saver.save(write_meta_graph, ...), optimizers(use_locking, "
        "gate_gradients, ...), FileWriter(graph)": _tf1_graph_saver_and_optimizer,
        "set_memory_growth (CPU-only: a listed GPU is required, so only the getter)": lambda: (
            tf.config.experimental.get_memory_growth if cpu else None),
    }


def _tf1_graph_saver_and_optimizer():
    v1 = tf.compat.v1
    with v1.Graph().as_default():
        w = v1.Variable([1.0, 2.0])
        loss = v1.reduce_sum(w * w)
        train = v1.train.MomentumOptimizer(0.1, 0.9, use_locking=True).minimize(
            loss, gate_gradients=2, aggregation_method=None, colocate_gradients_with_ops=True)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            sess.run(train, options=None, run_metadata=None)
            v1.train.Saver().save(sess, "tf1.ckpt", write_meta_graph=True, meta_graph_suffix="meta",
                                  strip_default_attrs=True, save_debug_info=False)
            writer = v1.summary.FileWriter("logs", sess.graph, graph_def=None)
            writer.add_graph(sess.graph)
            writer.close()


def test_every_table_entry_is_accepted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    failures = []
    for name, call in _calls().items():
        try:
            call()
        except Exception as e:  # noqa: BLE001 - report every entry at once
            failures.append(f"{name}: {type(e).__name__}: {e}")
    assert not failures, "\n".join(failures)
