"""Write what TF 2.21's loaded SavedModel of a tf.Module holding lookup tables computes.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_saved_lookup_golden.py

Writes `tests/golden/saved_lookup.json` (`saved_lookup_cases.results`: the restored method's and the serving
signature's outputs). Read by tests/saved_model/test_saved_lookup_tables.py.
"""

import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import saved_lookup_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "saved_lookup.json")


def main():
    path = tempfile.mkdtemp()
    tf.saved_model.save(saved_lookup_cases.build(tf), path)
    out = saved_lookup_cases.results(tf, tf.saved_model.load(path))
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
