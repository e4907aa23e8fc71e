"""Write `tests/golden/sparse_optimizers.npz`: Keras 3.15 optimizers (TF 2.21 backend) updating an Embedding and
`tf.gather` / `tf.nn.embedding_lookup` variables from their sparse (`IndexedSlices`) gradients, over several steps
(cases in `sparse_optimizer_cases.py`), and the gradients themselves; and TF 2's `tf.keras.optimizers.legacy.*`
(tf_keras, `TF_USE_LEGACY_KERAS=1`, in a child process) on the same model, and there tf_keras 2's own
`tf.keras.optimizers.*` (which sum duplicate ids before their rules).

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_sparse_optimizer_golden.py
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import sparse_optimizer_cases as cases  # noqa: E402
import tensorflow as tf  # noqa: E402

keras = tf.keras
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sparse_optimizers.npz")


def model_case(cls, kwargs, optimizers=None, run_eagerly=False):
    model = keras.Sequential([keras.Input((cases.IDS.shape[-1],), dtype="int32"),
                              keras.layers.Embedding(cases.VOCAB, cases.DIM), keras.layers.GlobalAveragePooling1D(),
                              keras.layers.Dense(1)])
    model.set_weights(cases.initial_weights())
    model.compile(getattr(optimizers or keras.optimizers, cls)(**kwargs), "mse", run_eagerly=run_eagerly)
    steps = []
    for ids, y in zip(cases.IDS, cases.Y):
        model.train_on_batch(ids, y)
        steps.append(np.concatenate([np.ravel(w) for w in model.get_weights()]))
    return np.stack(steps)


def loop_case(case):
    table = tf.Variable(cases.initial_weights()[0])
    opt = keras.optimizers.Adam(0.1)
    steps, first_grad = [], None
    for ids in cases.IDS:
        with tf.GradientTape() as tape:
            loss = cases.loop_loss(tf, case, table, ids, cases.COEF)
        grad = tape.gradient(loss, table)
        if first_grad is None:
            first_grad = grad
        if case == "clip_by_global_norm":
            (grad,), _ = tf.clip_by_global_norm([grad], 0.05)
        elif case == "clip_by_norm":
            grad = tf.clip_by_norm(grad, 0.05)
        opt.apply_gradients([(grad, table)])
        steps.append(np.array(table.numpy()).ravel())
    sparse = isinstance(first_grad, tf.IndexedSlices)
    return np.stack(steps), sparse, np.asarray(tf.convert_to_tensor(first_grad))


def legacy_cases(path):
    """Child process (TF_USE_LEGACY_KERAS=1): the LEGACY_CASES, KERAS2_CASES and KERAS2_LOOP_CASES into `path`."""
    out = {f"legacy/{name}": model_case(cls, kwargs, keras.optimizers.legacy)
           for name, (cls, kwargs) in cases.LEGACY_CASES.items()}
    out.update({f"keras2/{name}": model_case(cls, kwargs, run_eagerly=name in cases.KERAS2_EAGER)
                for name, (cls, kwargs) in cases.KERAS2_CASES.items()})
    for case in cases.KERAS2_LOOP_CASES:
        out[f"keras2_loop/{case}"] = loop_case(case)[0]
    v = tf.Variable(cases.NADAM_START)
    opt = keras.optimizers.legacy.Nadam(0.1)
    steps = []
    for g in cases.NADAM_GRADS:
        opt.apply_gradients([(tf.constant(g), v)])
        steps.append(v.numpy().ravel())
    out["legacy_dense/nadam"] = np.stack(steps)
    np.savez(path, **out)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "legacy.npz")
        subprocess.run([sys.executable, os.path.abspath(__file__), "--legacy", path], check=True,
                       env={**os.environ, "TF_USE_LEGACY_KERAS": "1"})
        legacy = dict(np.load(path))
    out = {"versions": np.array(json.dumps({"tensorflow": tf.__version__, "keras": keras.__version__}))}
    for name, (cls, kwargs) in cases.MODEL_CASES.items():
        out[f"model/{name}"] = model_case(cls, kwargs)
    for case in cases.LOOP_CASES:
        out[f"loop/{case}"], sparse, out[f"loop/{case}/grad"] = loop_case(case)
        out[f"loop/{case}/sparse"] = np.array(sparse)
    out.update(legacy)
    np.savez_compressed(OUT + ".tmp.npz", **out)
    os.replace(OUT + ".tmp.npz", OUT)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--legacy"]:
        legacy_cases(sys.argv[2])
    else:
        main()
