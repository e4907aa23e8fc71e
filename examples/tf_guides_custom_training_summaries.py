"""TF's "custom training with TensorBoard summaries" tutorial pattern, unchanged but for the import.

A `tf.GradientTape` loop over a `tf.data` pipeline with Keras metrics, writing train and test
scalars, a weight histogram and an input-image summary through `tf.summary.create_file_writer`
(one writer per split, as the tutorial does), then reading the event files back with TensorBoard's
reader. The data are deterministic, so the printed metrics are those real TensorFlow 2.21 prints
for the same script (`import tensorflow as tf`).

Run:
    python examples/tf_guides_custom_training_summaries.py [--logdir DIR]
    python examples/tf_guides_custom_training_summaries.py --quick    # the same: it already runs in seconds

Expected output:
    epoch 1 train loss 0.5835 accuracy 0.9375 test loss 0.3486 accuracy 0.9375
    epoch 2 train loss 0.2813 accuracy 1.0000 test loss 0.2445 accuracy 0.9375
    epoch 3 train loss 0.2062 accuracy 1.0000 test loss 0.2008 accuracy 0.9375
    train tags: ['accuracy', 'images', 'kernel', 'loss']
    test tags: ['accuracy', 'loss']
    train loss steps: [0, 1, 2]
"""

import argparse
import os
import tempfile

import numpy as np

import keraslike as tf


def make_data():
    xs = np.sin(np.arange(64 * 4, dtype=np.float32).reshape(64, 4) * 0.7).astype(np.float32)
    ys = (xs @ np.array([1.0, -1.0, 0.5, 0.25], np.float32) > 0).astype(np.int32)
    return (xs[::2], ys[::2]), (xs[1::2], ys[1::2])


def main(logdir):
    (x_train, y_train), (x_test, y_test) = make_data()
    train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(8)
    test_ds = tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(16)
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(4,)),
        tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant(0.1), name="dense"),
    ])
    model.layers[0].kernel.assign(np.array([[0.3, -0.2], [-0.1, 0.2], [0.2, -0.3], [-0.2, 0.1]], np.float32))
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.5)
    train_loss, test_loss = tf.keras.metrics.Mean(), tf.keras.metrics.Mean()
    train_acc, test_acc = tf.keras.metrics.SparseCategoricalAccuracy(), tf.keras.metrics.SparseCategoricalAccuracy()
    train_writer = tf.summary.create_file_writer(os.path.join(logdir, "train"))
    test_writer = tf.summary.create_file_writer(os.path.join(logdir, "test"))

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        train_loss(loss)
        train_acc(y, model(x, training=False))

    for epoch in range(3):
        for x, y in train_ds:
            train_step(x, y)
        with train_writer.as_default():
            tf.summary.scalar("loss", train_loss.result(), step=epoch)
            tf.summary.scalar("accuracy", train_acc.result(), step=epoch)
            tf.summary.histogram("kernel", model.layers[0].kernel, step=epoch)
            tf.summary.image("images", tf.reshape((x_train[:2] + 1.0) / 2.0, [2, 2, 2, 1]), step=epoch)
        for x, y in test_ds:
            logits = model(x, training=False)
            test_loss(loss_fn(y, logits))
            test_acc(y, logits)
        with test_writer.as_default():
            tf.summary.scalar("loss", test_loss.result(), step=epoch)
            tf.summary.scalar("accuracy", test_acc.result(), step=epoch)
        print(f"epoch {epoch + 1} train loss {float(train_loss.result()):.4f} accuracy {float(train_acc.result()):.4f} "
              f"test loss {float(test_loss.result()):.4f} accuracy {float(test_acc.result()):.4f}")
        for metric in (train_loss, test_loss, train_acc, test_acc):
            metric.reset_state()
    train_writer.flush()
    test_writer.flush()
    report(logdir)


def report(logdir):
    from tensorboard.backend.event_processing import event_accumulator

    tags = {}
    for split in ("train", "test"):
        acc = event_accumulator.EventAccumulator(os.path.join(logdir, split), size_guidance={"tensors": 0})
        acc.Reload()
        tags[split] = acc
        print(f"{split} tags: {sorted(acc.Tags()['tensors'])}")
    print(f"train loss steps: {[e.step for e in tags['train'].Tensors('loss')]}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logdir", default=None, help="keep the event files here (default: a temporary directory)")
    parser.add_argument("--quick", action="store_true", help="the examples' shared flag; this run is already short")
    args = parser.parse_args()
    if args.logdir:
        main(args.logdir)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(tmp)
