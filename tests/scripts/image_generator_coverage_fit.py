"""Worker for tests/keras/preprocessing/test_image_generator_replicas.py: which images does each replica train on
when fitting `ImageDataGenerator().flow(...)` (shuffled, augmented, unseeded) under MirroredStrategy?

Usage:
    python tests/scripts/image_generator_coverage_fit.py OUT --replicas 2

Image i is constant with value i (rotation and flips keep it so), 27 images, global batch 8 (last batch 3), 3
epochs. A layer rounds the mean pixel back to the id and remembers the ids seen in training. Each replica writes
OUT.rank<r>.npz with `ids_<epoch>`.
"""

import argparse

import numpy as np

import keraslike as tf

keras = tf.keras
N, BATCH, EPOCHS = 27, 8, 3


class Record(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, inputs, training=None):
        if training:
            self.seen.append(inputs.mean(dim=(1, 2, 3)).detach().round().long().cpu().numpy())
        return keras.ops.reshape(inputs, (-1, 16)) * 0.01


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    x = np.broadcast_to(np.arange(N, dtype="float32")[:, None, None, None], (N, 4, 4, 1)).copy()
    y = (np.arange(N) % 2).astype("float32")
    with strategy.scope():
        record = Record()
        model = keras.Sequential([keras.Input((4, 4, 1)), record, keras.layers.Dense(1, activation="sigmoid")])
        model.compile(optimizer="sgd", loss="binary_crossentropy")
    seen = []

    class EpochIds(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            seen.append(np.concatenate(record.seen))
            record.seen.clear()

    generator = keras.preprocessing.image.ImageDataGenerator(rotation_range=40, horizontal_flip=True,
                                                              vertical_flip=True, fill_mode="nearest")
    model.fit(generator.flow(x, y, batch_size=BATCH), epochs=EPOCHS, verbose=0, callbacks=[EpochIds()])
    np.savez(f"{args.out}.rank{strategy._rank}.npz", **{f"ids_{e}": ids for e, ids in enumerate(seen)})
    print(f"image generator coverage done on replica {strategy._rank} of {strategy.num_replicas_in_sync}")


if __name__ == "__main__":
    main()
