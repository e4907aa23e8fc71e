"""Write `normalization_stats.json`: `Normalization.mean`/`.variance` under real TF 2.21 (Keras 3).

Run: /work/tfvenv/bin/python tests/golden/make_normalization_stats_golden.py
"""

import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import normalization_stats_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("normalization_stats.json")
out.write_text(json.dumps(normalization_stats_cases.run(tf.keras), indent=1, sort_keys=True))
print("wrote", out)
