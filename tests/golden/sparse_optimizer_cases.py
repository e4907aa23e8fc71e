"""Cases shared by `make_sparse_optimizer_golden.py` (real TF) and `tests/keras/optimizers/test_sparse_updates.py`.

An Embedding (or `tf.gather` / `tf.nn.embedding_lookup` of a variable) has a sparse gradient in TF: one slice per id
occurrence, duplicates included. Keras 3's optimizers update from those slices, so every squared (or absolute)
gradient term sums the squares of the occurrences of a row instead of squaring their sum. The data below repeat
ids within and across rows and leave some ids out, over several steps.
"""

import numpy as np

VOCAB, DIM, STEPS = 8, 4, 4

IDS = np.array([  # 4 batches of 3 rows of 6 ids: duplicates in a row and across rows; id 7 never occurs
    [[1, 2, 2, 0, 0, 0], [3, 1, 0, 0, 0, 0], [5, 5, 5, 2, 1, 0]],
    [[4, 4, 1, 0, 0, 0], [2, 6, 6, 6, 0, 0], [1, 1, 1, 1, 3, 0]],
    [[6, 5, 4, 3, 2, 1], [0, 0, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0]],
    [[3, 3, 3, 3, 3, 3], [1, 4, 0, 0, 0, 0], [5, 6, 2, 0, 0, 0]],
], dtype="int32")
Y = np.array([[[1.0], [0.0], [1.0]], [[0.0], [1.0], [1.0]], [[1.0], [0.0], [0.0]], [[0.0], [1.0], [1.0]]],
             dtype="float32")


def initial_weights():
    rng = np.random.RandomState(0)
    return [rng.uniform(-0.5, 0.5, (VOCAB, DIM)).astype("float32"), rng.uniform(-1, 1, (DIM, 1)).astype("float32"),
            np.array([0.1], "float32")]


# name -> (optimizer class, kwargs): Embedding -> GlobalAveragePooling1D -> Dense(1), mse, train_on_batch per step
MODEL_CASES = {
    "adam": ("Adam", {"learning_rate": 0.1}),
    "adam_amsgrad": ("Adam", {"learning_rate": 0.1, "amsgrad": True}),
    "adamw": ("AdamW", {"learning_rate": 0.05, "weight_decay": 0.1}),
    "rmsprop": ("RMSprop", {"learning_rate": 0.05}),
    "rmsprop_momentum": ("RMSprop", {"learning_rate": 0.05, "momentum": 0.5}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}),
    "adadelta": ("Adadelta", {"learning_rate": 1.0}),
    "adamax": ("Adamax", {"learning_rate": 0.1}),
    "nadam": ("Nadam", {"learning_rate": 0.1}),
    "ftrl": ("Ftrl", {"learning_rate": 0.1, "l1_regularization_strength": 0.001,
                      "l2_regularization_strength": 0.01, "l2_shrinkage_regularization_strength": 0.01}),
    "sgd": ("SGD", {"learning_rate": 0.5}),
    "sgd_nesterov": ("SGD", {"learning_rate": 0.5, "momentum": 0.9, "nesterov": True}),
    "lion": ("Lion", {"learning_rate": 0.01}),
    "lamb": ("Lamb", {"learning_rate": 0.05}),
    "adafactor": ("Adafactor", {"learning_rate": 0.1}),
    "muon": ("Muon", {"learning_rate": 0.05, "adam_lr_ratio": 1.0}),
    "adam_clipnorm": ("Adam", {"learning_rate": 0.1, "clipnorm": 0.05}),
    "adam_global_clipnorm": ("Adam", {"learning_rate": 0.1, "global_clipnorm": 0.05}),
    "adam_clipvalue": ("Adam", {"learning_rate": 0.1, "clipvalue": 0.01}),
    "adam_accumulation": ("Adam", {"learning_rate": 0.1, "gradient_accumulation_steps": 2}),
    "adam_ema": ("Adam", {"learning_rate": 0.1, "use_ema": True, "ema_momentum": 0.5}),
}

# `tf.keras.optimizers.legacy.*` (TF 2's optimizer_v2, run under TF_USE_LEGACY_KERAS=1): they sum duplicate
# occurrences first and several update only the rows present ("lazy"); same model and steps as MODEL_CASES
LEGACY_CASES = {
    "sgd_momentum": ("SGD", {"learning_rate": 0.5, "momentum": 0.9}),
    "sgd_nesterov": ("SGD", {"learning_rate": 0.5, "momentum": 0.9, "nesterov": True}),
    "adam": ("Adam", {"learning_rate": 0.1}),
    "adam_amsgrad": ("Adam", {"learning_rate": 0.1, "amsgrad": True}),
    "rmsprop": ("RMSprop", {"learning_rate": 0.05}),
    "rmsprop_centered_momentum": ("RMSprop", {"learning_rate": 0.05, "momentum": 0.5, "centered": True}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}),
    "adadelta": ("Adadelta", {"learning_rate": 1.0}),
    "adamax": ("Adamax", {"learning_rate": 0.1}),
    "nadam": ("Nadam", {"learning_rate": 0.1}),
    "ftrl": ("Ftrl", {"learning_rate": 0.1, "l1_regularization_strength": 0.001,
                      "l2_regularization_strength": 0.01, "l2_shrinkage_regularization_strength": 0.01}),
    # optimizer_v2 clips the occurrences (an IndexedSlices' values) before summing them
    "sgd_clipnorm": ("SGD", {"learning_rate": 0.5, "clipnorm": 0.05}),
    "sgd_global_clipnorm": ("SGD", {"learning_rate": 0.5, "global_clipnorm": 0.05}),
    "sgd_clipvalue": ("SGD", {"learning_rate": 0.5, "clipvalue": 0.01}),
    "adam_clipvalue": ("Adam", {"learning_rate": 0.1, "clipvalue": 0.01}),
}

# `tf.keras.optimizers.*` under TF_USE_LEGACY_KERAS=1 (tf_keras 2's optimizers, not optimizer_v2): they clip the
# occurrences, then sum duplicate ids (`_deduplicate_sparse_grad`) before the update rule, so a row moves as a dense
# row of the summed gradient; the MODEL_CASES that tf_keras has (no Lamb, Muon, gradient accumulation). Nadam runs
# eagerly (`run_eagerly=True`): in a traced train step tf_keras's Nadam advances its momentum product once per
# variable traced (a Python counter in a `tf.cond`), so graph and eager TF differ; keraslike computes the eager rule
KERAS2_CASES = {name: case for name, case in MODEL_CASES.items()
                if name not in ("lamb", "muon", "adam_accumulation")}
KERAS2_EAGER = ("nadam",)
KERAS2_LOOP_CASES = ("gather", "two_gathers", "clip_by_norm")

# TF 2's legacy Nadam on dense gradients (its momentum schedule, no learning-rate decay): variable, gradients
NADAM_START = np.array([[0.5, -0.3], [0.2, 0.1], [0.7, 0.7]], "float32")
NADAM_GRADS = np.array([[[1., 2.], [0., -1.], [0, 0]], [[0.5, -2.], [1., 1.], [0, 0]], [[0.5, -2.], [1., 1.], [3, 1]]],
                       "float32")

# custom GradientTape loops on a (VOCAB, DIM) variable `table`, Adam(0.1), `apply_gradients`, STEPS steps
LOOP_CASES = ("gather", "embedding_lookup", "keras_ops_take", "two_gathers", "gather_and_matmul", "gather_axis1",
              "clip_by_global_norm", "clip_by_norm")


def loop_loss(tf, case, table, ids, coef):
    """The loss of one step of a custom-loop case (`coef` a (DIM,) float32 array)."""
    if case == "gather":
        rows = tf.gather(table, ids)
    elif case == "embedding_lookup":
        rows = tf.nn.embedding_lookup(table, ids)
    elif case == "keras_ops_take":
        rows = tf.keras.ops.take(table, ids, axis=0)
    elif case == "two_gathers":  # two sparse uses: the slices are concatenated
        rows = tf.concat([tf.gather(table, ids), tf.gather(table, np.ascontiguousarray(ids[:, ::-1][:, :2]))], axis=1)
    elif case == "gather_and_matmul":  # a dense use too: the gradient is dense
        rows = tf.gather(table, ids) + tf.reduce_sum(tf.matmul(tf.ones((1, VOCAB)), table)) * 0.01
    elif case == "gather_axis1":  # a gather along axis 1 first: its gradient is dense in TF
        rows = tf.gather(tf.gather(table, np.array([3, 1, 2, 0]), axis=1), ids)
    else:  # clip_by_global_norm, clip_by_norm: the loss of `gather`, gradients clipped before applying
        rows = tf.gather(table, ids)
    return tf.reduce_sum(tf.square(tf.reduce_mean(rows, axis=1) * coef - 0.3))


COEF = np.array([1.0, -2.0, 0.5, 3.0], "float32")
