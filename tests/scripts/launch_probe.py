"""Worker for launcher tests.

Usage:
    python tests/scripts/launch_probe.py OUTDIR MODE [extra args...]
    python -m tests.scripts.launch_probe OUTDIR MODE [extra args...]

MODE:
    argv   - record sys.argv and the replica count on every replica
    second - create two strategies and run two fits; record replica info
    loop   - record each replica's pid, then train for a long time (for Ctrl-C / kill tests)
    listen - after one fit, record the TCP addresses this process listens on (from /proc/net)
    who    - print and record who this process is, the way TF's multi-worker tutorial asks
    chdir  - move into OUTDIR/moved before the strategy exists; record where the process started
    MODES joined by commas (`who,listen,second`) run in that order in one launch.
"""

import ipaddress
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

import keraslike as tf


def strategy():
    cpu = tf.config.list_physical_devices("CPU")[0]
    try:
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    except RuntimeError:
        pass  # already initialised (second strategy)
    return tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def _decode(hex_addr):
    host, port = hex_addr.split(":")
    raw = bytes.fromhex(host)
    # /proc/net/tcp{,6} print each 32-bit word in host (little-endian) order
    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    return f"{ipaddress.ip_address(raw)}:{int(port, 16)}"


def listening_addresses():
    """`host:port` of every TCP socket this process has in LISTEN state."""
    inodes = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            link = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and fields[9] in inodes:  # 0A: TCP_LISTEN
                    found.append(_decode(fields[1]))
    return sorted(found)


def _is_chief(task_type, task_id):
    # TF's multi-worker tutorial (tensorflow/docs, multi_worker_with_keras): None means a single worker
    return task_type is None or task_type == "chief" or (task_type == "worker" and task_id == 0)


def main():
    out, modes = Path(sys.argv[1]), sys.argv[2].split(",")
    out.mkdir(parents=True, exist_ok=True)
    start_cwd = os.getcwd()
    if "chdir" in modes:  # a program that changes directory before the strategy re-launches it
        (out / "moved").mkdir(exist_ok=True)
        os.chdir(out / "moved")
    rng_before = int(np.random.default_rng().integers(1 << 62))  # unseeded, before the strategy
    s = strategy()
    rank = s._rank
    info = {"argv": sys.argv[1:], "replicas": s.num_replicas_in_sync, "pid": os.getpid(), "ppid": os.getppid(),
            "threads": __import__("torch").get_num_threads(),
            "start_cwd": start_cwd}
    x = np.random.default_rng(0).normal(size=(64, 4)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    if "who" in modes:
        resolver = s.cluster_resolver
        task_type, task_id = resolver.task_type, resolver.task_id
        info.update(rng_before=rng_before, rng_after=int(np.random.default_rng().integers(1 << 62)))
        info.update(task_type=task_type, task_id=task_id, is_chief=_is_chief(task_type, task_id),
                    should_checkpoint=s.extended.should_checkpoint,
                    should_save_summary=s.extended.should_save_summary)
        print(f"hello from {task_type}:{task_id}", flush=True)
    if "listen" in modes:
        with s.scope():
            m = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            m.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        m.fit(x, y, epochs=1, verbose=0)
        info["listening"] = listening_addresses()
    if "second" in modes:
        with s.scope():
            m1 = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            m1.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        m1.fit(x, y, epochs=1, verbose=0)
        s2 = strategy()
        with s2.scope():
            m2 = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            m2.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        h = m2.fit(x, y, epochs=2, verbose=0)
        m1.fit(x, y, epochs=1, verbose=0)
        try:  # more replicas than the program was re-run as: refused on every replica, naming the devices
            tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1", "/cpu:2"])
            info["third_error"] = None
        except ValueError as err:
            info["third_error"] = str(err)
        info.update(second_replicas=s2.num_replicas_in_sync, second_rank=s2._rank, epochs=len(h.history["loss"]),
                    pid_after=os.getpid())
    (out / f"rank{rank}.json").write_text(json.dumps(info))
    if "loop" in modes:
        with s.scope():
            model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
            model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        print("ready", flush=True)
        deadline = time.time() + 120
        while time.time() < deadline:
            model.fit(x, y, epochs=1, verbose=0)
    print(f"probe done {sys.argv[2]}", flush=True)


if __name__ == "__main__":
    main()
