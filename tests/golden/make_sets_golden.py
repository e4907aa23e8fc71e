"""Writes tests/golden/sets.json: `sets_cases.cases` run by real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_sets_golden.py
"""

import json
import os
import pathlib
import sys

import tensorflow as tf

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import sets_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("sets.json")
tmp = out.with_suffix(".tmp")
tmp.write_text(json.dumps(sets_cases.cases(tf), indent=1, sort_keys=True))
os.replace(tmp, out)
print("wrote", out)
