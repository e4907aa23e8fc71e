"""Large draws (several of the pieces keraslike's Philox makes them in) are TF's values: stateless ops, a seeded
`tf.random.Generator` and seeded Keras initializers, at every piece boundary and in total.

Golden: tests/golden/large_random_draws.npz, written by tests/golden/make_large_random_draws_golden.py under TF 2.21.
"""

import importlib.util
import pathlib

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike._src.ops import philox

GOLDEN_DIR = pathlib.Path(__file__).parents[1] / "golden"
_spec = importlib.util.spec_from_file_location("large_random_draw_cases", GOLDEN_DIR / "large_random_draw_cases.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)
GOLDEN = np.load(GOLDEN_DIR / "large_random_draws.npz")


def test_the_piece_size_is_the_golden_s():
    assert philox._CHUNK == cases.PIECE_BLOCKS


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_large_draws_are_tfs_values(name):
    got = cases.summary(name, np.asarray(cases.draw(name, tf, keras)))
    np.testing.assert_array_equal(got[f"{name}/index"], GOLDEN[f"{name}/index"])
    # uniforms are TF's bits; normals within an ulp or so of TF's float32 sin/cos/log (numpy's differ in the last bit)
    np.testing.assert_allclose(got[f"{name}/at"], GOLDEN[f"{name}/at"], rtol=1e-6 if "normal" in name else 0,
                               atol=0)
    # a piece drawn from the wrong counter would move the sum by hundreds; last-bit differences by < 1e-9 a value
    size = int(np.prod(cases.CASES[name][1]))
    np.testing.assert_allclose(got[f"{name}/sum"], GOLDEN[f"{name}/sum"], rtol=1e-8, atol=2e-9 * size)
