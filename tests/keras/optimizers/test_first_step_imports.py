"""The first `fit` step does not import `torch._dynamo` (issue 14, time to first step).

torch.optim's constructor and `step` import `torch._dynamo` on first use (1.5-3.5 s on a loaded 2-core
machine, the largest phase of `benchmarks/first_step.py`); keraslike's optimizers run their own foreach
rules, so a program that never asks for `jit_compile` never pays for it. A fresh interpreter is used
because any earlier test may have imported it.
"""

import os
import subprocess
import sys

import pytest

PROGRAM = r"""
import sys
import numpy as np
import keraslike as tf

x = np.random.default_rng(0).normal(size=(64, 8)).astype("float32")
y = (x[:, 0] > 0).astype("int64")
for name in sys.argv[1:]:
    model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(4, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile(name, tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    model.fit(x, y, batch_size=16, epochs=1, verbose=0)
    model.evaluate(x, y, verbose=0)
    model.predict(x, verbose=0)
print("dynamo imported:", "torch._dynamo" in sys.modules)
"""


@pytest.mark.slow
@pytest.mark.parametrize("optimizers", [["adam", "sgd", "rmsprop", "adamw", "adagrad", "nadam", "adamax"]])
def test_fit_evaluate_predict_leave_torch_dynamo_unimported(optimizers):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [os.getcwd(), os.environ.get("PYTHONPATH")] if p))
    done = subprocess.run([sys.executable, "-c", PROGRAM, *optimizers], capture_output=True, text=True, env=env,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "dynamo imported: False"
