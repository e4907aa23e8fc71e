"""Writes tests/golden/large_random_draws.npz under real TF 2.21: draws large enough to span several of the pieces
keraslike's Philox makes them in (`keraslike/_src/ops/philox.py`, `_CHUNK` blocks a piece): for each case the
values at the piece boundaries (`boundary_indices`), the first and last values, and the float64 sum and sum of
squares of the whole draw.

    /work/tfvenv/bin/python tests/golden/make_large_random_draws_golden.py
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import large_random_draw_cases as cases  # noqa: E402

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402


out = {}
for name in cases.CASES:
    out.update(cases.summary(name, np.asarray(cases.draw(name, tf, keras))))
np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "large_random_draws.npz"), **out)
