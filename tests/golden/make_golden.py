"""Write the parity goldens: loss, metric, optimizer, schedule, regularizer and constraint values from real TF.

Run once under real TensorFlow (not keraslike), from the repository root:

    python3 -m venv /tmp/tfenv && /tmp/tfenv/bin/pip install tensorflow-cpu
    /tmp/tfenv/bin/python tests/golden/make_golden.py

It writes `tests/golden/{losses,metrics,optimizers,schedules,penalties}.npz`. Each case
stores its inputs, its expected outputs and a JSON `spec` (class name and
constructor kwargs), so `tests/keras/test_golden_parity.py` rebuilds the same
object in keraslike without TensorFlow. The case tables live in `cases.py`,
shared by both sides.
"""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import cases  # noqa: E402
import tensorflow as tf  # noqa: E402

keras = tf.keras
OUT = os.path.dirname(os.path.abspath(__file__))


def _build(module, spec):
    kwargs = dict(spec.get("kwargs", {}))
    if isinstance(kwargs.get("learning_rate"), dict):
        kwargs["learning_rate"] = keras.optimizers.schedules.deserialize(kwargs["learning_rate"])
    return getattr(module, spec["class"])(**kwargs)


def make_losses():
    out = {"versions": np.array(json.dumps({"tensorflow": tf.__version__, "keras": keras.__version__}))}
    for name, spec in cases.LOSS_CASES.items():
        y_true, y_pred = cases.inputs(spec["inputs"])
        sw = cases.sample_weight(len(y_true))
        loss = _build(keras.losses, spec)
        none = _build(keras.losses, {**spec, "kwargs": {**spec.get("kwargs", {}), "reduction": None}})
        out[f"{name}/spec"] = np.array(json.dumps(spec))
        out[f"{name}/y_true"], out[f"{name}/y_pred"], out[f"{name}/sw"] = y_true, y_pred, sw
        out[f"{name}/value"] = np.asarray(loss(y_true, y_pred), "float32")
        out[f"{name}/weighted"] = np.asarray(loss(y_true, y_pred, sample_weight=sw), "float32")
        out[f"{name}/none"] = np.asarray(none(y_true, y_pred), "float32")
    np.savez_compressed(os.path.join(OUT, "losses.npz"), **out)


def make_metrics():
    out = {}
    for name, spec in cases.METRIC_CASES.items():
        y_true, y_pred = cases.inputs(spec["inputs"])
        half = len(y_true) // 2
        sw = cases.sample_weight(len(y_true) - half)
        metric = _build(keras.metrics, spec)
        metric.update_state(y_true[:half], y_pred[:half])
        first = np.asarray(metric.result(), "float32")
        metric.update_state(y_true[half:], y_pred[half:], sample_weight=sw)
        out[f"{name}/spec"] = np.array(json.dumps(spec))
        out[f"{name}/y_true"], out[f"{name}/y_pred"], out[f"{name}/sw"] = y_true, y_pred, sw
        out[f"{name}/first"] = first
        out[f"{name}/value"] = np.asarray(metric.result(), "float32")
    np.savez_compressed(os.path.join(OUT, "metrics.npz"), **out)


def make_optimizers():
    w0, grads = cases.optimizer_problem()
    out = {"w0": w0, "grads": grads}
    for name, spec in cases.OPTIMIZER_CASES.items():
        opt = _build(keras.optimizers, spec)
        var = tf.Variable(w0)
        steps = []
        for g in grads:
            opt.apply_gradients([(tf.constant(g), var)])
            steps.append(var.numpy().copy())
        out[f"{name}/spec"] = np.array(json.dumps(spec))
        out[f"{name}/steps"] = np.stack(steps).astype("float32")
    np.savez_compressed(os.path.join(OUT, "optimizers.npz"), **out)


def make_schedules():
    out = {"steps": np.array(cases.SCHEDULE_STEPS)}
    for name, spec in cases.SCHEDULE_CASES.items():
        schedule = keras.optimizers.schedules.deserialize(spec)
        out[f"{name}/spec"] = np.array(json.dumps(spec))
        out[f"{name}/values"] = np.array([float(schedule(step)) for step in cases.SCHEDULE_STEPS], "float32")
    np.savez_compressed(os.path.join(OUT, "schedules.npz"), **out)


def make_penalties():
    w = cases.penalty_weight()
    out = {"w": w}
    for name, spec in cases.REGULARIZER_CASES.items():
        out[f"{name}/spec"] = np.array(json.dumps(spec))
        out[f"{name}/value"] = np.asarray(_build(keras.regularizers, spec)(tf.constant(w)), "float32")
    for name, spec in cases.CONSTRAINT_CASES.items():
        out[f"{name}/spec"] = np.array(json.dumps(spec))
        out[f"{name}/value"] = np.asarray(_build(keras.constraints, spec)(tf.constant(w)), "float32")
    np.savez_compressed(os.path.join(OUT, "penalties.npz"), **out)


if __name__ == "__main__":
    make_losses()
    make_metrics()
    make_optimizers()
    make_schedules()
    make_penalties()
    print("wrote goldens with TF", tf.__version__, "Keras", keras.__version__)
