"""Mixed precision: float16/bfloat16 compute with float32 weights.

TF's "Mixed precision" guide: `keras.mixed_precision.set_global_policy("mixed_float16")` (GPU) or
`"mixed_bfloat16"` (CPU), the model's last activation kept in float32, then `fit` as usual. When
this keraslike version has no `keras.mixed_precision` yet, the script says so and shows the torch
route instead, which works with any keraslike model because it is a `torch.nn.Module`: the
forward pass under `torch.autocast` (bfloat16, so no loss scaling is needed) inside a
`tf.GradientTape` step, weights and optimizer state in float32.

Run:
    python examples/mixed_precision.py
    python examples/mixed_precision.py --quick        # or KERASLIKE_EXAMPLE_QUICK=1

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    Compute dtype: bfloat16; variable dtype: float32
    8/8 - 1s - 67ms/step - accuracy: 0.1826 - loss: 2.0498
    final accuracy: 0.1826
"""

import argparse
import os

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


def make_data(n, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 64)).astype("float32")
    y = (x[:, :8].argmax(axis=1)).astype("int64")
    return x, y


def build_model(last_activation_dtype=None):
    inputs = keras.Input(shape=(64,))
    x = keras.layers.Dense(256, activation="relu")(inputs)
    x = keras.layers.Dense(256, activation="relu")(x)
    x = keras.layers.Dense(8)(x)
    outputs = keras.layers.Activation("softmax", dtype=last_activation_dtype)(x)   # float32 output (guide)
    return keras.Model(inputs, outputs)


def with_keras_policy(mixed_precision, x, y, epochs, on_gpu):
    policy = mixed_precision.Policy("mixed_float16" if on_gpu else "mixed_bfloat16")
    mixed_precision.set_global_policy(policy)
    print(f"Compute dtype: {policy.compute_dtype}; variable dtype: {policy.variable_dtype}")
    model = build_model(last_activation_dtype="float32")
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = model.fit(x, y, batch_size=128, epochs=epochs, verbose=2)
    mixed_precision.set_global_policy("float32")
    return history.history["accuracy"][-1]


def with_torch_autocast(x, y, epochs, device_type):
    model = build_model()
    optimizer = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.SparseCategoricalCrossentropy()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=0).batch(128)
    accuracy = keras.metrics.SparseCategoricalAccuracy()
    device = model.trainable_variables[0].device
    for epoch in range(epochs):
        accuracy.reset_state()
        for features, labels in dataset:
            features, labels = features.to(device), labels.to(device)     # where the weights are
            with tf.GradientTape() as tape:
                with torch.autocast(device_type=device_type, dtype=torch.bfloat16):
                    probs = model(features, training=True)       # matmuls in bfloat16
                loss = loss_fn(labels, probs.float())             # loss in float32
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            accuracy.update_state(labels, probs.float())
        print(f"Epoch {epoch + 1}: loss {loss.numpy():.4f}, accuracy {float(accuracy.result()):.4f}, "
              f"weights {model.trainable_variables[0].dtype}")
    return float(accuracy.result())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    args = parser.parse_args()
    epochs = 1 if args.quick else args.epochs
    tf.keras.utils.set_random_seed(0)
    x, y = make_data(1024 if args.quick else 8192)
    on_gpu = bool(tf.config.list_physical_devices("GPU"))
    mixed_precision = getattr(keras, "mixed_precision", None)
    if mixed_precision is not None and hasattr(mixed_precision, "set_global_policy"):
        accuracy = with_keras_policy(mixed_precision, x, y, epochs, on_gpu)
    else:
        print("keras.mixed_precision is not available in this keraslike version; "
              "showing torch.autocast(bfloat16) around a keraslike model instead.")
        accuracy = with_torch_autocast(x, y, epochs, "cuda" if on_gpu else "cpu")
    print(f"final accuracy: {accuracy:.4f}")


if __name__ == "__main__":
    main()
