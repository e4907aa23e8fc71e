"""Write what TF 2.21 saves and loads of `tf.saved_model.save(tf.train.Checkpoint(...), dir)`.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_saved_checkpoint_golden.py

Writes `tests/golden/saved_checkpoint.json`: `saved_checkpoint_cases.describe` of the loaded object (attributes,
values, the restored method's result, signature keys and the variables file's keys). Read by
tests/saved_model/test_saved_checkpoint.py.
"""

import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import saved_checkpoint_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "saved_checkpoint.json")


def main():
    path = tempfile.mkdtemp()
    tf.saved_model.save(saved_checkpoint_cases.build(tf), path)
    loaded = tf.saved_model.load(path)
    out = saved_checkpoint_cases.describe(tf, loaded, os.path.join(path, "variables", "variables"))
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
