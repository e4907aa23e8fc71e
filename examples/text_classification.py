"""TF's "Basic text classification", on a generated folder of movie reviews, under MirroredStrategy.

A small corpus of positive and negative reviews (sentences drawn from fixed word lists; no download) is
written as one `.txt` file per review in `pos/` and `neg/`. `keras.utils.text_dataset_from_directory`
reads it (80/20 seeded split), a `TextVectorization` layer is adapted on the training texts and maps
the datasets to token ids, and an Embedding model trains on every GPU, else on 2 CPU replicas over gloo.
An export model (TextVectorization + the model + sigmoid) then evaluates the raw validation texts and
predicts new sentences.

Run:
    python examples/text_classification.py             # all GPUs, else 2 CPU replicas
    python examples/text_classification.py --replicas 1
    python examples/text_classification.py --quick     # 3 epochs (or KERASLIKE_EXAMPLE_QUICK=1)

Expected output of `--quick` on a 2-core machine without GPUs (values differ run to run):

    Found 600 files belonging to 2 classes.
    Using 480 files for training.
    Using 120 files for validation.
    Vocabulary: 31 tokens, first ['', '[UNK]', 'film', 'really', 'actor', 'br', 'again', 'movie']
    Number of devices: 2
    Epoch 1/3
    15/15 - 8s - 525ms/step - binary_accuracy: 0.7292 - loss: 0.6381 - val_binary_accuracy: 0.8917 - val_loss: 0.5323
    Epoch 2/3
    15/15 - 0s - 7ms/step - binary_accuracy: 0.9583 - loss: 0.4259 - val_binary_accuracy: 0.9750 - val_loss: 0.2963
    Epoch 3/3
    15/15 - 0s - 9ms/step - binary_accuracy: 0.9917 - loss: 0.2246 - val_binary_accuracy: 0.9667 - val_loss: 0.1541
    Export model accuracy on raw texts: 0.9667
    Model accuracy on token ids: 0.9667
    'A brilliant, wonderful film.' -> 0.61
    'Boring and awful. A waste.' -> 0.18
"""

import argparse
import os

import numpy as np

import keraslike as tf

keras = tf.keras

POSITIVE = ["great", "wonderful", "loved", "brilliant", "superb", "fun", "moving", "beautiful"]
NEGATIVE = ["awful", "boring", "hated", "terrible", "dull", "waste", "painful", "mess"]
NEUTRAL = ["the", "movie", "film", "plot", "actor", "was", "and", "a", "it", "story", "really", "<br />", "again!"]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=None, help="default 10 (3 with --quick)")
    parser.add_argument("--replicas", type=int, default=2, help="CPU replicas when there is no GPU")
    parser.add_argument("--data-dir", default=os.path.join(os.path.expanduser("~"), ".keras", "datasets",
                                                           "generated_reviews"))
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    args = parser.parse_args()
    if args.epochs is None:
        args.epochs = 3 if args.quick else 10
    return args


def write_reviews(root, per_class=300):
    """`root/{pos,neg}/review_NNNN.txt`, the same files every run; each written atomically."""
    rng = np.random.RandomState(0)
    for label, words in (("neg", NEGATIVE), ("pos", POSITIVE)):
        folder = os.path.join(root, label)
        os.makedirs(folder, exist_ok=True)
        for i in range(per_class):
            n = rng.randint(8, 40)
            tokens = [rng.choice(words) if rng.rand() < 0.25 else rng.choice(NEUTRAL) for _ in range(n)]
            text = " ".join(tokens).capitalize() + "."
            path = os.path.join(folder, f"review_{i:04d}.txt")
            if not os.path.exists(path):  # replicas may write the same files at once: each its own temp file
                tmp = f"{path}.{os.getpid()}.tmp"
                with open(tmp, "w") as f:
                    f.write(text)
                os.replace(tmp, path)


def make_strategy(cpu_replicas):
    if tf.config.list_physical_devices("GPU"):
        return tf.distribute.MirroredStrategy()
    if cpu_replicas > 1:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * cpu_replicas)
        return tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(cpu_replicas)])
    return tf.distribute.OneDeviceStrategy("/cpu:0")


def main():
    args = parse_args()
    strategy = make_strategy(args.replicas)  # before any tensor exists (logical CPUs are set up first)
    write_reviews(args.data_dir)
    raw_train_ds, raw_val_ds = keras.utils.text_dataset_from_directory(
        args.data_dir, batch_size=32, validation_split=0.2, subset="both", seed=42)

    max_features, sequence_length = 1000, 40
    vectorize_layer = keras.layers.TextVectorization(max_tokens=max_features, output_mode="int",
                                                     output_sequence_length=sequence_length)
    vectorize_layer.adapt(raw_train_ds.map(lambda text, label: text))
    vocabulary = vectorize_layer.get_vocabulary()
    print(f"Vocabulary: {len(vocabulary)} tokens, first {vocabulary[:8]}")

    def vectorize_text(text, label):
        return vectorize_layer(tf.expand_dims(text, -1)), label

    train_ds = raw_train_ds.map(vectorize_text).cache().prefetch(tf.data.AUTOTUNE)
    val_ds = raw_val_ds.map(vectorize_text).cache().prefetch(tf.data.AUTOTUNE)

    print(f"Number of devices: {strategy.num_replicas_in_sync}")
    with strategy.scope():
        model = keras.Sequential([
            keras.layers.Embedding(max_features, 16),
            keras.layers.Dropout(0.2),
            keras.layers.GlobalAveragePooling1D(),
            keras.layers.Dropout(0.2),
            keras.layers.Dense(1),
        ])
        model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=True), optimizer=keras.optimizers.Adam(0.02),
                      metrics=[keras.metrics.BinaryAccuracy(threshold=0.0)])
    model.fit(train_ds, validation_data=val_ds, epochs=args.epochs, verbose=2)

    with strategy.scope():
        export_model = keras.Sequential([vectorize_layer, model, keras.layers.Activation("sigmoid")])
        export_model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=False), optimizer="adam",
                             metrics=["accuracy"])
    metrics = export_model.evaluate(raw_val_ds, return_dict=True, verbose=0)
    vectorized = model.evaluate(val_ds, return_dict=True, verbose=0)
    print(f"Export model accuracy on raw texts: {metrics['accuracy']:.4f}")
    print(f"Model accuracy on token ids: {vectorized['binary_accuracy']:.4f}")  # the same texts, the same model
    examples = ["A brilliant, wonderful film.", "Boring and awful. A waste."]
    for text, p in zip(examples, export_model.predict(tf.constant(examples), verbose=0)[:, 0]):
        print(f"{text!r} -> {p:.2f}")


if __name__ == "__main__":
    main()
