"""A TF1 program, unchanged but for the import: graph, placeholders, feed_dict, Session, Saver, TensorBoard.

The structure of the TF1 tutorials "MNIST for ML beginners" / "Deep MNIST for experts": after
`tf.disable_v2_behavior()`, a two-layer network is built once from placeholders with `tf.layers.dense`
under a `variable_scope`, trained with `tf.train.AdamOptimizer(...).minimize(loss, global_step=...)` by
`sess.run(train_op, feed_dict=...)`, evaluated, saved with `tf.train.Saver`, restored into a fresh
graph and session, and its loss written with `tf.summary.scalar` + `tf.summary.FileWriter`. Data:
scikit-learn's bundled 8x8 digits (no download). To run it on real TensorFlow, change the import to
`import tensorflow.compat.v1 as tf`.

Run:
    python examples/tf1_mnist_graph.py
    python examples/tf1_mnist_graph.py --quick     # 2 epochs (or KERASLIKE_EXAMPLE_QUICK=1)

Expected output of `--quick` (values of this unseeded run differ from run to run; real TF 2.21 prints the
same three lines with similar values):

    step 12: loss 1.48, test accuracy 0.70
    step 24: loss 0.79, test accuracy 0.80
    restored step 24: test accuracy 0.80
"""

import argparse
import os
import tempfile

import numpy as np
from sklearn.datasets import load_digits

import keraslike.compat.v1 as tf


def build():
    x = tf.placeholder(tf.float32, [None, 64], name="x")
    with tf.variable_scope("mlp"):
        hidden = tf.layers.dense(x, 64, activation=tf.nn.relu, name="hidden")
        logits = tf.layers.dense(hidden, 10, name="logits")
    step = tf.train.get_or_create_global_step()
    return x, logits, step


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    parser.add_argument("--epochs", type=int, default=None)
    args = parser.parse_args()
    epochs = args.epochs or (2 if args.quick else 10)

    digits = load_digits()
    images = (digits.images.reshape(-1, 64) / 16.0).astype(np.float32)
    labels = digits.target.astype(np.int64)
    x_train, y_train, x_test, y_test = images[:1500], labels[:1500], images[1500:], labels[1500:]

    tf.disable_v2_behavior()
    logdir = tempfile.mkdtemp(prefix="tf1_mnist_")
    with tf.Graph().as_default():
        x, logits, step = build()
        y = tf.placeholder(tf.int64, [None], name="y")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        train_op = tf.train.AdamOptimizer(0.005).minimize(loss, global_step=step)
        accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
        tf.summary.scalar("loss", loss)
        merged = tf.summary.merge_all()
        saver = tf.train.Saver()
        with tf.Session() as sess:
            writer = tf.summary.FileWriter(logdir, sess.graph)
            sess.run(tf.global_variables_initializer())
            for _ in range(epochs):
                order = np.random.permutation(len(x_train))
                for i in range(0, len(order), 128):
                    batch = order[i:i + 128]
                    _, loss_value, summary, n = sess.run([train_op, loss, merged, step],
                                                         feed_dict={x: x_train[batch], y: y_train[batch]})
                    writer.add_summary(summary, n)
                test_accuracy = sess.run(accuracy, feed_dict={x: x_test, y: y_test})
                print(f"step {n}: loss {loss_value:.2f}, test accuracy {test_accuracy:.2f}")
            writer.close()
            path = saver.save(sess, os.path.join(logdir, "model.ckpt"), global_step=step)

    with tf.Graph().as_default():  # a fresh graph and session: only the checkpoint carries the weights
        x, logits, step = build()
        y = tf.placeholder(tf.int64, [None])
        accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
        with tf.Session() as sess:
            tf.train.Saver().restore(sess, path)
            print(f"restored step {sess.run(step)}: test accuracy "
                  f"{sess.run(accuracy, feed_dict={x: x_test, y: y_test}):.2f}")


if __name__ == "__main__":
    main()
