"""Simple MNIST convnet (keras-io's example), run unchanged on keraslike.

Two convolution + max-pooling blocks, dropout and a softmax classifier (34,826 parameters), trained
with Adam on categorical crossentropy (`keras.utils.to_categorical` labels), batch 128, 10% of the
training data held out for validation. Data: MNIST from the Keras cache
(`~/.keras/datasets/mnist.npz`, or under `$KERAS_HOME`) when that file is there; otherwise, with no
download attempt, scikit-learn's bundled 8x8 digits, upsampled 3x and zero-padded to 28x28x1.

Run:
    python examples/mnist_convnet.py                  # 15 epochs, as keras-io
    python examples/mnist_convnet.py --epochs 3
    python examples/mnist_convnet.py --quick          # 2 epochs (MNIST: on a 6,000-image subset)
                                                      # (or KERASLIKE_EXAMPLE_QUICK=1)

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    data: scikit-learn digits, upsampled to 28x28 (no MNIST file in the Keras cache)
    x_train shape: (1500, 28, 28, 1)
    1500 train samples
    297 test samples
    Model: "sequential"  (the summary table: conv2d (None, 26, 26, 32) 320 ... dense (None, 10) 16,010)
     Total params: 34,826 (136.04 KB)
    Epoch 1/2
    11/11 ━━━━━━━━━━━━━━━━━━━━ 17s 2s/step - accuracy: 0.2674 - loss: 2.2156 - val_accuracy: 0.8200 - va ...
    Epoch 2/2
    11/11 ━━━━━━━━━━━━━━━━━━━━ 16s 1s/step - accuracy: 0.5778 - loss: 1.8405 - val_accuracy: 0.7800 - va ...
    Test loss: 1.5122126340866089
    Test accuracy: 0.747474730014801
"""

import argparse
import os

import numpy as np

import keraslike as tf
from keraslike import keras
from keraslike._src.keras.datasets import files

NUM_CLASSES, INPUT_SHAPE = 10, (28, 28, 1)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=None, help="default 15 (2 with --quick)")
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1",
                        help="2 epochs, on a 6,000-image MNIST subset (also KERASLIKE_EXAMPLE_QUICK=1)")
    args = parser.parse_args()
    if args.epochs is None:
        args.epochs = 2 if args.quick else 15
    return args


def load_data(quick):
    """`(x_train, y_train), (x_test, y_test), source`: images scaled to [0, 1], shape (n, 28, 28, 1)."""
    if os.path.exists(os.path.join(files.cache_dir(), "mnist.npz")):   # never download here
        (x_train, y_train), (x_test, y_test) = tf.keras.datasets.mnist.load_data()
        if quick:
            x_train, y_train, x_test, y_test = x_train[:6000], y_train[:6000], x_test[:2000], y_test[:2000]
        x_train, x_test = x_train.astype("float32") / 255, x_test.astype("float32") / 255
        return (x_train[..., None], y_train), (x_test[..., None], y_test), "MNIST (Keras cache)"
    from sklearn.datasets import load_digits
    digits = load_digits()
    images = digits.images.astype("float32") / 16.0                  # (1797, 8, 8) in [0, 1]
    images = images.repeat(3, axis=1).repeat(3, axis=2)               # (1797, 24, 24)
    images = np.pad(images, ((0, 0), (2, 2), (2, 2)))[..., None]      # (1797, 28, 28, 1)
    split = 1500
    return ((images[:split], digits.target[:split]), (images[split:], digits.target[split:]),
            "scikit-learn digits, upsampled to 28x28 (no MNIST file in the Keras cache)")


def build_model():
    return keras.Sequential([
        keras.Input(shape=INPUT_SHAPE),
        keras.layers.Conv2D(32, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Conv2D(64, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(NUM_CLASSES, activation="softmax"),
    ])


def main():
    args = parse_args()
    keras.utils.set_random_seed(0)
    (x_train, y_train), (x_test, y_test), source = load_data(args.quick)
    print(f"data: {source}")
    print("x_train shape:", x_train.shape)
    print(x_train.shape[0], "train samples")
    print(x_test.shape[0], "test samples")
    y_train = keras.utils.to_categorical(y_train, NUM_CLASSES)
    y_test = keras.utils.to_categorical(y_test, NUM_CLASSES)

    model = build_model()
    model.summary()
    model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
    model.fit(x_train, y_train, batch_size=128, epochs=args.epochs, validation_split=0.1)

    score = model.evaluate(x_test, y_test, verbose=0)
    print("Test loss:", score[0])
    print("Test accuracy:", score[1])


if __name__ == "__main__":
    main()
