"""MirroredStrategy programs as tutorials and users write them, run on real TF (golden) and on keraslike.

Usage: python tutorial_programs.py OUT.json tensorflow|keraslike [--legacy]

Real TF runs two logical CPUs in one process; keraslike one process per replica. Every process writes
OUT.json's `global` values (identical on every replica: the test checks that) and the `per_replica` values of its
own replicas, keyed by replica id; TF's process holds both replicas, so its file is the whole golden, keraslike's
two files are merged by the test (tests/distribute/test_tutorial_programs.py). Programs (written for this test, in
the manner of TF's distributed tutorials and of multi-GPU tutorials' code):
- custom loop: a `tf.function` step calling `strategy.run`, `tf.nn.compute_average_loss` (global and default
  batch size), `scale_regularization_loss`, `reduce(SUM)`, metrics created in scope and updated in the step, a
  test loop, `tf.train.Checkpoint` save/restore in scope; 37 rows in global batches of 8 (last batch 5 rows).
- input pipelines: which rows each replica gets from `experimental_distribute_dataset` (seeded and unseeded
  shuffles, a partial last batch, `enumerate` indices), `distribute_datasets_from_function` with sharding,
  `get_next_as_optional` in a `tf.function` loop, `reduce(..., axis=0)` and `gather` of distributed batches.
- replica context: `all_reduce`, `all_gather`, `merge_call`; per-replica values from
  `experimental_distribute_values_from_function`.
- fit/evaluate/predict: Adam on a seeded shuffled Dataset and on arrays, odd validation and test sizes,
  `EarlyStopping(restore_best_weights=True)`, `ReduceLROnPlateau`, `LearningRateScheduler`.
With `--legacy` the same programs run under Keras 2 (`TF_USE_LEGACY_KERAS=1`), whose losses refuse the default
reduction under a strategy outside `fit` (the naive loop and the custom `train_step` record that error).
"""

import importlib
import json
import os
import sys
import tempfile

import numpy as np

OUT, BACKEND = sys.argv[1], sys.argv[2]
LEGACY = sys.argv[3:] == ["--legacy"]  # Keras 2: tf_keras on TF (chosen when TF is imported), keraslike's switch
if LEGACY:
    os.environ["TF_USE_LEGACY_KERAS"] = "1"
tf = importlib.import_module(BACKEND)
keras = tf.keras

cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
record = {"global": {}, "per_replica": {}}


def as_list(value):
    if isinstance(value, (list, tuple)):
        return [as_list(v) for v in value]
    if isinstance(value, dict):
        return {k: as_list(v) for k, v in value.items()}
    return np.asarray(value).tolist()


def put(name, value):
    record["global"][name] = as_list(value)


def replica_id():
    return tf.distribute.get_replica_context().replica_id_in_sync_group


LOCAL_IDS = [int(i) for i in strategy.experimental_local_results(strategy.run(replica_id))]


def put_replicas(name, value, extend=False):
    """Record each local replica's part of `value` (a PerReplica value or, on keraslike, this replica's tensor)."""
    parts = strategy.experimental_local_results(value)
    for rid, part in zip(LOCAL_IDS, parts):
        slot = record["per_replica"].setdefault(name, {})
        if extend:
            slot.setdefault(str(rid), []).append(as_list(part))
        else:
            slot[str(rid)] = as_list(part)


N_FEATURES, N_CLASSES = 4, 3


def data(n, offset=0):
    rows = np.arange(offset, offset + n, dtype="float32")
    x = np.sin(rows[:, None] * 0.37 + np.arange(N_FEATURES, dtype="float32")[None, :] * 1.3).astype("float32")
    y = ((rows * 7 + 1) % N_CLASSES).astype("int32")
    return x, y


def read_learning_rate(model):
    if LEGACY:  # tf_keras: a MirroredVariable, read with the Keras 2 backend
        return float(keras.backend.get_value(model.optimizer.learning_rate))
    return float(keras.ops.convert_to_numpy(model.optimizer.learning_rate))


def fixed_weights(model):
    weights = []
    for i, w in enumerate(model.get_weights()):
        weights.append((np.cos(np.arange(w.size, dtype="float64") * 0.9 + i) * 0.4).reshape(w.shape).astype("float32"))
    model.set_weights(weights)


def create_model(regularized=False):
    reg = keras.regularizers.L2(1e-3) if regularized else None
    model = keras.Sequential([keras.Input(shape=(N_FEATURES,)),
                              keras.layers.Dense(5, activation="relu", kernel_regularizer=reg),
                              keras.layers.Dense(N_CLASSES)])
    fixed_weights(model)
    return model


# ---------------------------------------------------------------- custom training loop (custom_training style)
GLOBAL_BATCH = 8
x_train, y_train = data(37)
x_test, y_test = data(13, offset=100)

with strategy.scope():
    loss_object = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
    test_loss = keras.metrics.Mean(name="test_loss")
    train_accuracy = keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")
    test_accuracy = keras.metrics.SparseCategoricalAccuracy(name="test_accuracy")


def custom_loop(name, global_batch_size):
    with strategy.scope():
        model = create_model(regularized=True)
        optimizer = keras.optimizers.SGD(learning_rate=0.2, momentum=0.5)
        # TF 2.21 fails the first step ("You must feed a value for placeholder tensor") when the slots are made
        # inside the distributed tf.function, so the optimizer is built in scope first
        optimizer.build(model.trainable_variables)
        checkpoint = tf.train.Checkpoint(optimizer=optimizer, model=model)

    def compute_loss(labels, predictions, model_losses):
        per_example_loss = loss_object(labels, predictions)
        if global_batch_size is None:
            loss = tf.nn.compute_average_loss(per_example_loss)
        else:
            loss = tf.nn.compute_average_loss(per_example_loss, global_batch_size=global_batch_size)
        if model_losses:
            loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))
        return loss

    def train_step(inputs):
        images, labels = inputs
        with tf.GradientTape() as tape:
            predictions = model(images, training=True)
            loss = compute_loss(labels, predictions, model.losses)
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        train_accuracy.update_state(labels, predictions)
        return loss

    def test_step(inputs):
        images, labels = inputs
        predictions = model(images, training=False)
        test_loss.update_state(loss_object(labels, predictions))
        test_accuracy.update_state(labels, predictions)

    @tf.function
    def distributed_train_step(dataset_inputs):
        per_replica_losses = strategy.run(train_step, args=(dataset_inputs,))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)

    @tf.function
    def distributed_test_step(dataset_inputs):
        return strategy.run(test_step, args=(dataset_inputs,))

    train_ds = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(GLOBAL_BATCH))
    test_ds = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(GLOBAL_BATCH))
    prefix = os.path.join(tempfile.mkdtemp(), "ckpt")
    epochs = []
    for epoch in range(3):
        total_loss, num_batches, step_losses = 0.0, 0, []
        for batch in train_ds:
            loss = distributed_train_step(batch)
            step_losses.append(float(loss))
            total_loss += loss
            num_batches += 1
        for batch in test_ds:
            distributed_test_step(batch)
        if epoch == 1:
            saved = checkpoint.save(prefix)
            put(f"{name}_saved_weights", model.get_weights()[0])
        epochs.append({"steps": step_losses, "train_loss": float(total_loss / num_batches),
                       "train_accuracy": float(train_accuracy.result()), "test_loss": float(test_loss.result()),
                       "test_accuracy": float(test_accuracy.result())})
        test_loss.reset_state()
        train_accuracy.reset_state()
        test_accuracy.reset_state()
    put(f"{name}_epochs", epochs)
    put(f"{name}_weights", model.get_weights())
    put(f"{name}_iterations", int(optimizer.iterations.numpy()))
    # restore the epoch-1 checkpoint into a new model made in scope and evaluate it
    with strategy.scope():
        restored = create_model(regularized=True)
        restored_optimizer = keras.optimizers.SGD(learning_rate=0.2, momentum=0.5)
        status = tf.train.Checkpoint(optimizer=restored_optimizer, model=restored).restore(saved)
        del status
    put(f"{name}_restored_weights", restored.get_weights()[0])
    restored_acc = keras.metrics.SparseCategoricalAccuracy()
    restored_acc.update_state(y_test, restored(x_test, training=False))
    put(f"{name}_restored_accuracy", float(restored_acc.result()))
    put(f"{name}_latest_checkpoint_is_saved", tf.train.latest_checkpoint(os.path.dirname(prefix)) == saved)


custom_loop("loop_global", GLOBAL_BATCH)
custom_loop("loop_default", None)


def naive_loop():
    """A loop as multi-GPU tutorials write it: a Keras loss with its default reduction (each replica's own mean, not
    scaled by the replica count), gradients applied in `strategy.run`, the losses reduced with SUM."""
    with strategy.scope():
        model = create_model()
        optimizer = keras.optimizers.SGD(0.1)
        optimizer.build(model.trainable_variables)
    naive_loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function
    def train_step(inputs):
        def step_fn(inputs):
            features, labels = inputs
            with tf.GradientTape() as tape:
                loss = naive_loss(labels, model(features, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(step_fn, args=(inputs,)), axis=None)

    dist = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(GLOBAL_BATCH))
    put("naive_loop_losses", [float(train_step(batch)) for batch in dist])
    put("naive_loop_weights", model.get_weights())


try:
    naive_loop()
except ValueError as exc:  # Keras 2 only: a loss with the default reduction under a strategy
    put("naive_loop_error", type(exc).__name__)


# ---------------------------------------------------------------- which rows each replica gets
def rows_seen(name, dataset, epochs=1):
    dist = strategy.experimental_distribute_dataset(dataset)
    for epoch in range(epochs):
        for batch in dist:
            put_replicas(f"{name}_e{epoch}", batch, extend=True)


rows_seen("range9_batch4", tf.data.Dataset.range(9).batch(4))
rows_seen("range37_batch8", tf.data.Dataset.range(37).batch(8))
rows_seen("range37_batch8_drop", tf.data.Dataset.range(37).batch(8, drop_remainder=True))
tf.random.set_seed(11)
rows_seen("seeded_shuffle", tf.data.Dataset.range(37).shuffle(37, seed=3).batch(8), epochs=2)
rows_seen("unseeded_shuffle", tf.data.Dataset.range(37).shuffle(37).batch(8), epochs=2)  # coverage only
rows_seen("unseeded_shuffle_repeat", tf.data.Dataset.range(11).shuffle(11).repeat(2).batch(6))  # coverage only
rows_seen("batch_then_unbatch", tf.data.Dataset.range(21).batch(5).unbatch().batch(6))

# enumerate indices give each prediction's place (input tutorial): both replicas' indices and outputs
dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(25).enumerate().batch(6))
for index, inputs in dist:
    out_index, outputs = strategy.run(lambda i, v: (i, 2 * v), args=(index, inputs))
    put_replicas("enumerate_index", out_index, extend=True)
    put_replicas("enumerate_outputs", outputs, extend=True)

# reduce over the batch axis and gather of distributed batches with a partial and an empty replica batch
sums, means, gathered, counts = [], [], [], []
for batch in strategy.experimental_distribute_dataset(tf.data.Dataset.range(9).map(
        lambda v: tf.cast(v, tf.float32)).batch(4)):
    sums.append(strategy.reduce("SUM", batch, axis=0))
    means.append(strategy.reduce("MEAN", batch, axis=0))
    gathered.append(as_list(strategy.gather(batch, axis=0)))
    counts.append(strategy.reduce("SUM", strategy.run(lambda b: tf.shape(b)[0], args=(batch,)), axis=None))
put("reduce_sum_axis0", sums)
put("reduce_mean_axis0", means)
put("gather_batches", gathered)
put("reduce_sum_rows", counts)

# get_next_as_optional in a tf.function loop stops after the data
iterator = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(9).batch(4)))
steps = []
for _ in range(5):
    optional = iterator.get_next_as_optional()
    if not optional.has_value():
        break
    value = strategy.run(lambda v: v * 10, args=(optional.get_value(),))
    steps.append(as_list(strategy.gather(value, axis=0)))
put("optional_steps", steps)


# distribute_datasets_from_function, sharded by the input context as the tutorial shards
def dataset_fn(ctx):
    batch = ctx.get_per_replica_batch_size(8)
    ds = tf.data.Dataset.range(40).shard(ctx.num_input_pipelines, ctx.input_pipeline_id)
    return ds.batch(batch)


fn_dist = strategy.distribute_datasets_from_function(dataset_fn)
sums = []
for batch in fn_dist:
    put_replicas("from_function", batch, extend=True)
    sums.append(strategy.reduce("SUM", strategy.run(lambda b: tf.cast(b, tf.float32), args=(batch,)), axis=0))
put("from_function_global_sums", sums)
put("from_function_steps", sum(1 for _ in fn_dist))


def dataset_fn_unsharded(ctx):
    return tf.data.Dataset.range(24).batch(ctx.get_per_replica_batch_size(8))


steps = 0
for batch in strategy.distribute_datasets_from_function(dataset_fn_unsharded):
    put_replicas("from_function_unsharded", batch, extend=True)
    steps += 1
put("from_function_unsharded_steps", steps)

# InputOptions: fetch to host, and PER_REPLICA replication (the function runs once per replica)
for batch in strategy.experimental_distribute_dataset(
        tf.data.Dataset.range(6).batch(4), options=tf.distribute.InputOptions(experimental_fetch_to_device=False)):
    put_replicas("options_host", batch, extend=True)
contexts = []


def dataset_fn_per_replica(ctx):
    contexts.append([ctx.num_input_pipelines, ctx.input_pipeline_id, ctx.num_replicas_in_sync])
    return tf.data.Dataset.range(12).shard(ctx.num_input_pipelines, ctx.input_pipeline_id).batch(2)


per_replica_options = tf.distribute.InputOptions(
    experimental_replication_mode=tf.distribute.InputReplicationMode.PER_REPLICA, experimental_fetch_to_device=False)
for batch in strategy.distribute_datasets_from_function(dataset_fn_per_replica, options=per_replica_options):
    put_replicas("options_per_replica", batch, extend=True)
for seen in contexts:  # TF's process calls the function for both replicas, keraslike's replica for its own
    record["per_replica"].setdefault("options_per_replica_contexts", {})[str(seen[1])] = seen
errors = {}
for name, call in (
        ("per_replica_dataset", lambda: strategy.experimental_distribute_dataset(
            tf.data.Dataset.range(4).batch(2), options=per_replica_options)),
        ("place_per_worker", lambda: strategy.distribute_datasets_from_function(
            dataset_fn_per_replica, options=tf.distribute.InputOptions(experimental_place_dataset_on_device=True))),
        ("place_fetch", lambda: strategy.distribute_datasets_from_function(
            dataset_fn_per_replica, options=tf.distribute.InputOptions(
                experimental_replication_mode=tf.distribute.InputReplicationMode.PER_REPLICA,
                experimental_place_dataset_on_device=True)))):
    try:
        call()
        errors[name] = "no error"
    except (ValueError, NotImplementedError) as exc:
        errors[name] = type(exc).__name__
put("options_errors", errors)
defaults = tf.distribute.InputOptions()
put("options_defaults", [defaults.experimental_fetch_to_device, defaults.experimental_replication_mode.name,
                         defaults.experimental_place_dataset_on_device, defaults.experimental_per_replica_buffer_size])

# a tf.function traced for the distributed dataset's element_spec, and a loop over the dataset inside a tf.function
signature_dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(4))


@tf.function(input_signature=[signature_dist.element_spec])
def doubled(per_replica_inputs):
    return strategy.run(lambda v: 2 * v, args=(per_replica_inputs,))


for batch in signature_dist:
    put_replicas("signature_step", doubled(batch), extend=True)


@tf.function
def loop_inside(dataset):
    total, steps = tf.constant(0, tf.int64), 0
    for batch in dataset:
        total += strategy.reduce("SUM", strategy.run(tf.reduce_sum, args=(batch,)), axis=None)
        steps += 1
    return total, steps


put("loop_inside_function", loop_inside(signature_dist))


# ---------------------------------------------------------------- replica context
def context_ops():
    ctx = tf.distribute.get_replica_context()
    rid = tf.cast(ctx.replica_id_in_sync_group, tf.float32)
    value = tf.stack([rid + 1.0, 10.0 * (rid + 1.0)])
    merged = ctx.merge_call(lambda s, v: s.reduce("SUM", v, axis=None), args=(value,))
    return {"sum": ctx.all_reduce("SUM", value), "mean": ctx.all_reduce("MEAN", value),
            "nested": ctx.all_reduce("SUM", [rid, {"a": rid * 2.0}]),
            "gather": ctx.all_gather(tf.reshape(value, [1, 2]), axis=0), "merged": merged,
            "count": ctx.num_replicas_in_sync}


ops = strategy.run(tf.function(context_ops))
for key in ("sum", "mean", "gather", "merged", "count"):
    put_replicas(f"context_{key}", ops[key])
put_replicas("context_nested_0", ops["nested"][0])
put_replicas("context_nested_a", ops["nested"][1]["a"])
values = strategy.experimental_distribute_values_from_function(
    lambda ctx: tf.constant(ctx.replica_id_in_sync_group * 3 + 1))
put_replicas("values_from_function", strategy.run(lambda v: v * 2, args=(values,)))


# ---------------------------------------------------------------- fit / evaluate / predict (keras tutorial style)
def fit_program(name, use_dataset):
    x, y = data(40)
    x_val, y_val = data(11, offset=50)
    x_eval, y_eval = data(37, offset=200)
    with strategy.scope():
        model = create_model()
        model.compile(optimizer=keras.optimizers.Adam(0.05), loss=keras.losses.SparseCategoricalCrossentropy(
            from_logits=True), metrics=["accuracy"])
    lrs = []

    class RecordLR(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            lrs.append(read_learning_rate(self.model))

    callbacks = [keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=0.02),
                 keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True),
                 RecordLR()]
    if use_dataset:
        # not shuffled: TF 2.21's Keras 3 `fit` under MirroredStrategy starts a seeded `shuffle` one pass later than
        # the same program on one device (its epoch 1 gets the order of the dataset's second pass), keraslike's
        # (on one device and on replicas) at the first pass, so seeded shuffles in `fit` are compared for coverage
        train = tf.data.Dataset.from_tensor_slices((x, y)).batch(8)
        history = model.fit(train, epochs=12, validation_data=tf.data.Dataset.from_tensor_slices(
            (x_val, y_val)).batch(4), callbacks=callbacks, verbose=0)
    else:
        history = model.fit(x, y, batch_size=8, epochs=12, shuffle=False, validation_data=(x_val, y_val),
                            validation_batch_size=4, callbacks=callbacks, verbose=0)
    put(f"{name}_history", {k: [float(v) for v in vs] for k, vs in sorted(history.history.items())})
    put(f"{name}_epochs_run", len(history.history["loss"]))
    put(f"{name}_lrs", lrs)
    put(f"{name}_stopped_epoch", callbacks[1].stopped_epoch)
    put(f"{name}_weights", model.get_weights())
    put(f"{name}_evaluate", [float(v) for v in model.evaluate(x_eval, y_eval, batch_size=8, verbose=0)])
    put(f"{name}_evaluate_dataset", [float(v) for v in model.evaluate(
        tf.data.Dataset.from_tensor_slices((x_eval, y_eval)).batch(6), verbose=0)])
    put(f"{name}_predict", model.predict(x_eval, batch_size=8, verbose=0))
    put(f"{name}_predict_dataset", model.predict(tf.data.Dataset.from_tensor_slices(x_eval).batch(6), verbose=0))


def keras_tutorial_program():
    """fit on a distributed model with per-epoch weight checkpoints and a learning-rate schedule, then the weights
    of epoch 2 loaded into a new model made in scope and evaluated (an odd number of rows)."""
    x, y = data(48)
    x_eval, y_eval = data(19, offset=300)
    with strategy.scope():
        model = create_model()
        model.compile(optimizer=keras.optimizers.Adam(), metrics=["accuracy"],
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    folder = tempfile.mkdtemp()
    lrs = []

    class ReadLR(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            lrs.append(read_learning_rate(self.model))

    callbacks = [keras.callbacks.ModelCheckpoint(os.path.join(folder, "ckpt_{epoch}.weights.h5"),
                                                 save_weights_only=True),
                 keras.callbacks.LearningRateScheduler(lambda epoch: 0.08 / (1 + epoch)), ReadLR()]
    history = model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(16), epochs=4, callbacks=callbacks,
                        verbose=0)
    put("keras_tutorial_loss", history.history["loss"])
    put("keras_tutorial_lrs", lrs)
    put("keras_tutorial_files", sorted(os.listdir(folder)))
    with strategy.scope():
        restored = create_model()
        restored.compile(optimizer=keras.optimizers.Adam(), metrics=["accuracy"],
                         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    restored.load_weights(os.path.join(folder, "ckpt_2.weights.h5"))
    put("keras_tutorial_restored", restored.get_weights())
    put("keras_tutorial_evaluate", restored.evaluate(
        tf.data.Dataset.from_tensor_slices((x_eval, y_eval)).batch(8), verbose=0))


keras_tutorial_program()


def custom_train_step_program():
    """fit of a functional model whose own `train_step` calls a loss object and `apply_gradients` (Keras 3's
    guide to customizing `fit`), with its own loss tracker; global batch 8 of 40 rows."""
    x, y = data(40)

    class CustomModel(keras.Model):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
            self.loss_tracker = keras.metrics.Mean(name="loss")

        def train_step(self, data):
            features, labels = data
            with tf.GradientTape() as tape:
                loss = self.loss_fn(labels, self(features, training=True))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.loss_tracker.update_state(loss)
            return {"loss": self.loss_tracker.result()}

        @property
        def metrics(self):
            return [self.loss_tracker]

    with strategy.scope():
        inputs = keras.Input(shape=(N_FEATURES,))
        hidden = keras.layers.Dense(5, activation="relu")(inputs)
        model = CustomModel(inputs, keras.layers.Dense(N_CLASSES)(hidden))
        fixed_weights(model)
        model.compile(optimizer=keras.optimizers.SGD(0.3))
    history = model.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)
    put("custom_train_step_loss", history.history["loss"])
    put("custom_train_step_weights", model.get_weights())


try:
    custom_train_step_program()
except ValueError as exc:  # Keras 2 only: a loss with the default reduction under a strategy
    put("custom_train_step_program_error", type(exc).__name__)
fit_program("fit_arrays", use_dataset=False)
fit_program("fit_dataset", use_dataset=True)

with open(f"{OUT}.rank{LOCAL_IDS[0]}.json" if BACKEND == "keraslike" else OUT, "w") as f:
    json.dump(record, f, indent=1, sort_keys=True)
print("tutorial programs done")
