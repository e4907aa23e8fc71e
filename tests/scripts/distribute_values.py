"""tf.distribute values on two replicas, written once and run on real TF (golden) and on keraslike.

Usage: python distribute_values.py OUT.json tensorflow|keraslike
Real TF runs two logical CPUs in one process; keraslike one process per replica (the chief writes OUT).
Each probe records values and dtype names: `run` results, `reduce` (with and without axis, SUM/MEAN, int and
float), `gather`, `ReplicaContext.all_gather`, `experimental_distribute_values_from_function`, variables
created in scope with SUM/MEAN/ONLY_FIRST_REPLICA aggregation updated inside `run`.
"""

import importlib
import json
import sys

OUT, BACKEND = sys.argv[1], sys.argv[2]
tf = importlib.import_module(BACKEND)

cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
record = {}


def put(name, value):
    value = tf.convert_to_tensor(value)
    record[name] = {"value": value.numpy().tolist(), "dtype": tf.as_dtype(value.dtype).name}


def replica_id():
    return tf.distribute.get_replica_context().replica_id_in_sync_group


ints = strategy.run(lambda: tf.cast(replica_id() + 1, tf.int32) * tf.constant([1, 2], tf.int32))
floats = strategy.run(lambda: tf.cast(replica_id(), tf.float32) + tf.constant([0.5, 1.5, 2.5]))
record["run_type"] = type(ints).__name__
for op in ("SUM", "MEAN"):
    put(f"ints_{op}", strategy.reduce(op, ints, axis=None))
    put(f"ints_{op}_axis0", strategy.reduce(op, ints, axis=0))
    put(f"floats_{op}", strategy.reduce(op, floats, axis=None))
    put(f"floats_{op}_axis0", strategy.reduce(op, floats, axis=0))
put("scalar_int_MEAN", strategy.reduce("MEAN", strategy.run(replica_id), axis=None))
put("plain_MEAN", strategy.reduce("MEAN", tf.constant(3), axis=None))
try:
    strategy.reduce("SUM", tf.constant(3), axis=None)
    record["plain_SUM"] = "no error"
except ValueError:
    record["plain_SUM"] = "ValueError"
put("gather_ints", strategy.gather(ints, axis=0))
rows = strategy.run(lambda: tf.fill([replica_id() + 1, 2], tf.cast(replica_id(), tf.float32)))
put("gather_uneven_rows", strategy.gather(rows, axis=0))
gathered = strategy.run(lambda: tf.distribute.get_replica_context().all_gather(
    tf.ones([1, 2]) * tf.cast(replica_id(), tf.float32), axis=0))
put("all_gather_in_run", strategy.experimental_local_results(gathered)[0])
from_fn = strategy.experimental_distribute_values_from_function(
    lambda ctx: tf.constant(float(ctx.replica_id_in_sync_group) * 10.0))
record["from_function_type"] = type(from_fn).__name__
put("from_function_SUM", strategy.reduce("SUM", from_fn, axis=None))
put("run_on_distributed_values", strategy.reduce("SUM", strategy.run(lambda v: v + 1.0, args=(from_fn,)), axis=None))

with strategy.scope():
    summed = tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM)
    meaned = tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN)
    first = tf.Variable(1.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
    counter = tf.Variable(0, aggregation=tf.VariableAggregation.SUM)
outside = tf.Variable(1.0)
record["created_in_scope"] = [strategy.extended.variable_created_in_scope(summed),
                              strategy.extended.variable_created_in_scope(outside)]


def update():
    rid = tf.cast(replica_id(), tf.float32)
    summed.assign_add(rid + 1.0)
    meaned.assign(rid + 5.0)
    first.assign(rid + 7.0)
    counter.assign_add(tf.cast(replica_id(), tf.int32) + 1)
    return summed.read_value()


seen = strategy.run(update)
put("sum_var", summed)
put("mean_var", meaned)
put("first_var", first)
put("counter_var", counter)
put("sum_var_read_in_run", strategy.experimental_local_results(seen)[0])
strategy.run(lambda: summed.assign_sub(tf.cast(replica_id(), tf.float32) + 0.5))
put("sum_var_after_sub", summed)



def replica_spec(spec):
    """One replica's spec: TF (every replica in one process) wraps them in a PerReplicaSpec; keraslike's process
    holds one replica and gives its spec as is (README, "Where keraslike differs")."""
    return repr(tf.nest.map_structure(lambda s: s._value_specs[0] if hasattr(s, "_value_specs") else s, spec))


for name, batch, drop in (("even", 16, True), ("partial", 16, False), ("uneven", 15, True)):
    dist = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensors(([1.0], [2])).repeat(100).batch(batch, drop_remainder=drop))
    record[f"element_spec_{name}"] = replica_spec(dist.element_spec)
    record[f"iterator_element_spec_{name}"] = replica_spec(iter(dist).element_spec)

if BACKEND == "tensorflow" or tf.distribute.get_replica_context().replica_id_in_sync_group == 0:
    with open(OUT, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
