"""Write tests/golden/keraslike_checkpoints/ with keraslike (run from the repository root with keraslike's
Python), for `check_tf_reads_keraslike.py` to load in real TF:

    python tests/golden/make_keraslike_checkpoints.py
    /work/tfvenv/bin/python tests/golden/check_tf_reads_keraslike.py

Cases: vars (`Checkpoint(v=, step=, nested=Checkpoint(w=))`.save), module (a tf.Module with nested modules, a
list and a dict of variables), keras (a Sequential model + Adam after one step in `Checkpoint(model=,
optimizer=)`), weights (`model.save_weights(prefix)` of the same model, read by tf_keras's `load_weights`),
functional / functional_weights (a one-input functional model with Conv2D and BatchNormalization, in a
Checkpoint for Keras 3 and by `save_weights` for tf_keras).
expected.json holds what TF must find: values, predictions, and the weights after one more training step.
"""

import json
import os
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import keraslike as tf  # noqa: E402
import keraslike_checkpoint_cases as cases  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keraslike_checkpoints")


def trained_model():
    model = cases.make_model(tf.keras)
    model.set_weights(cases.dense_weights())
    model.train_on_batch(cases.X, cases.Y)
    return model


def write_all(root):
    """Write every case under `root`; returns what TF must read back."""
    shutil.rmtree(root, ignore_errors=True)
    expected = {}
    v = tf.Variable([1.0, 2.0, 3.0])
    ckpt = tf.train.Checkpoint(v=v, step=tf.Variable(7, dtype=tf.int64),
                               nested=tf.train.Checkpoint(w=tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float64)))
    ckpt.save(os.path.join(root, "vars", "ckpt"))
    expected["vars"] = {"v": [1.0, 2.0, 3.0], "step": 7, "w": [[1.0, 2.0], [3.0, 4.0]], "save_counter": 1}

    net = cases.make_module_classes(tf)()
    cases.fill_module(net)
    tf.train.Checkpoint(net=net).write(os.path.join(root, "module", "ckpt"))
    expected["module"] = {"prediction": net(cases.X).numpy().tolist()}

    model = trained_model()
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).write(os.path.join(root, "keras", "ckpt"))
    model.save_weights(os.path.join(root, "weights", "ckpt"))
    prediction = model.predict(cases.X, verbose=0).tolist()
    model.train_on_batch(cases.X, cases.Y)
    expected["keras"] = expected["weights"] = {
        "prediction": prediction, "iterations": 1,
        "weights_after_second_step": [w.tolist() for w in model.get_weights()]}

    functional = cases.make_functional(tf.keras)
    functional.set_weights(cases.functional_weights(functional))
    tf.train.Checkpoint(model=functional).write(os.path.join(root, "functional", "ckpt"))
    functional.save_weights(os.path.join(root, "functional_weights", "ckpt"))
    expected["functional"] = {"prediction": functional.predict(cases.IMAGES, verbose=0).tolist()}
    with open(os.path.join(root, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
    return expected


if __name__ == "__main__":
    write_all(ROOT)
    print("wrote", ROOT, sorted(os.listdir(ROOT)), np.__version__)
