"""Write `tests/golden/functional_layers.json`: `model.layers` (and `get_layer(index=)`, `_flatten_layers`,
`operations`, `summary()`) of functional models under real TF 2.21, both Keras 3 and tf_keras.

Run from the repository root (it re-runs itself with `TF_USE_LEGACY_KERAS=1` for tf_keras):

    /work/tfvenv/bin/python tests/golden/make_functional_layers_golden.py
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import functional_layers_cases  # noqa: E402

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "functional_layers.json")


def _one_mode():
    import tensorflow as tf  # noqa: PLC0415 - imported after TF_USE_LEGACY_KERAS is set for this process

    legacy = os.environ.get("TF_USE_LEGACY_KERAS") == "1"
    out = {"tensorflow": tf.__version__, "cases": functional_layers_cases.run_all(tf, legacy=legacy)}
    if not legacy:
        with tempfile.TemporaryDirectory() as tmp:
            out["checkpoint_keys"] = functional_layers_cases.checkpoint_keys(tf, os.path.join(tmp, "ckpt"))
    print(json.dumps(out))


def main():
    out = {}
    for mode, legacy in (("keras3", "0"), ("tf_keras", "1")):
        env = dict(os.environ, TF_USE_LEGACY_KERAS=legacy)
        result = subprocess.run([sys.executable, __file__, "--one"], env=env, check=True, capture_output=True,
                                text=True)
        out[mode] = json.loads(result.stdout.strip().splitlines()[-1])
    with open(PATH + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True, ensure_ascii=False)
    os.replace(PATH + ".tmp", PATH)
    print(f"wrote {PATH}")


if __name__ == "__main__":
    _one_mode() if "--one" in sys.argv else main()
