"""fit under MirroredStrategy with real replica processes (gloo on CPU).

The reference for every check is the same script run on one device. The module's jobs (one device, two
replicas, torchrun, two failing runs) start together in one fixture; the tests read their outputs.

The one-device and two-replica jobs also run the partial-last-batch cases of tests/golden/partial_batch_cases.py,
checked against real TF 2.21 (tests/golden/make_partial_batch_golden.py writes partial_batch.json): `fit` makes
TF's ONE-device update on a partial (unevenly split) global batch, where TF's MirroredStrategy averages the
replicas' means (README, "Where keraslike differs"); custom loops, `strategy.reduce`, `evaluate` and `predict`
give TF's MirroredStrategy numbers.
"""

import json

import numpy as np
import pytest

from tests.conftest import REPO, SCRIPTS, start_scripts
from tests.golden.partial_batch_cases import CASES, LEARNING_RATE, case_data

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "mirrored_fit.py"


@pytest.fixture(scope="module")
def jobs(tmp_path_factory):
    """Every job of the module started together: one device, two replicas, torchrun, and the two failing runs."""
    out = tmp_path_factory.mktemp("fit")
    started = start_scripts({
        "one": [WORKER, out / "one.npz", "--replicas", "1", "--partial", out / "one.json"],
        "two": [WORKER, out / "two.npz", "--replicas", "2", "--partial", out / "two.json"],
        "torchrun": ["torchrun", "--standalone", "--nproc_per_node=2", WORKER, out / "tr.npz", "--replicas", "0"],
        **{f"fail{rank}": [WORKER, out / f"f{rank}.npz", "--replicas", "2", "--fail-at-epoch", "1", "--fail-rank",
                           str(rank)] for rank in (1, 0)}})
    yield out, started
    for job in started.values():
        job.stop()


@pytest.fixture(scope="module")
def single_and_mirrored(jobs):
    out, started = jobs
    one, two = started["one"].result(), started["two"].result()
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    return out, one, two


def test_two_replicas_equal_one_device_on_the_global_batch(single_and_mirrored):
    out, _, _ = single_and_mirrored
    one, two = np.load(out / "one.npz"), np.load(out / "two.npz")
    assert int(one["replicas"]) == 1 and int(two["replicas"]) == 2
    weights = sorted(k for k in one.files if k.startswith("w"))
    assert len(weights) == 4
    for key in weights:
        np.testing.assert_allclose(two[key], one[key], rtol=1e-5, atol=1e-6)
    for key in ("h_loss", "h_accuracy"):
        assert len(one[key]) == 2
        np.testing.assert_allclose(two[key], one[key], rtol=1e-5)


def test_replicas_end_with_identical_weights(single_and_mirrored):
    out, _, _ = single_and_mirrored
    rank0, rank1 = np.load(out / "two.npz.rank0.npz"), np.load(out / "two.npz.rank1.npz")
    for key in rank0.files:
        np.testing.assert_array_equal(rank0[key], rank1[key])


def test_only_the_chief_prints(single_and_mirrored):
    _, one, two = single_and_mirrored
    assert two.stdout.count("Epoch 1/2") == 1
    assert two.stdout.count("Epoch 2/2") == 1
    assert "done on 2 replica(s)" in two.stdout
    assert two.stdout.count("done on") == 1  # replica 1's stdout is discarded
    # the epoch lines have the Keras verbose=2 shape and the same values as one device
    lines_one = [line for line in one.stdout.splitlines() if line.startswith("7/7")]
    lines_two = [line for line in two.stdout.splitlines() if line.startswith("7/7")]
    strip = [line.split(" - ", 3)[-1] for line in lines_one], [line.split(" - ", 3)[-1] for line in lines_two]
    assert strip[0] == strip[1]


def test_torchrun_joins_instead_of_launching(jobs, single_and_mirrored):
    proc = jobs[1]["torchrun"].result()
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("Epoch 1/2") == 1
    assert proc.stdout.count("done on 2 replica(s)") == 2  # torchrun shows both workers' stdout
    out, _, _ = single_and_mirrored  # the module's one-device run of the same seeded script is the reference
    a, b = np.load(out / "tr.npz"), np.load(out / "one.npz")
    np.testing.assert_allclose(a["w0"], b["w0"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("fail_rank", [1, 0])
def test_a_failing_replica_stops_everything(jobs, fail_rank):
    out, started = jobs
    proc = started[f"fail{fail_rank}"].result()
    elapsed = started[f"fail{fail_rank}"].elapsed  # from its start to its own end
    assert proc.returncode != 0
    assert f"deliberate failure on replica {fail_rank} at epoch 1" in proc.stderr
    assert "Epoch 1/2" in proc.stdout
    # A generous ceiling (idle: ~8 s incl. two interpreter start-ups, the stop itself ~1 s), far below gloo's
    # 30-minute timeout, which is what a replica left waiting for its dead peer would take.
    assert elapsed < 180
    if fail_rank == 1:
        assert "keraslike: replica 1 exited with exit code 1; stopping all replicas." in proc.stderr
    assert not (out / f"f{fail_rank}.npz").exists()


PARTIAL_GOLDEN = json.loads((REPO / "tests" / "golden" / "partial_batch.json").read_text())
KERAS = ("keras3", "keras2")


@pytest.fixture(scope="module")
def partial(single_and_mirrored):
    """{"one" | "two": {keras: {case: records}}} of keraslike, from the chief (the replicas' files must agree)."""
    out, _, _ = single_and_mirrored
    two = [json.loads((out / f"two.json.rank{r}.json").read_text()) for r in (0, 1)]
    assert two[0] == two[1]
    return {"one": json.loads((out / "one.json.rank0.json").read_text()), "two": two[0]}


def _assert_steps(got, want, **tol):
    assert len(got) == len(want) == 6  # 3 steps x 2 epochs
    for step, (g, w) in enumerate(zip(got, want)):
        for gv, wv in zip(g, w):
            np.testing.assert_allclose(gv, wv, err_msg=f"step {step}", **tol)


@pytest.mark.parametrize("keras", KERAS)
@pytest.mark.parametrize("case", list(CASES))
def test_fit_on_a_partial_global_batch_is_the_one_device_update(partial, keras, case):
    """Every step (the last batch split [1 row]/[none] or [2 rows]/[1 row]) and the History are TF's one-device
    fit, on one device and on two replicas."""
    tf_one = PARTIAL_GOLDEN[keras]["one"][case]["fit"]
    for run in ("one", "two"):
        fit = partial[run][keras][case]["fit"]
        _assert_steps(fit["steps"], tf_one["steps"], rtol=1e-5, atol=1e-6)
        for key, values in tf_one["history"].items():
            np.testing.assert_allclose(fit["history"][key], values, rtol=1e-5, err_msg=key)


@pytest.mark.parametrize("keras", KERAS)
@pytest.mark.parametrize("case", list(CASES))
def test_synchronized_renorm_uses_the_global_batch_moments(partial, keras, case):
    """`BatchNormalization(renorm=True, synchronized=True)`: the replicas' batch moments are the global batch's
    (TF's `moments(synchronized=True)`), so every step, moving statistics included, is TF's one-device fit (TF's
    MirroredStrategy equals it too until the partial batch, where only the loss rule differs). keraslike averaged
    the replicas' means and variances (wrong for any two differing halves; NaN with an empty one)."""
    tf_one = PARTIAL_GOLDEN[keras]["one"][case]["fit_renorm"]["steps"]
    for run in ("one", "two"):
        _assert_steps(partial[run][keras][case]["fit_renorm"]["steps"], tf_one, rtol=1e-4, atol=1e-5)


def _tf_mirrored_step(weights, x, y, replicas=2):
    """TF 2.21's MirroredStrategy fit step for Dense(1) + MSE + SGD, written out: each replica's loss is the mean
    over its `ceil(b / N)` rows (0 with none) divided by N, and the gradients are summed."""
    kernel, bias = (np.asarray(w, "float64") for w in weights)
    chunk = -(-len(x) // replicas)
    grad_k, grad_b = np.zeros_like(kernel), np.zeros_like(bias)
    for lo in range(0, replicas * chunk, chunk):
        xs, ys = x[lo:lo + chunk].astype("float64"), y[lo:lo + chunk].astype("float64")
        if len(xs):
            residual = 2 * (xs @ kernel + bias - ys) / len(xs) / replicas
            grad_k, grad_b = grad_k + xs.T @ residual, grad_b + residual.sum(0)
    return [kernel - LEARNING_RATE * grad_k, bias - LEARNING_RATE * grad_b]


@pytest.mark.parametrize("case", list(CASES))
def test_tf_mirrored_fit_averages_the_replicas_means_on_a_partial_batch(partial, case):
    """The documented difference, on TF's own numbers: TF's MirroredStrategy step on the partial batch is the
    replicas' mean gradients averaged (a lone row gets half its one-device step), and keraslike's is not that."""
    x, y, _ = case_data(case)
    _, batch = CASES[case]
    for keras in KERAS:
        steps = PARTIAL_GOLDEN[keras]["mirrored"][case]["fit"]["steps"]
        last = slice(2 * batch, len(x))  # the epoch's last (partial) batch: steps 2 and 5
        for step in (2, 5):
            want = _tf_mirrored_step(steps[step - 1], x[last], y[last])
            for got, expected in zip(steps[step], want):
                np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)
        ours = partial["two"][keras][case]["fit"]["steps"][2]
        assert not np.allclose(ours[0], steps[2][0], rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("keras", KERAS)
@pytest.mark.parametrize("case", list(CASES))
def test_custom_loops_evaluate_and_predict_on_a_partial_batch_are_tfs(partial, keras, case):
    """Custom loops over `experimental_distribute_dataset` (`compute_average_loss` with and without
    `global_batch_size`), `strategy.reduce` of the loss and of the per-example losses, `evaluate` and `predict`:
    TF's numbers for the same strategy, on one device and on two replicas."""
    for run, strategy in (("one", "one"), ("two", "mirrored")):
        ours, tf_ = partial[run][keras][case], PARTIAL_GOLDEN[keras][strategy][case]
        for loop in ("loop_default", "loop_global"):
            _assert_steps(ours[loop]["steps"], tf_[loop]["steps"], rtol=1e-5, atol=1e-6)
            for key in ("loss_sum", "example_sum", "example_mean"):
                np.testing.assert_allclose(ours[loop][key], tf_[loop][key], rtol=1e-5, err_msg=f"{run} {loop} {key}")
        for key, value in tf_["evaluate"].items():
            np.testing.assert_allclose(ours["evaluate"][key], value, rtol=1e-6, err_msg=f"{run} evaluate {key}")
        np.testing.assert_allclose(ours["predict"], tf_["predict"], rtol=1e-6, atol=1e-7)  # rows in input order
