"""The first `fit` step does not import `torch._dynamo` (issue 14, time to first step).

torch.optim's constructor and `step` import `torch._dynamo` on first use (1.5-3.5 s on a loaded 2-core
machine, the largest phase of `benchmarks/first_step.py`); keraslike's optimizers run their own foreach
rules, so a program that never asks for `jit_compile` never pays for it. A fresh interpreter is used
because any earlier test may have imported it. The same program checks that `import keraslike` alone imports
neither `torch._dynamo` nor sympy (before: a module-level `torch.compiler.disable` and torch's symbolic-shapes
helper cost about 2 s of the ~5 s CPU `import keraslike` took, paid by every launched replica), nor h5py
(~25 ms of CPU: only `.h5`/`.keras` weight files need it, reached through `_src/lazy_module.py`).
"""

import os
import subprocess
import sys

import pytest

PROGRAM = r"""
import gc
import sys
import numpy as np
import keraslike as tf

print("heavy at import:", sorted(m for m in ("torch._dynamo", "sympy", "h5py") if m in sys.modules))
print("collector on after import:", gc.isenabled())  # paused during the import only (_src/import_gc.py)
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
    lines = done.stdout.strip().splitlines()
    # `import keraslike` itself leaves torch's compiler stack (torch._dynamo, sympy: seconds of CPU) and h5py
    # unimported, which every launched replica pays otherwise
    assert lines[0] == "heavy at import: []"
    assert lines[1] == "collector on after import: True"
    assert lines[-1] == "dynamo imported: False"
