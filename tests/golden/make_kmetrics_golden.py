"""Write `tests/golden/kmetrics.npz`: values of the issue-10 metrics from real Keras 3.15 (TF 2.21).

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_kmetrics_golden.py

Each metric case stores its inputs, sample weights, a JSON spec, the result after the first half of the data
(unweighted) and after the second half (weighted). `tests/keras/test_kmetrics_golden_parity.py` rebuilds the
same object in keraslike and compares.
"""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import kmetrics_cases as cases  # noqa: E402
import tensorflow as tf  # noqa: E402

keras = tf.keras
OUT = os.path.dirname(os.path.abspath(__file__))


def make_metrics(out):
    for name, spec in cases.METRIC_CASES.items():
        y_true, y_pred = cases.inputs(spec["inputs"])
        half = len(y_true) // 2
        sw = cases.sample_weight(spec, y_true[half:])
        metric = getattr(keras.metrics, spec["class"])(**spec["kwargs"])
        metric.update_state(y_true[:half], y_pred[:half])
        first = np.asarray(metric.result(), "float32")
        metric.update_state(y_true[half:], y_pred[half:], sample_weight=sw)
        out[f"metric/{name}/spec"] = np.array(json.dumps(spec))
        out[f"metric/{name}/y_true"], out[f"metric/{name}/y_pred"], out[f"metric/{name}/sw"] = y_true, y_pred, sw
        out[f"metric/{name}/first"] = first
        out[f"metric/{name}/value"] = np.asarray(metric.result(), "float32")
        out[f"metric/{name}/config"] = np.array(json.dumps(metric.get_config()))


def make_losses(out):
    for name, spec in cases.LOSS_CASES.items():
        y_true, y_pred = cases.inputs(spec["inputs"])
        sw = np.random.default_rng(5).uniform(0.0, 2.0, size=len(y_true)).astype("float32")
        cls = getattr(keras.losses, spec["class"])
        out[f"loss/{name}/spec"] = np.array(json.dumps(spec))
        out[f"loss/{name}/y_true"], out[f"loss/{name}/y_pred"], out[f"loss/{name}/sw"] = y_true, y_pred, sw
        out[f"loss/{name}/value"] = np.asarray(cls(**spec["kwargs"])(y_true, y_pred), "float32")
        out[f"loss/{name}/weighted"] = np.asarray(cls(**spec["kwargs"])(y_true, y_pred, sample_weight=sw), "float32")
        out[f"loss/{name}/sum"] = np.asarray(cls(**spec["kwargs"], reduction="sum")(y_true, y_pred), "float32")
        out[f"loss/{name}/none"] = np.asarray(cls(**spec["kwargs"], reduction=None)(y_true, y_pred), "float32")
        out[f"loss/{name}/config"] = np.array(json.dumps(cls(**spec["kwargs"]).get_config()))


def make_optimizers(out):
    values, grads = cases.optimizer_problem()
    for i, v in enumerate(values):
        out[f"problem/var{i}"] = v
        out[f"problem/grads{i}"] = np.stack([step[i] for step in grads])
    for name, spec in cases.OPTIMIZER_CASES.items():
        opt = getattr(keras.optimizers, spec["class"])(**spec["kwargs"])
        variables = [keras.Variable(v, name=f"var{i}") for i, v in enumerate(values)]  # Muon reads `path`
        for step, step_grads in enumerate(grads):
            opt.apply_gradients([(tf.constant(g), v) for g, v in zip(step_grads, variables)])
            for i, v in enumerate(variables):
                out[f"optimizer/{name}/step{step}_var{i}"] = v.numpy().copy()
        out[f"optimizer/{name}/spec"] = np.array(json.dumps(spec))
        out[f"optimizer/{name}/config"] = np.array(json.dumps(opt.get_config()))


def make_multi_optimizer(out):
    """var0 (exact key) -> SGD(0.1, momentum 0.9); var1|var2 (regex) -> Adam(0.01); nothing else: default Lamb."""
    values, grads = cases.optimizer_problem()
    values = values + [values[1] * 2]  # var3 goes to the default
    grads = [g + [g[1] * 0.5] for g in grads]
    opt_map = keras.optimizers.OptimizerMap(keras.optimizers.Lamb(0.05), {
        "var0": keras.optimizers.SGD(0.1, momentum=0.9), "var[12]": keras.optimizers.Adam(0.01)})
    opt = keras.optimizers.MultiOptimizer(opt_map)
    variables = [keras.Variable(v, name=f"var{i}") for i, v in enumerate(values)]
    for i, v in enumerate(values):
        out[f"multi/var{i}"] = v
        out[f"multi/grads{i}"] = np.stack([step[i] for step in grads])
    for step, step_grads in enumerate(grads):
        opt.apply_gradients([(tf.constant(g), v) for g, v in zip(step_grads, variables)])
        for i, v in enumerate(variables):
            out[f"multi/step{step}_var{i}"] = v.numpy().copy()
    out["multi/iterations"] = np.asarray(int(opt.iterations))


if __name__ == "__main__":
    result = {"versions": np.array(json.dumps({"tensorflow": tf.__version__, "keras": keras.__version__}))}
    make_metrics(result)
    make_losses(result)
    make_optimizers(result)
    make_multi_optimizer(result)
    np.savez_compressed(os.path.join(OUT, "kmetrics.npz"), **result)
