"""Writes tests/golden/sidecar_evaluator/ under real TF 2.21 with Keras 2 (tf_keras), as the evaluator guide runs:
a training job saves `ModelCheckpoint(filepath='ckpt-{epoch}', save_weights_only=True)` checkpoints, then a
fresh model is evaluated on them by `tf.keras.utils.SidecarEvaluator(max_evaluations=2)`. Records the data and
the evaluator's model's `evaluate` results (and weights) after it stops.

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_sidecar_evaluator_golden.py
"""

import json
import os
import shutil

import numpy as np

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tensorflow as tf  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sidecar_evaluator")


def create_model():
    return tf.keras.models.Sequential([
        tf.keras.layers.Flatten(input_shape=(4, 4)),
        tf.keras.layers.Dense(8, activation="relu"),
        tf.keras.layers.Dropout(0.2),
        tf.keras.layers.Dense(3),
    ])


def compiled(model):
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"], steps_per_execution=10, run_eagerly=True)
    return model


rng = np.random.default_rng(0)
x = rng.random((96, 4, 4)).astype("float32")
y = (x.reshape(96, 16)[:, :3].argmax(axis=1)).astype("int64")
tf.keras.utils.set_random_seed(1)
shutil.rmtree(HERE, ignore_errors=True)
ckpt_dir = os.path.join(HERE, "checkpoints")
os.makedirs(ckpt_dir)
trained = compiled(create_model())
trained.fit(x, y, epochs=2, batch_size=16, verbose=0, callbacks=[tf.keras.callbacks.ModelCheckpoint(
    filepath=os.path.join(ckpt_dir, "ckpt-{epoch}"), save_weights_only=True)])
with open(os.path.join(ckpt_dir, "checkpoint"), "w") as f:  # relative paths, so the folder can move
    f.write('model_checkpoint_path: "ckpt-2"\nall_model_checkpoint_paths: "ckpt-1"\n'
            'all_model_checkpoint_paths: "ckpt-2"\n')

evaluator_model = compiled(create_model())
data = tf.data.Dataset.from_tensor_slices((x, y)).batch(32)
tf.keras.utils.SidecarEvaluator(model=evaluator_model, data=data, checkpoint_dir=ckpt_dir, max_evaluations=2).start()
metrics = {m.name: float(m.result()) for m in evaluator_model.metrics}
out = {
    "x": x.tolist(), "y": y.tolist(),
    "metrics_after_start": metrics,
    "evaluate": [float(v) for v in evaluator_model.evaluate(data, verbose=0)],
    "weights": [w.tolist() for w in evaluator_model.get_weights()],
    "iterations": int(evaluator_model.optimizer.iterations.numpy()),
}
with open(os.path.join(HERE, "golden.json"), "w") as f:
    json.dump(out, f)
print(out["metrics_after_start"], out["evaluate"], out["iterations"])
