"""Time to the first training step, split by phase: keraslike vs plain torch (and tf.keras when importable).

Job: the digits-shaped MLP 64-64-10 (Adam, batch 64) on 1,797 synthetic samples, numpy arrays in, one
`fit` epoch stopped after its first step. Every measurement is a fresh process; the clock starts in
the parent just before it starts the process, so "interpreter start" includes Python's own start-up.

Phases (seconds since the process was started, and each phase's own length):
- keraslike, one device: interpreter start, `import torch`, `import keraslike` on top, model build
  (`Sequential` + `compile`), then inside the first `fit` call: data to device (the array adapter),
  model build on the first batch, strategy/DDP setup (`_prepare_training`), first step (to the end of
  `on_train_batch_end(0)`), everything else in `fit` before the step ("other").
- keraslike, `MirroredStrategy` on 2 logical CPUs under `python script.py`: the same, plus replica start
  (creating the strategy re-runs the script as replica 1 and joins the gloo group).
- torch: `import torch`, build (`nn.Sequential` + Adam), data to tensors, first step; and a hand-written
  2-process DDP job (started as torchrun would: two processes with RANK/WORLD_SIZE set) measured the
  same way on rank 0, process group and DDP wrapping included.
- tf.keras (real TensorFlow; only when `import tensorflow` works in this interpreter or the one named
  with `--tf-python`): `import tensorflow`, build, first step of `fit`.

Medians over `--repeats` fresh runs of each job, interleaved.

Run:
    python benchmarks/first_step.py                      # 3 repeats, all jobs
    python benchmarks/first_step.py --repeats 5 --tf-python /path/to/tf/venv/bin/python
    python benchmarks/first_step.py --jobs keraslike torch
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time

N, FEATURES, CLASSES, BATCH = 1797, 64, 10, 64
CLOCK = "FIRST_STEP_T0"


def since_start():
    return time.time() - float(os.environ[CLOCK])


def data():
    import numpy as np

    rng = np.random.default_rng(0)
    x = rng.normal(size=(N, FEATURES)).astype("float32")
    y = rng.integers(0, CLASSES, size=N).astype("int64")
    return x, y


class Marks:
    """Milestones (seconds since process start) in order; phases are the differences."""

    def __init__(self):
        self.marks = [("interpreter start", since_start())]

    def mark(self, name):
        self.marks.append((name, since_start()))

    def dump(self, extra=None):
        print("FIRST_STEP_JSON " + json.dumps({"marks": self.marks, "extra": extra or {}}), flush=True)


# ---- keraslike -----------------------------------------------------------------------------------
def _wrap_first_call(owner, name, record):
    """Time the first call of `owner.name` (skipped quietly when keraslike's internals moved)."""
    original = getattr(owner, name, None)
    if original is None:
        return

    def timed(*args, **kwargs):
        start = time.time()
        try:
            return original(*args, **kwargs)
        finally:
            record.setdefault(name, time.time() - start)

    setattr(owner, name, timed)


def child_keraslike(replicas):
    marks = Marks()
    import torch  # noqa: F401

    marks.mark("import torch")
    import keraslike as tf

    marks.mark("import keraslike")
    from keraslike._src.keras.trainers import data_adapter, trainer

    inside = {}
    _wrap_first_call(data_adapter, "make_adapter", inside)
    _wrap_first_call(trainer.Trainer, "_ensure_built", inside)
    _wrap_first_call(trainer.Trainer, "_prepare_training", inside)
    if replicas > 1:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(replicas)])
        marks.mark("replica start (strategy + gloo group)")
    else:
        strategy = tf.distribute.get_strategy()
    x, y = data()
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(FEATURES,)), tf.keras.layers.Dense(64, activation="relu"),
                                     tf.keras.layers.Dense(64, activation="relu"), tf.keras.layers.Dense(CLASSES)])
        model.compile(tf.keras.optimizers.Adam(1e-3),
                      tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    marks.mark("model build + compile")

    class FirstStep(tf.keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            if batch == 0:
                marks.mark("first fit call: first step done")
                self.model.stop_training = True

    fit_start = since_start()
    model.fit(x, y, batch_size=BATCH, epochs=1, verbose=0, shuffle=True, callbacks=[FirstStep()])
    if strategy.num_replicas_in_sync != replicas:
        raise SystemExit(f"expected {replicas} replicas, got {strategy.num_replicas_in_sync}")
    first_call = marks.marks[-1][1] - fit_start
    split = {"fit: data to device": inside.get("make_adapter"),
             "fit: model build on first batch": inside.get("_ensure_built"),
             "fit: strategy/DDP setup": inside.get("_prepare_training")}
    known = sum(v for v in split.values() if v is not None)
    split["fit: first step + other"] = first_call - known
    marks.dump(split)  # replica 1's stdout is dropped by the launcher: only the chief's line arrives


# ---- torch ---------------------------------------------------------------------------------------
def child_torch(ddp):
    marks = Marks()
    import torch

    marks.mark("import torch")
    rank = 0
    if ddp:
        import torch.distributed as dist

        torch.set_num_threads(max(1, (os.cpu_count() or 2) // 2))
        dist.init_process_group("gloo")
        rank = dist.get_rank()
        marks.mark("process group (gloo)")
    nn = torch.nn
    net = nn.Sequential(nn.Linear(FEATURES, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, CLASSES))
    if ddp:
        net = nn.parallel.DistributedDataParallel(net)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, eps=1e-7)
    marks.mark("model build" + (" + DDP wrap" if ddp else ""))
    x_np, y_np = data()
    x, y = torch.from_numpy(x_np), torch.from_numpy(y_np)
    marks.mark("data to tensors")
    order = torch.randperm(N)[:BATCH]
    if ddp:
        half = BATCH // 2
        order = order[rank * half:(rank + 1) * half]
    loss = nn.functional.cross_entropy(net(x[order]), y[order])
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    marks.mark("first step done")
    if rank == 0:
        marks.dump()
    if ddp:
        torch.distributed.destroy_process_group()


# ---- tf.keras ------------------------------------------------------------------------------------
def child_tf():
    marks = Marks()
    import tensorflow as tf

    marks.mark("import tensorflow")
    x, y = data()
    model = tf.keras.Sequential([tf.keras.Input(shape=(FEATURES,)), tf.keras.layers.Dense(64, activation="relu"),
                                 tf.keras.layers.Dense(64, activation="relu"), tf.keras.layers.Dense(CLASSES)])
    model.compile(tf.keras.optimizers.Adam(1e-3), tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    marks.mark("model build + compile")

    class FirstStep(tf.keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            if batch == 0:
                marks.mark("first fit call: first step done")
                self.model.stop_training = True

    model.fit(x, y, batch_size=BATCH, epochs=1, verbose=0, shuffle=True, callbacks=[FirstStep()])
    marks.dump()


CHILDREN = {"keraslike": lambda: child_keraslike(1), "keraslike-2replicas": lambda: child_keraslike(2),
            "torch": lambda: child_torch(False), "torch-ddp-2proc": lambda: child_torch(True), "tf.keras": child_tf}


# ---- parent --------------------------------------------------------------------------------------
def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_job(job, tf_python):
    python = tf_python if job == "tf.keras" else sys.executable
    command = [python, os.path.abspath(__file__), "--child", job]
    env = dict(os.environ, PYTHONUNBUFFERED="1", TF_CPP_MIN_LOG_LEVEL="3")
    env[CLOCK] = repr(time.time())
    if job == "torch-ddp-2proc":
        env.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(_free_port()), WORLD_SIZE="2")
        procs = [subprocess.Popen(command, env=dict(env, RANK=str(r), LOCAL_RANK=str(r)), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for r in range(2)]
        outs = [p.communicate(timeout=600) for p in procs]
        out, err, code = outs[0][0], outs[0][1] + outs[1][1], max(p.returncode for p in procs)
    else:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
        out, err, code = done.stdout, done.stderr, done.returncode
    lines = [line for line in out.splitlines() if line.startswith("FIRST_STEP_JSON ")]
    if code or not lines:
        raise RuntimeError(f"{job} failed (exit {code}):\n{err[-2000:]}")
    return json.loads(lines[-1][len("FIRST_STEP_JSON "):])


def tf_interpreter(requested):
    candidates = [requested] if requested else [sys.executable, "/work/tfvenv/bin/python", shutil.which("python3")]
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    for python in candidates:
        if python and os.path.exists(python) and subprocess.run(
                [python, "-c", "import tensorflow"], capture_output=True, env=env, timeout=300).returncode == 0:
            return python
    return None


def report(job, runs):
    names = [name for name, _ in runs[0]["marks"]]
    print(f"\n{job}  (median of {len(runs)} fresh processes)")
    print(f"  {'milestone':<44}{'at (s)':>9}{'phase (s)':>11}")
    previous = 0.0
    for i, name in enumerate(names):
        at = statistics.median(run["marks"][i][1] for run in runs)
        print(f"  {name:<44}{at:>9.3f}{at - previous:>11.3f}")
        previous = at
    for name in runs[0]["extra"]:
        values = [run["extra"][name] for run in runs if run["extra"].get(name) is not None]
        if values:
            print(f"    {name:<42}{'':>9}{statistics.median(values):>11.3f}")
    return statistics.median(run["marks"][-1][1] for run in runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", choices=sorted(CHILDREN), help=argparse.SUPPRESS)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", nargs="*", choices=sorted(CHILDREN))
    parser.add_argument("--tf-python", help="interpreter with TensorFlow for the tf.keras job")
    args = parser.parse_args()
    if args.child:
        CHILDREN[args.child]()
        return
    jobs = args.jobs or ["keraslike", "torch", "keraslike-2replicas", "torch-ddp-2proc", "tf.keras"]
    tf_python = tf_interpreter(args.tf_python) if "tf.keras" in jobs else None
    if "tf.keras" in jobs and tf_python is None:
        print("tf.keras: TensorFlow is not importable; skipped")
        jobs.remove("tf.keras")
    for job in jobs:  # warm the file cache
        run_job(job, tf_python)
    runs = {job: [] for job in jobs}
    for _ in range(args.repeats):
        for job in jobs:
            runs[job].append(run_job(job, tf_python))
    totals = {job: report(job, runs[job]) for job in jobs}
    print("\ntime to first step (s): " + ", ".join(f"{job} {t:.2f}" for job, t in totals.items()))


if __name__ == "__main__":
    main()
