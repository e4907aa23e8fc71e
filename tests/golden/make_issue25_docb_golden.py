"""Writes tests/golden/issue25_docb.npz (the cases of issue25_docb_cases.py under real TF 2.21 / Keras 3):

    /work/tfvenv/bin/python tests/golden/make_issue25_docb_golden.py
"""

import os
import sys

import keras
import numpy as np
import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import issue25_docb_cases  # noqa: E402

results = issue25_docb_cases.run(tf, keras)
arrays = {k: v for k, v in results.items() if isinstance(v, np.ndarray)}
errors = {k: v for k, v in results.items() if isinstance(v, str)}
arrays["__errors__"] = np.array(sorted(f"{k}={v}" for k, v in errors.items()), dtype=np.str_)
tmp = os.path.join(HERE, "issue25_docb.tmp.npz")
np.savez(tmp, **arrays)
os.replace(tmp, os.path.join(HERE, "issue25_docb.npz"))
print(len(arrays), "arrays; errors:", errors)
