"""Dump the parameters of TF 2.21 / Keras 3.15 public callables to `tests/golden/signatures.json`.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_signatures.py

Covered: every class in keras.layers / optimizers / losses / metrics / callbacks (its `__init__`), the
Model methods users call, tf.data.Dataset methods and tf.distribute strategies. Each entry maps the
callable's dotted name (as `tf.<...>`) to its named parameters (no self, *args or **kwargs) and whether it
takes **kwargs. `tests/test_signature_sweep.py` compares keraslike's with them.
"""

import inspect
import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "signatures.json")

MODULES = {"tf.keras.layers": keras.layers, "tf.keras.optimizers": keras.optimizers, "tf.keras.losses": keras.losses,
           "tf.keras.metrics": keras.metrics, "tf.keras.callbacks": keras.callbacks}
MODEL_METHODS = ["compile", "fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch",
                 "save", "save_weights", "load_weights", "summary", "get_layer", "to_json"]
DATASET_METHODS = ["batch", "map", "shuffle", "repeat", "prefetch", "cache", "filter", "take", "skip", "zip",
                   "from_tensor_slices", "from_tensors", "from_generator", "range", "padded_batch", "unbatch",
                   "flat_map", "interleave", "enumerate", "shard", "concatenate", "reduce", "rebatch", "window",
                   "apply", "with_options", "batch", "cardinality", "as_numpy_iterator", "take_while", "scan"]
STRATEGIES = ["MirroredStrategy", "MultiWorkerMirroredStrategy", "OneDeviceStrategy", "NcclAllReduce",
              "HierarchicalCopyAllReduce", "ReductionToOneDevice"]


def params(fn):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    named = [p.name for p in sig.parameters.values()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "self"]
    return {"params": named, "var_kw": any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())}


def main():
    out = {}
    for prefix, module in MODULES.items():
        for name in dir(module):
            obj = getattr(module, name)
            if inspect.isclass(obj) and not name.startswith("_"):
                entry = params(obj.__init__)
                if entry is not None:
                    out[f"{prefix}.{name}"] = entry
    for name in MODEL_METHODS:
        out[f"tf.keras.Model.{name}"] = params(getattr(keras.Model, name))
    for name in DATASET_METHODS:
        out[f"tf.data.Dataset.{name}"] = params(getattr(tf.data.Dataset, name))
    for name in STRATEGIES:
        out[f"tf.distribute.{name}"] = params(getattr(tf.distribute, name).__init__)
    out = {k: v for k, v in out.items() if v is not None}
    with open(OUT + ".tmp", "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
    os.replace(OUT + ".tmp", OUT)
    print(f"wrote {len(out)} callables, {sum(len(v['params']) for v in out.values())} parameters to {OUT}")


if __name__ == "__main__":
    main()
