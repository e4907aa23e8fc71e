"""tf.distribute values on two replicas equal real TF's (issue 25 item 3).

One launched job runs tests/scripts/distribute_values.py on keraslike (one process per replica); the golden is
the same program on real TF 2.21 with two logical CPUs (tests/golden/make_distribute_values.py). Compared:
`run` returns `PerReplica` values; `reduce` keeps TF's dtypes (SUM of int32 stays int32, MEAN of integers is
float64, a plain value is returned by MEAN and refused by SUM); `gather`/`all_gather` hold every replica's
rows; `experimental_distribute_values_from_function` builds per-replica values; variables created in scope with
SUM/MEAN/ONLY_FIRST_REPLICA aggregation combine their updates made inside `run`, so replicas never diverge.
The one difference by design: `experimental_local_results` lists this process's replica only (README).
"""

import json

import numpy as np
import pytest

from tests.conftest import REPO, in_turn

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the first test waits for its in-turn group
GOLDEN_VALUES = json.loads((REPO / "tests" / "golden" / "distribute_values.json").read_text())


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    proc, folder = in_turn(tmp_path_factory, "distribute_two_replicas")["values"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads((folder / "values.json").read_text())


@pytest.mark.parametrize("key", sorted(GOLDEN_VALUES))
def test_value_as_tf(result, key):
    expected, got = GOLDEN_VALUES[key], result[key]
    if isinstance(expected, dict):
        assert got["dtype"] == expected["dtype"], key
        np.testing.assert_allclose(np.asarray(got["value"]), np.asarray(expected["value"]), rtol=1e-6)
    else:
        assert got == expected
