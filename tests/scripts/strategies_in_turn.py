"""Worker script: several strategies made in turn, as tensorflow/docs guide/distributed_training.ipynb does.

Usage:
    python tests/scripts/strategies_in_turn.py OUT.npz

A two-replica MirroredStrategy re-runs the script as two processes; the one-device strategies made after
it (and the default strategy's `reduce`) must then be one replica in both processes, not a collective one
side waits for. The chief writes what each step saw.
"""

import sys

import numpy as np

import keraslike as tf


def main():
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    two = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    reduced = float(tf.distribute.get_strategy().reduce("SUM", 1.0, axis=None))  # the default strategy
    one = tf.distribute.MirroredStrategy()
    with one.scope():
        model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
        model.compile(loss="mse", optimizer=tf.keras.optimizers.SGD(0.1))
    history = model.fit(np.ones((20, 1)), np.zeros((20, 1)), batch_size=10, epochs=1, verbose=0)
    summed = float(two.reduce("SUM", two.run(lambda: tf.constant(1.0)), axis=None))
    if two.cluster_resolver is None or two.cluster_resolver.task_id == 0:
        np.savez(sys.argv[1], replicas=[two.num_replicas_in_sync, one.num_replicas_in_sync], reduced=reduced,
                 summed=summed, loss=history.history["loss"][0])


if __name__ == "__main__":
    main()
