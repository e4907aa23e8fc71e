"""Under real TF 2.21 (Keras 3): save op_saving_cases' model (keras3_files/op_saving.keras, its predictions in
op_saving.json), and load the file keraslike wrote (keraslike_op_saving.keras) recording Keras's predictions.

    /work/main/.venv/bin/python tests/golden/write_keraslike_op_saving.py   # keraslike writes its file first
    /work/tfvenv/bin/python tests/golden/make_op_saving_golden.py
"""

import json
import os
import sys
import tempfile
import zipfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import keras  # noqa: E402
import numpy as np  # noqa: E402

import op_saving_cases as cases  # noqa: E402

model = cases.build(keras)
x = cases.inputs()
model.save(os.path.join(HERE, "keras3_files", "op_saving.keras"))
result = {"keras_predictions": model.predict(x, verbose=0).tolist()}
try:
    theirs = keras.models.load_model(os.path.join(HERE, "keraslike_op_saving.keras"))
    predicted = theirs.predict(x, verbose=0)
    result["keras_reads_keraslike"] = {"loaded": True, "predictions": predicted.tolist(),
                                       "max_abs_diff": float(np.abs(predicted - model.predict(x, verbose=0)).max())}
except Exception as err:  # recorded: the test fails on it
    result["keras_reads_keraslike"] = {"loaded": False, "error": f"{type(err).__name__}: {err}"[:500]}
result["calls"] = {}
for name in cases.CALLS:
    path = os.path.join(tempfile.mkdtemp(), "m.keras")
    cases.call_model(keras, name).save(path)
    with zipfile.ZipFile(path) as zf:
        layers = json.loads(zf.read("config.json"))["config"]["layers"]
    result["calls"][name] = [e for e in layers if (e.get("module") or "").startswith("keras.src.ops")]
with open(os.path.join(HERE, "op_saving.json"), "w") as f:
    json.dump(result, f)
print(result["keras_reads_keraslike"].get("max_abs_diff"), result["keras_reads_keraslike"].get("error"))
