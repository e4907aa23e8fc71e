"""Worker: the usual TF order, strategy first, then temp paths, ids, clocks and unseeded draws (issue 21 item 6).

Usage:
    python tests/scripts/one_program_after.py OUTDIR

After `MirroredStrategy()`: `tempfile.mkdtemp()`, a run id from `uuid4`, a log dir from `datetime.now()`, an
unseeded `np.random.permutation` split, then `fit` with `CSVLogger`/`ModelCheckpoint`/`TensorBoard` writing
into those paths and every replica reading the files back. Calls made on the chief only (before the shared
ones, to show they shift nothing) and on replica 1 only (to show nothing waits for ever), plus the other
sources: `os.urandom`, `random.Random()`, `np.random.RandomState()`, `default_rng()`, `time.strftime`,
`NamedTemporaryFile`, `TemporaryDirectory`, `tf.random.Generator.from_non_deterministic_state()`, and a
helper called from two lines. Every replica writes OUTDIR/rank<r>.json with what it saw.
"""

import datetime
import json
import os
import random
import sys
import tempfile
import time
import uuid
from datetime import datetime as Datetime

import numpy as np

import keraslike as tf

out = sys.argv[1]
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
task_type, task_id = strategy.cluster_resolver.task_type, strategy.cluster_resolver.task_id
is_chief = task_type is None or task_type == "chief" or (task_type == "worker" and task_id == 0)
seen = {}
if is_chief:  # chief-only calls first: they must not shift what the shared calls below return
    seen["chief_only"] = [tempfile.mkdtemp(), str(uuid.uuid4()), time.time(), str(datetime.datetime.now()),
                          os.urandom(4).hex(), random.Random().random(), float(np.random.default_rng().random())]
    os.rmdir(seen["chief_only"][0])
else:  # a replica-only clock reading: the chief never makes it, the replica must not wait for ever
    started = time.monotonic()
    seen["replica_only"] = [time.time(), str(Datetime.now())]
    seen["replica_only_wait_s"] = time.monotonic() - started


def make_dir(tag):
    return tempfile.mkdtemp(prefix=tag)


tmp = tempfile.mkdtemp()
run_id = uuid.uuid4().hex[:8]
log_dir = os.path.join(tmp, "logs", datetime.datetime.now().strftime("%Y%m%d-%H%M%S.%f"))
stamp = Datetime.now().isoformat()
seen.update(
    tmp=tmp, run_id=run_id, log_dir=log_dir, stamp=stamp, strftime=time.strftime("%Y%m%d-%H%M%S"),
    time=time.time(), time_ns=time.time_ns(), uuid1=str(uuid.uuid1()), urandom=os.urandom(8).hex(),
    random_inst=random.Random().random(), random_state=float(np.random.RandomState().rand()),
    rng=float(np.random.default_rng().random()), helper=[make_dir("a"), make_dir("b")],
    date=str(datetime.date.today()),
    tf_generator=tf.random.Generator.from_non_deterministic_state().normal([3]).numpy().tolist(),
)
with tempfile.NamedTemporaryFile(suffix=".txt", dir=tmp, delete=False) as named:
    seen["named"] = named.name
holder = tempfile.TemporaryDirectory(dir=tmp)
seen["tempdir"] = holder.name

x = np.random.RandomState(0).normal(size=(40, 4)).astype("float32")
y = (x[:, 0] - x[:, 1] > 0).astype("int64")
order = np.random.permutation(len(x))  # unseeded split, made after the strategy
train, val = order[:32], order[32:]
seen["order"] = order.tolist()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
ckpt = os.path.join(tmp, run_id, "best.keras")
csv_path = os.path.join(tmp, f"{run_id}.csv")
callbacks = [tf.keras.callbacks.CSVLogger(csv_path), tf.keras.callbacks.ModelCheckpoint(ckpt),
             tf.keras.callbacks.TensorBoard(log_dir=log_dir)]
model.fit(x[train], y[train], validation_data=(x[val], y[val]), batch_size=8, epochs=2, verbose=0,
          callbacks=callbacks)
with open(csv_path) as f:  # chief-only callbacks' files exist for every replica when fit returns
    seen["csv"] = f.read()
seen["ckpt_pred"] = tf.keras.models.load_model(ckpt).predict(x[:4], verbose=0).tolist()
seen["tensorboard"] = sorted(os.listdir(log_dir))
seen["after_fit_time"] = time.time()
seen["rank"] = strategy._rank
with open(os.path.join(out, f"rank{strategy._rank}.json"), "w") as f:
    json.dump(seen, f)
holder.cleanup()  # the chief's instance removes it; replica 1's never does
