"""Writes tests/golden/v1_eager_names.json: `v1_eager_cases.cases` run eagerly by real TF 2.21 through
`tensorflow.compat.v1` (TF1's top-level spellings with TF2 behaviour).

    /work/tfvenv/bin/python tests/golden/make_v1_eager_golden.py
"""

import json
import os
import pathlib
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import v1_eager_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("v1_eager_names.json")
tmp = out.with_suffix(".tmp")
tmp.write_text(json.dumps(v1_eager_cases.cases(tf), indent=1, sort_keys=True))
os.replace(tmp, out)
print("wrote", out)
