"""Multi-worker training with MultiWorkerMirroredStrategy: TF_CONFIG, or torchrun --nnodes.

Each worker is one process (one replica) running this same script; the strategy learns who is who
from the environment. Keras `fit` trains the digits MLP with a GLOBAL batch of
`64 * number of workers`, as in TF's "Multi-worker training with Keras" tutorial; only the chief
(worker 0) prints Keras progress.

Run:
    # 1. Plainly: this process starts two workers itself on 127.0.0.1 (two free ports, two TF_CONFIGs)
    python examples/multi_worker_tf_config.py
    python examples/multi_worker_tf_config.py --quick            # or KERASLIKE_EXAMPLE_QUICK=1

    # 2. By hand with TF_CONFIG, in two shells (the first listed task hosts the rendezvous):
    TF_CONFIG='{"cluster":{"worker":["127.0.0.1:12345","127.0.0.1:12346"]},"task":{"type":"worker","index":0}}' \
        python examples/multi_worker_tf_config.py
    TF_CONFIG='{"cluster":{"worker":["127.0.0.1:12345","127.0.0.1:12346"]},"task":{"type":"worker","index":1}}' \
        python examples/multi_worker_tf_config.py
    # (on real machines put their host names in "worker"; run the index-i command on machine i)

    # 3. With torchrun, one command per node (here both on this machine, two shells):
    torchrun --nnodes=2 --nproc_per_node=1 --node_rank=0 --master_addr=127.0.0.1 --master_port=29400 \
        examples/multi_worker_tf_config.py
    torchrun --nnodes=2 --nproc_per_node=1 --node_rank=1 --master_addr=127.0.0.1 --master_port=29400 \
        examples/multi_worker_tf_config.py

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    starting worker 0: TF_CONFIG={"cluster": {"worker": ["127.0.0.1:50437", "127.0.0.1:53563"]}, "task": ...
    starting worker 1: TF_CONFIG={"cluster": {"worker": ["127.0.0.1:50437", "127.0.0.1:53563"]}, "task": ...
    Epoch 1/2
    12/12 - 0s - 6ms/step - accuracy: 0.1187 - loss: 2.3069
    Epoch 2/2
    12/12 - 0s - 3ms/step - accuracy: 0.3047 - loss: 2.0942
    worker worker:0 of 2: final loss 2.0942, test accuracy 0.4007
    worker worker:1 of 2: final loss 2.0942, test accuracy 0.4007
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import time

PER_WORKER_BATCH_SIZE = 64


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="workers to start when run plainly")
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    args = parser.parse_args()
    if args.quick:
        args.epochs = 2
    return args


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch_workers(num_workers, timeout=600):
    """Start `num_workers` copies of this script, each with its own TF_CONFIG; return the exit status."""
    cluster = {"worker": [f"127.0.0.1:{free_port()}" for _ in range(num_workers)]}
    procs = []
    for index in range(num_workers):
        tf_config = {"cluster": cluster, "task": {"type": "worker", "index": index}}
        sys.stdout.write(f"starting worker {index}: TF_CONFIG={json.dumps(tf_config)}\n")
        sys.stdout.flush()
        env = dict(os.environ, TF_CONFIG=json.dumps(tf_config))
        procs.append(subprocess.Popen([sys.executable, os.path.abspath(__file__), *sys.argv[1:]], env=env))
    deadline = time.time() + timeout
    while any(p.poll() is None for p in procs) and time.time() < deadline:
        if any(p.returncode not in (None, 0) for p in procs):       # one failed: stop the others
            break
        time.sleep(0.2)
    for p in procs:
        if p.poll() is None:
            p.terminate()
    codes = [p.wait() for p in procs]
    return max(codes, key=abs)


def train(args):
    from sklearn.datasets import load_digits

    import keraslike as tf

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    resolver = strategy.cluster_resolver
    num_workers = strategy.num_replicas_in_sync
    global_batch_size = PER_WORKER_BATCH_SIZE * num_workers
    tf.keras.utils.set_random_seed(0)
    digits = load_digits()
    x = (digits.data / 16.0).astype("float32")                  # every worker loads the same data;
    y = digits.target.astype("int64")                          # fit gives each its share of a global batch
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input(shape=(64,)), tf.keras.layers.Dense(64, activation="relu"),
                                     tf.keras.layers.Dense(10)])
        model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      metrics=["accuracy"])
    history = model.fit(x[:1500], y[:1500], batch_size=global_batch_size, epochs=args.epochs, verbose=2)
    loss, accuracy = model.evaluate(x[1500:], y[1500:], batch_size=global_batch_size, verbose=0)
    # one write per line: the workers share this terminal (or pipe)
    sys.stdout.write(f"worker {resolver.task_type}:{resolver.task_id} of {num_workers}: final loss "
                     f"{history.history['loss'][-1]:.4f}, test accuracy {accuracy:.4f}\n")
    sys.stdout.flush()


def main():
    args = parse_args()
    launched = "TF_CONFIG" in os.environ or "RANK" in os.environ   # by a launcher, or by launch_workers
    if launched:
        train(args)
    else:
        sys.exit(launch_workers(args.workers))


if __name__ == "__main__":
    main()
