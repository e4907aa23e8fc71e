"""Write `concrete_output.json` (`concrete_output_cases.py` under real TF 2.21).

Run: /work/tfvenv/bin/python tests/golden/make_concrete_output_golden.py
"""

import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import concrete_output_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("concrete_output.json")
out.write_text(json.dumps(concrete_output_cases.run(tf), indent=1, sort_keys=True))
print("wrote", out)
