"""Write `tests/golden/summaries.json`: what real TF 2.21's tf.summary ops store, read back by TensorBoard.

Run under real TensorFlow (with tensorboard), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_summary_golden.py

PNG bytes are compared by length only in the JSON (encoders differ); the decoded pixels are
checked in `tests/summary/test_tf_summary.py`.
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import summary_cases  # noqa: E402
import tensorflow as tf  # noqa: E402


def main():
    with tempfile.TemporaryDirectory() as logdir:
        wrote_without_writer = summary_cases.write_all(tf, logdir)
        out = {"versions": {"tensorflow": tf.__version__}, "wrote_without_writer": wrote_without_writer,
               "tags": summary_cases.read_all(logdir),
               "pixels": {tag: [tf.io.decode_png(png).numpy().tolist() for png in pngs]
                          for tag, pngs in summary_cases.read_pngs(logdir).items()}}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "summaries.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(out['tags'])} tags to {path}")


if __name__ == "__main__":
    main()
