"""tf.distribute values on two replicas, written once and run on real TF (golden) and on keraslike.

Usage: python distribute_values.py OUT.json tensorflow|keraslike
Real TF runs two logical CPUs in one process; keraslike one process per replica (the chief writes OUT).
Each probe records values and dtype names: `run` results, `reduce` (with and without axis, SUM/MEAN, int and
float), `gather`, `ReplicaContext.all_gather`, `experimental_distribute_values_from_function`, variables
created in scope with SUM/MEAN/ONLY_FIRST_REPLICA aggregation updated inside `run`; `strategy.extended`'s
update, reduce_to, batch_reduce_to, colocate_vars_with, value_container and update_non_slot.
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


# strategy.extended in cross-replica context: update, reduce_to, batch_reduce_to, update_non_slot
extended = strategy.extended
with strategy.scope():
    target = tf.Variable(1.0)
    with extended.colocate_vars_with(target):
        beside = tf.Variable(2.0)
put("colocated_var", beside)
per_replica = strategy.run(lambda: tf.cast(replica_id(), tf.float32) + 1.0)
updated = extended.update(target, lambda var, x, y: var.assign_add(x * y), args=(tf.constant(2.0),),
                          kwargs={"y": 3.0})
record["update_type"] = type(updated).__name__
put("update_result", strategy.experimental_local_results(updated)[0])
put("update_var", target)
ungrouped = extended.update(target, lambda var: var.assign_sub(1.0), group=False)
record["update_ungrouped_type"] = type(ungrouped).__name__
put("update_ungrouped_var", target)
extended.update(target, lambda var, x: var.assign(x), args=(per_replica,))
put("update_per_replica_arg", target)  # each replica's copy takes its own component (TF: replica 0's is read)
target.assign(7.0)
for op in ("SUM", "MEAN"):
    to_var = extended.reduce_to(op, per_replica, target)
    record[f"reduce_to_var_{op}_type"] = type(to_var).__name__
    put(f"reduce_to_var_{op}", strategy.experimental_local_results(to_var)[0])
    to_device = extended.reduce_to(op, per_replica, "/cpu:0")
    record[f"reduce_to_device_{op}_is_tensor"] = tf.is_tensor(to_device)
    put(f"reduce_to_device_{op}", to_device)
    put(f"reduce_to_ints_{op}", extended.reduce_to(op, strategy.run(lambda: replica_id() + 1), "/cpu:0"))
put("reduce_to_plain_MEAN", extended.reduce_to("MEAN", tf.constant(3.0), target))
try:
    extended.reduce_to("SUM", tf.constant(3.0), target)
    record["reduce_to_plain_SUM"] = "no error"
except ValueError:
    record["reduce_to_plain_SUM"] = "ValueError"
doubled = strategy.run(lambda: tf.cast(replica_id(), tf.float32) * 2.0)
batch = extended.batch_reduce_to("SUM", [(per_replica, target), (doubled, "/cpu:0")])
put("batch_reduce_to_0", strategy.experimental_local_results(batch[0])[0])
put("batch_reduce_to_1", batch[1])


def reduce_in_replica():
    try:
        extended.reduce_to("SUM", tf.constant(1.0), target)
        return tf.constant(0)
    except RuntimeError:
        return tf.constant(1)


put("reduce_to_in_run_raises", strategy.reduce("SUM", strategy.run(reduce_in_replica), axis=None))
strategy.run(lambda: extended.update(target, lambda var: var.assign_add(1.0)))
put("update_in_run", target)  # TF's merge_call: each copy updated once, not aggregated
record["value_container_is_var"] = extended.value_container(target) is target
devices = extended.non_slot_devices([target])
non_slot = extended.update_non_slot(devices, lambda x: x + 1.0, args=(tf.constant(4.0),))
record["update_non_slot_type"] = type(non_slot).__name__
put("update_non_slot", strategy.experimental_local_results(non_slot)[0])
python_number = strategy.run(lambda: 3.0)
record["run_python_number"] = [type(python_number).__name__, python_number if isinstance(python_number, float)
                              else None]
try:
    strategy.reduce("SUM", python_number, axis=None)
    record["run_python_number_SUM"] = "no error"
except ValueError:
    record["run_python_number_SUM"] = "ValueError"
returned_var = strategy.run(lambda: target)
record["run_variable_is_variable"] = isinstance(returned_var, tf.Variable)
put("run_variable_MEAN", strategy.reduce("MEAN", returned_var, axis=None))
identical = strategy.run(lambda: tf.constant(4.0))
record["run_identical_type"] = type(identical).__name__
put("run_identical_SUM", strategy.reduce("SUM", identical, axis=None))
put("run_identical_MEAN", strategy.reduce("MEAN", identical, axis=None))


def replica_spec(spec):
    """One replica's spec: TF (every replica in one process) wraps them in a PerReplicaSpec; keraslike's process
    holds one replica and gives its spec as is (README, "Where keraslike differs")."""
    return repr(tf.nest.map_structure(lambda s: s._value_specs[0] if hasattr(s, "_value_specs") else s, spec))


for name, batch, drop in (("even", 16, True), ("partial", 16, False), ("uneven", 15, True)):
    dist = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensors(([1.0], [2])).repeat(100).batch(batch, drop_remainder=drop))
    record[f"element_spec_{name}"] = replica_spec(dist.element_spec)
    record[f"iterator_element_spec_{name}"] = replica_spec(iter(dist).element_spec)

if BACKEND == "tensorflow" or strategy.cluster_resolver.task_id == 0:  # the chief writes (one process per replica)
    with open(OUT, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
