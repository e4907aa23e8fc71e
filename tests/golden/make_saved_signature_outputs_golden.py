"""Write what TF 2.21 shows of loaded signatures whose inputs have unknown rank or are strings.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_saved_signature_outputs_golden.py

Saves `saved_signature_cases.build(tf)` with its signatures, loads it, and writes
`tests/golden/saved_signature_outputs.json`: per signature key its `structured_outputs` (`{name: [shape or null,
dtype]}`), its `structured_input_signature` keywords, its `pretty_printed_signature()` lines up to `Captures:`,
and the values of `saved_signature_cases.CALLS`; and the output specs of `saved_signature_cases.build_archive`'s
signatures (`archive`) and a call of its `anyrank` endpoint. tests/saved_model/test_saved_signature_outputs.py reads it.
"""

import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import saved_signature_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "saved_signature_outputs.json")


def _spec(spec):
    return [None if spec.shape.rank is None else spec.shape.as_list(), spec.dtype.name]


def _value(t):
    array = t.numpy()
    if array.dtype == object:
        return {"dtype": "string", "value": np.vectorize(lambda b: b.decode())(array).tolist()}
    return {"dtype": t.dtype.name, "value": array.tolist()}


def main():
    module, signatures = saved_signature_cases.build(tf)
    path = tempfile.mkdtemp()
    tf.saved_model.save(module, path, signatures=signatures)
    loaded = tf.saved_model.load(path)
    out = {"signatures": {}, "calls": []}
    for key, function in loaded.signatures.items():
        text = function.pretty_printed_signature().splitlines()
        out["signatures"][key] = {
            "outputs": {k: _spec(v) for k, v in function.structured_outputs.items()},
            "inputs": {k: _spec(v) for k, v in function.structured_input_signature[1].items()},
            "printed": text[:text.index("Captures:")]}
    for key, kwargs in saved_signature_cases.CALLS:
        result = loaded.signatures[key](**{k: tf.constant(v) for k, v in kwargs.items()})
        out["calls"].append({k: _value(v) for k, v in result.items()})
    path = tempfile.mkdtemp()
    saved_signature_cases.build_archive(tf).write_out(path, verbose=False)
    loaded = tf.saved_model.load(path)
    out["archive"] = {key: {k: _spec(v) for k, v in function.structured_outputs.items()}
                      for key, function in loaded.signatures.items()}
    out["archive_call"] = _value(loaded.anyrank(tf.constant([[1.0, 2.0]])))
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
