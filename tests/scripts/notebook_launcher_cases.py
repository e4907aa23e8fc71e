"""Worker for tests/launch/test_notebook_launcher.py: notebook_launcher called from a plain process.

Prints one line per case for the test to check: output routing, that the replicas joined one group,
a failing replica raising in the caller with its traceback and leaving no process behind, an
unpicklable result, argument errors.
"""

import os
import sys

import keraslike as tf


def hello():
    strategy = tf.distribute.MirroredStrategy()
    rank = int(os.environ["RANK"])
    print("chief says hello" if rank == 0 else "replica 1 says hello")
    if rank == 1:
        sys.stderr.write("replica 1 warns\n")
    ranks = strategy.reduce("SUM", strategy.run(lambda: tf.constant(float(rank))), axis=None)
    return rank, strategy.num_replicas_in_sync, float(ranks)


def broken():
    tf.distribute.MirroredStrategy()
    if os.environ["RANK"] == "1":
        raise ValueError("broken on replica 1")
    import time

    time.sleep(120)   # replica 0 would wait: the launcher must stop it


def unpicklable():
    return lambda: None


def children():
    """PIDs of this process's live children (from /proc: no helper process of our own is counted)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.append(int(entry))
    return found


rank, world, total = tf.distribute.notebook_launcher(hello, num_processes=2)
print(f"ranks 0/2 and 1/2 joined: {rank == 0 and world == 2 and total == 1.0}")
try:
    tf.distribute.notebook_launcher(broken, num_processes=2)
except RuntimeError as err:
    print(f"failure: RuntimeError: {err}")
print(f"leftover replicas: {len(children())}")
try:
    tf.distribute.notebook_launcher(unpicklable, num_processes=1)
except RuntimeError as err:
    print(f"unpicklable: RuntimeError: {err}")
errors = []
for call in (lambda: tf.distribute.notebook_launcher(None, num_processes=1),
             lambda: tf.distribute.notebook_launcher(hello, num_processes="2"),
             lambda: tf.distribute.notebook_launcher(hello, num_processes=-1)):
    try:
        call()
    except (TypeError, ValueError) as err:
        errors.append(type(err).__name__)
print("errors:", " ".join(errors))
