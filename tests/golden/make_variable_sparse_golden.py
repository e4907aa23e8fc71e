"""Writes tests/golden/variable_sparse.json: `variable_sparse_cases.cases` run by real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_variable_sparse_golden.py
"""

import json
import os
import pathlib
import sys

import tensorflow as tf

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import variable_sparse_cases  # noqa: E402

out = pathlib.Path(__file__).with_name("variable_sparse.json")
tmp = out.with_suffix(".tmp")
tmp.write_text(json.dumps(variable_sparse_cases.cases(tf), indent=1, sort_keys=True))
os.replace(tmp, out)
print("wrote", out)
