"""Record what real TensorFlow 2.21 / Keras 3.15 does for each case of `bad_inputs.py`.

Run from the repository root with a TensorFlow venv (never a keraslike dependency):

    /path/to/tfvenv/bin/python tests/golden/make_bad_inputs_golden.py

Writes tests/golden/bad_inputs.json: case name -> {"outcome": "ok" | "error", "error", "message"}.
"""

import json
import os
import sys
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bad_inputs  # noqa: E402
import tensorflow as tf  # noqa: E402


def main():
    out = {"_versions": {"tensorflow": tf.__version__, "keras": tf.keras.__version__}}
    for name in bad_inputs.CASES:
        out[name] = bad_inputs.run(tf, name)
        print(name, out[name]["outcome"], out[name].get("error", ""), flush=True)
    path = Path(__file__).resolve().parent / "bad_inputs.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
