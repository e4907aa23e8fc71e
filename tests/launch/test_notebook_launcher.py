"""`tf.distribute.notebook_launcher`: a function as N replica processes from a notebook kernel or a REPL.

The notebook test runs real cells in a real IPython kernel (nbclient + ipykernel), as a Jupyter user
would: 2 CPU replicas train and the weights equal one-device training on the same global batches
(37 rows, batch 10: the last batch splits 4 + 3). The REPL-side tests run a worker script.
"""

import sys

import nbformat
import pytest
from nbclient import NotebookClient

from tests.conftest import REPO, SCRIPTS, run_script, script_env

CELLS = [
    """\
import numpy as np
import keraslike as tf

rng = np.random.default_rng()
x = rng.normal(size=(37, 8)).astype("float32")
y = rng.integers(0, 3, size=37)
start = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(16, activation="relu"),
                             tf.keras.layers.Dense(3)])
w0 = start.get_weights()
""",
    """\
def train(x, y, w0, epochs):
    strategy = tf.distribute.MirroredStrategy()   # joins the launched replicas
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(16, activation="relu"),
                                     tf.keras.layers.Dense(3)])
        model.set_weights(w0)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1),
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=10, epochs=epochs, shuffle=False, verbose=2)
    return {"replicas": strategy.num_replicas_in_sync, "weights": model.get_weights(),
            "loss": history.history["loss"]}
""",
    "result = tf.distribute.notebook_launcher(train, args=(x, y, w0, 3), num_processes=2)",
    """\
start.compile(optimizer=tf.keras.optimizers.SGD(0.1),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
reference = start.fit(x, y, batch_size=10, epochs=3, shuffle=False, verbose=0)
assert result["replicas"] == 2, result["replicas"]
for got, want in zip(result["weights"], start.get_weights()):
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
np.testing.assert_allclose(result["loss"], reference.history["loss"], rtol=1e-5)
print("notebook: 2 replicas match one device")
""",
]


@pytest.mark.slow
def test_notebook_trains_with_two_replicas(tmp_path, monkeypatch):
    for key, value in script_env().items():
        monkeypatch.setenv(key, value)
    for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"):
        monkeypatch.delenv(key, raising=False)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in CELLS])
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()   # raises CellExecutionError on any failing cell
    streams = {"stdout": "", "stderr": ""}
    for output in notebook.cells[2].outputs:
        if output.get("output_type") == "stream":
            streams[output["name"]] += output["text"]
    assert streams["stdout"].count("Epoch 1/3") == 1, streams          # replica 0's progress, once
    assert "[replica" not in streams["stdout"], streams                # the others' stdout is dropped
    final = "".join(o.get("text", "") for o in notebook.cells[3].outputs if o.get("output_type") == "stream")
    assert "notebook: 2 replicas match one device" in final


@pytest.mark.slow
def test_launcher_from_a_repl_process():
    result = run_script([SCRIPTS / "notebook_launcher_cases.py"])
    assert result.returncode == 0, f"stdout:\n{result.stdout[-3000:]}\nstderr:\n{result.stderr[-3000:]}"
    out, err = result.stdout, result.stderr
    assert "chief says hello" in out and "replica 1 says hello" not in out        # only replica 0's stdout
    assert "[replica 1] replica 1 warns" in err and "[replica 0]" not in err       # others' stderr, prefixed
    assert "ranks 0/2 and 1/2 joined: True" in out
    assert "failure: RuntimeError: Replica 1 of 2 failed" in out and "ValueError: broken on replica 1" in out
    assert "leftover replicas: 0" in out
    assert "unpicklable: RuntimeError" in out and "must be picklable" in out
    assert "errors: TypeError TypeError ValueError" in out


def test_argument_errors_need_no_processes():
    import keraslike as tf

    with pytest.raises(TypeError, match="callable"):
        tf.distribute.notebook_launcher(42, num_processes=2)
    with pytest.raises(TypeError, match="tuple"):
        tf.distribute.notebook_launcher(print, args="x", num_processes=2)
    with pytest.raises(ValueError, match="num_processes"):
        tf.distribute.notebook_launcher(print, num_processes=0)
    if not tf.config.list_physical_devices("GPU"):
        with pytest.raises(ValueError, match="without GPUs"):
            tf.distribute.notebook_launcher(print)
    assert REPO.exists() and sys.executable
