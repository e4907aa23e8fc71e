"""Writes tests/golden/linalg.npz (the cases of linalg_cases.py under real TF 2.21):

    /work/tfvenv/bin/python tests/golden/make_linalg_golden.py
"""

import os
import sys

import numpy as np
import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import linalg_cases  # noqa: E402

results = linalg_cases.run(tf)
results.update(linalg_cases.run_operators(tf))
arrays = {k: v for k, v in results.items() if isinstance(v, np.ndarray)}
errors = {k: v for k, v in results.items() if isinstance(v, str)}
arrays["__errors__"] = np.array(sorted(f"{k}={v}" for k, v in errors.items()), dtype=np.str_)
tmp = os.path.join(HERE, "linalg.tmp.npz")
np.savez(tmp, **arrays)
os.replace(tmp, os.path.join(HERE, "linalg.npz"))
print(len(arrays), "arrays; errors:", errors)
