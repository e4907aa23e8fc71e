"""Fully sharded training on CPU processes: per-process peak memory (1 vs 2 processes) and step time against a
hand-written torch FSDP2 loop on the same model.

Job: an MLP of `--layers` Dense(`--width`) layers (ReLU between), Adam, global batch 16 of random data, `--steps`
timed steps after 2 warm-up steps. Parameters + Adam's two slots are `3 * 4 * params` bytes: the default
(8 x 2048 x 2048, 33.6M parameters) is ~400 MB; `--width 4608` gives ~2 GB.
- keraslike, 1 process: `model.fit`, no distribution.
- keraslike, 2 processes: `tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])` (the script re-runs itself) and
  `tf.distribute.experimental.fully_shard(model)`, then the same `fit` on the same global batches.
- torch, 2 processes: `torch.distributed.fsdp.fully_shard` on each `nn.Linear` and the root, torch Adam, the same
  global batch split in two, a plain loop.
Memory: each process's peak resident set (`ru_maxrss`) and its growth over the resident set just before the
model is made (what the model, its gradients, optimizer state and activations add: the interpreter and torch's
own ~300 MB are the same in every process). Every worker runs with `MALLOC_MMAP_THRESHOLD_=131072`: glibc's
default threshold rises after the first large free, after which freed weight-sized blocks stay in the heap and
the resident set keeps every block ever freed (a 2-process run then looked no smaller than 1 process).
Targets: 2-process growth <= 0.6x the 1-process growth; keraslike's
step time <= 1.1x the torch FSDP2 loop's.

Run:
    python benchmarks/fully_sharded.py                  # ~400 MB model
    python benchmarks/fully_sharded.py --width 4608     # ~2 GB model
"""

import argparse
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

BATCH = 16


def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def data(width, steps):
    rng = np.random.default_rng(0)
    n = BATCH * steps
    return rng.normal(size=(n, width)).astype("float32"), rng.normal(size=(n, width)).astype("float32")


def keraslike_worker(args):
    import keraslike as tf  # noqa: PLC0415 - the benchmark's subject, imported in its own process

    keras = tf.keras
    if args.procs == 2:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
        strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    else:
        strategy = tf.distribute.get_strategy()
    x, y = data(args.width, args.steps + 2)
    base = rss_mb()
    with strategy.scope():
        layers = [keras.Input((args.width,))]
        for i in range(args.layers):
            layers.append(keras.layers.Dense(args.width, activation="relu" if i < args.layers - 1 else None))
        model = keras.Sequential(layers)
        if args.procs == 2:
            tf.distribute.experimental.fully_shard(model)
        model.compile(keras.optimizers.Adam(1e-4), "mse")
    model.fit(x[:2 * BATCH], y[:2 * BATCH], batch_size=BATCH, epochs=1, shuffle=False, verbose=0)
    start = time.perf_counter()
    model.fit(x[2 * BATCH:], y[2 * BATCH:], batch_size=BATCH, epochs=1, shuffle=False, verbose=0)
    step = (time.perf_counter() - start) / args.steps
    rank = strategy._rank
    report(args, rank, base, step)


def torch_worker(args):
    import torch.distributed as dist  # noqa: PLC0415 - only the reference loop needs it
    from torch.distributed.fsdp import fully_shard  # noqa: PLC0415 - only the reference loop needs it

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.set_num_threads(1)
    x, y = data(args.width, args.steps + 2)
    base = rss_mb()
    mods = []
    for i in range(args.layers):
        mods.append(torch.nn.Linear(args.width, args.width))
        if i < args.layers - 1:
            mods.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*mods)
    for m in model:
        if isinstance(m, torch.nn.Linear):
            fully_shard(m)
    fully_shard(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    local = BATCH // world

    def step(i):
        rows = slice(i * BATCH + rank * local, i * BATCH + (rank + 1) * local)
        xb, yb = torch.from_numpy(x[rows]), torch.from_numpy(y[rows])
        opt.zero_grad(set_to_none=True)
        loss = ((model(xb) - yb) ** 2).mean() * (local / BATCH) * world  # mean over the global batch (FSDP averages)
        loss.backward()
        opt.step()

    for i in range(2):
        step(i)
    start = time.perf_counter()
    for i in range(2, args.steps + 2):
        step(i)
    report(args, rank, base, (time.perf_counter() - start) / args.steps)
    dist.destroy_process_group()


def report(args, rank, base, step):
    with open(f"{args.out}.{rank}.json", "w") as f:
        json.dump({"base_mb": base, "peak_mb": peak_mb(), "step_s": step}, f)


def run(kind, procs, args, tmp):
    out = os.path.join(tmp, f"{kind}{procs}")
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", kind, "--procs", str(procs), "--out", out,
           "--width", str(args.width), "--layers", str(args.layers), "--steps", str(args.steps)]
    env = dict(os.environ, OMP_NUM_THREADS="1", MALLOC_MMAP_THRESHOLD_="131072")
    if kind == "torch":
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        procs_ = [subprocess.Popen(cmd, env=dict(env, RANK=str(r), WORLD_SIZE=str(procs), LOCAL_RANK=str(r),
                                                 MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port)))
                  for r in range(procs)]
        codes = [p.wait() for p in procs_]
    else:
        codes = [subprocess.run(cmd, env=env).returncode]
    if any(codes):
        raise SystemExit(f"{kind} x{procs} failed: {codes}")
    return [json.load(open(f"{out}.{r}.json")) for r in range(procs)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--width", type=int, default=2048)
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--worker")
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.worker == "keraslike":
        return keraslike_worker(args)
    if args.worker == "torch":
        return torch_worker(args)
    params = args.layers * (args.width * args.width + args.width)
    print(f"model: {args.layers} x Dense({args.width}), {params / 1e6:.1f}M parameters, parameters + Adam state "
          f"{3 * 4 * params / 2**20:.0f} MB; global batch {BATCH}, {args.steps} timed steps")
    with tempfile.TemporaryDirectory() as tmp:
        one = run("keraslike", 1, args, tmp)
        two = run("keraslike", 2, args, tmp)
        ref = run("torch", 2, args, tmp)
    grow = lambda r: r["peak_mb"] - r["base_mb"]  # noqa: E731
    g1, g2, gt = grow(one[0]), max(grow(r) for r in two), max(grow(r) for r in ref)
    p1, p2, pt = one[0]["peak_mb"], max(r["peak_mb"] for r in two), max(r["peak_mb"] for r in ref)
    s1, s2, st = one[0]["step_s"], max(r["step_s"] for r in two), max(r["step_s"] for r in ref)
    print(f"{'run':34s} {'peak RSS MB':>12s} {'growth MB':>10s} {'step s':>8s}")
    print(f"{'keraslike 1 process':34s} {p1:12.0f} {g1:10.0f} {s1:8.3f}")
    print(f"{'keraslike 2 processes, fully_shard':34s} {p2:12.0f} {g2:10.0f} {s2:8.3f}")
    print(f"{'torch FSDP2 loop, 2 processes':34s} {pt:12.0f} {gt:10.0f} {st:8.3f}")
    print(f"per-process memory growth, 2 vs 1 process: {g2 / g1:.2f}x (target <= 0.6x); peak RSS {p2 / p1:.2f}x")
    print(f"step time, keraslike fully_shard vs torch FSDP2 loop: {s2 / st:.2f}x (target <= 1.1x)")


if __name__ == "__main__":
    main()
