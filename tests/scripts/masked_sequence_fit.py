"""Worker script: a masked sequence tagger under MirroredStrategy.

Usage:
    python tests/scripts/masked_sequence_fit.py OUT.npz --replicas 2

The tagger (`Embedding(mask_zero=True)` -> `LSTM(return_sequences=True)` -> `Dense`) starts from fixed
weights. It takes one `train_on_batch` step on a global batch whose halves (one per replica) keep very
different numbers of steps (also with a `"mean_with_sample_weight"` loss), fits 33 padded sequences in order
for one epoch (global batch 8; the last batch has one row, so replica 1 gets none), then fits them again
shuffled (unseeded, as users run) and `evaluate`s them (loss and metrics). The chief saves what the steps
returned and the weights after them, the first fit's history and weights, the final weights and the evaluate
results to OUT.npz, so a test can recompute them on one device.
"""

import argparse

import numpy as np

import keraslike as tf

STEPS = 7


def data():
    rng = np.random.default_rng(5)
    lengths = rng.integers(0, STEPS + 1, 33)
    lengths[:4] = [1, 2, 7, 7]  # the train_on_batch rows: replica 0 keeps 3 steps, replica 1 keeps 14
    tokens = rng.integers(1, 12, (33, STEPS)) * (np.arange(STEPS) < lengths[:, None])
    labels = rng.integers(0, 3, (33, STEPS))
    sample_weight = rng.uniform(0.5, 2.0, (33, STEPS)).astype("float32")
    return tokens.astype("int32"), labels.astype("int32"), sample_weight


def initial_weights():
    rng = np.random.default_rng(6)
    shapes = [(12, 4), (4, 20), (5, 20), (20,), (5, 3), (3,)]
    return [(rng.standard_normal(s) * 0.4).astype("float32") for s in shapes]


def build(reduction="sum_over_batch_size"):
    tokens = tf.keras.Input((STEPS,), dtype="int32")
    x = tf.keras.layers.Embedding(12, 4, mask_zero=True)(tokens)
    x = tf.keras.layers.LSTM(5, return_sequences=True)(x)
    model = tf.keras.Model(tokens, tf.keras.layers.Dense(3)(x))
    model.set_weights(initial_weights())
    model.compile(optimizer=tf.keras.optimizers.SGD(0.5),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=reduction),
                  metrics=["accuracy", tf.keras.metrics.SparseCategoricalCrossentropy(from_logits=True, name="xent")],
                  weighted_metrics=["accuracy"])
    return model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    tokens, labels, sample_weight = data()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    with strategy.scope():
        model = build()
        weighted_mean = build("mean_with_sample_weight")
    weighted_loss = weighted_mean.train_on_batch(tokens[:4], labels[:4], sample_weight=sample_weight[:4])
    step_loss = model.train_on_batch(tokens[:4], labels[:4])
    step_weights = model.get_weights()
    ordered = model.fit(tokens, labels, sample_weight=sample_weight, batch_size=8, epochs=1, verbose=0,
                        shuffle=False)
    fit_weights = model.get_weights()
    model.fit(tokens, labels, sample_weight=sample_weight, batch_size=8, epochs=1, verbose=0, shuffle=True)
    results = model.evaluate(tokens, labels, sample_weight=sample_weight, batch_size=8, verbose=0,
                             return_dict=True)
    if strategy._rank == 0:
        np.savez(args.out, replicas=strategy.num_replicas_in_sync, step_loss=np.asarray(step_loss),
                 **{f"step_w{i}": w for i, w in enumerate(step_weights)},
                 weighted_loss=np.asarray(weighted_loss),
                 **{f"weighted_w{i}": w for i, w in enumerate(weighted_mean.get_weights())},
                 **{f"fit_w{i}": w for i, w in enumerate(fit_weights)},
                 **{f"fit_{k}": np.asarray(v) for k, v in ordered.history.items()},
                 **{f"w{i}": w for i, w in enumerate(model.get_weights())},
                 **{f"r_{k}": np.asarray(v) for k, v in results.items()})
    print(f"done on {strategy.num_replicas_in_sync} replica(s)")


if __name__ == "__main__":
    main()
