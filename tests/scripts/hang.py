"""Worker: one replica hangs mid-training (issue 13 item 1); the job must name it and stop.

Usage:
    KERASLIKE_REPLICA_TIMEOUT=S python tests/scripts/hang.py MODE

MODE (the hang starts in epoch 2, after the first collectives):
    python - replica 1 spins in a Python loop inside a callback (`spin_forever`)
    io     - replica 1 blocks reading a socket that never receives data (`wait_for_bytes`)
    chief  - the chief sleeps in chief-only code (`chief_only_work`) while replica 1 waits in a collective
"""

import socket
import sys
import time

import numpy as np

import keraslike as tf


def spin_forever():
    n = 0
    while True:
        n += 1


def wait_for_bytes():
    a, b = socket.socketpair()
    a.recv(1)


def chief_only_work():
    time.sleep(3600)


class Hang(tf.keras.callbacks.Callback):
    def __init__(self, mode, rank):
        super().__init__()
        self.mode, self.rank = mode, rank

    def on_train_batch_end(self, batch, logs=None):
        if self.epoch < 1 or batch != 1:
            return
        if (self.mode == "chief") == (self.rank == 0):
            print(f"hang starts at {time.time():.2f}", file=sys.stderr, flush=True)
        if self.mode == "python" and self.rank == 1:
            spin_forever()
        elif self.mode == "io" and self.rank == 1:
            wait_for_bytes()
        elif self.mode == "chief" and self.rank == 0:
            chief_only_work()

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch


def main():
    mode = sys.argv[1]
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    x = np.random.normal(size=(64, 4)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
        model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    print("training", flush=True)
    model.fit(x, y, batch_size=8, epochs=3, verbose=0, callbacks=[Hang(mode, strategy._rank)])
    print("finished without a hang", flush=True)


if __name__ == "__main__":
    main()
