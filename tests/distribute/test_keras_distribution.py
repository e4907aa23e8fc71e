"""keras.distribution on 2 CPU processes (gloo) against one process: one launched job for the module.

The worker (`tests/scripts/keras_distribution_fit.py`, `python script.py` re-running itself as 2 processes)
runs in turn: `DataParallel` unseeded (which rows each process trained on), `DataParallel` seeded,
`ModelParallel` on mesh (1, 2) (kernels and bias split on "model": each process holds half), and
`ModelParallel` on mesh (2, 1) (the batch split, DTensor summing the replicated gradients). The reference is
the same program on one process without a distribution. Last, `DataParallel` with
`tf.distribute.experimental.fully_shard(model)` (each process keeps 1/2 of every trainable variable's rows).
"""

import collections
import subprocess
import sys

import h5py
import numpy as np
import pytest

from tests.conftest import REPO, SCRIPTS, script_env

pytestmark = pytest.mark.slow
WORKER = SCRIPTS / "keras_distribution_fit.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    bases = {procs: tmp_path_factory.mktemp(f"kdist{procs}") for procs in (2, 1)}
    started = {procs: subprocess.Popen([sys.executable, str(WORKER), str(base / "out"), "--procs", str(procs)],
                                       cwd=REPO, env=script_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       text=True)
               for procs, base in bases.items()}  # the job and the one-process reference run side by side
    for proc in started.values():
        _, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err[-4000:]
    return {procs: (base, [np.load(base / f"out.rank{r}.npz") for r in range(procs)]) for procs, base in bases.items()}


def _two(runs):
    return runs[2][1]


def _one(runs):
    return runs[1][1][0]


def test_devices_are_the_processes(runs):
    for rec in _two(runs):
        assert rec["devices"].tolist() == ["cpu:0", "cpu:1"] and int(rec["dp_processes"]) == 2


def test_data_parallel_unseeded_sees_every_row_once_per_epoch(runs):
    a, b = _two(runs)
    for epoch in range(2):
        ids = np.concatenate([a[f"ids_dp_{epoch}"], b[f"ids_dp_{epoch}"]]).tolist()
        counts = collections.Counter(ids)
        assert sorted(counts) == list(range(21)) and set(counts.values()) == {1}
        assert len(a[f"ids_dp_{epoch}"]) == 11 and len(b[f"ids_dp_{epoch}"]) == 10  # 5 batches of 4 (2+2), last 1
    assert not np.array_equal(a["ids_dp_0"], a["ids_dp_1"])  # shuffled, unseeded


@pytest.mark.parametrize("phase", ["dp", "mp", "mb", "fs"])
def test_seeded_training_equals_one_process(runs, phase):
    one = _one(runs)
    for rec in _two(runs):
        np.testing.assert_allclose(rec[f"{phase}_loss"], one[f"{phase}_loss"], rtol=1e-4)
        for i in range(4):
            np.testing.assert_allclose(rec[f"{phase}_w{i}"], one[f"{phase}_w{i}"], rtol=1e-4, atol=1e-6)


def test_distribute_tensor_gives_each_process_its_block(runs):
    full = np.arange(8.0).reshape(2, 4)
    for r, rec in enumerate(_two(runs)):
        np.testing.assert_array_equal(rec["mp_distributed"], full[:, 2 * r:2 * r + 2])


def test_model_parallel_blocks_per_process(runs):
    # hidden kernel (6, 8) split on its columns, hidden bias (8,) split, output kernel (8, 2) split on its rows,
    # output bias (2,) replicated; Adam's two slots are blocks like their variables
    for rec in _two(runs):
        assert rec["mp_shapes"].tolist() == [[6, 4], [4, 0], [4, 2], [2, 0]]
        assert rec["mp_slot_shapes"].tolist() == [[6, 4], [6, 4], [4, 0], [4, 0], [4, 2], [4, 2], [2, 0], [2, 0]]
        assert rec["mp_loaded_shapes"].tolist() == [[6, 4], [4, 0], [4, 2], [2, 0]]  # load_model redistributes
    one = _one(runs)
    assert one["mp_shapes"].tolist() == [[6, 8], [8, 0], [8, 2], [2, 0]]


def test_model_parallel_full_tensors_in_reads_and_files(runs):
    one = _one(runs)
    base = runs[2][0]
    for rec in _two(runs):
        np.testing.assert_allclose(rec["mp_numpy0"], one["mp_w0"], rtol=1e-4, atol=1e-6)
        assert int(rec["mp_count"]) == int(one["mp_count"]) == 6 * 8 + 8 + 8 * 2 + 2  # full shapes counted
        np.testing.assert_allclose(rec["mp_predict"], one["mp_predict"], rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(rec["mp_call"], one["mp_call"], rtol=1e-4, atol=1e-5)
        for i in range(4):
            np.testing.assert_allclose(rec[f"mp_loaded_w{i}"], one[f"mp_w{i}"], rtol=1e-4, atol=1e-6)
            np.testing.assert_allclose(rec[f"mp_reloaded_w{i}"], one[f"mp_w{i}"], rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(rec["mp_loaded_predict"], one["mp_predict"], rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(rec["mp_continued_loss"], one["mp_continued_loss"], rtol=1e-4)
    # the files the chief wrote hold the full tensors, and only the chief wrote them
    with h5py_file(base / "mp.weights.h5") as h5:  # weights, then Adam's slots (Keras 3 writes them too)
        shapes = [tuple(ds.shape) for ds in _datasets(h5) if ds.ndim]
    assert sorted(shapes) == sorted([(6, 8), (8,), (8, 2), (2,)] * 3)
    with h5py_file(base / "mp.h5") as h5:
        shapes = [tuple(ds.shape) for ds in _datasets(h5["model_weights"]) if ds.ndim]
    assert sorted(shapes) == sorted([(6, 8), (8,), (8, 2), (2,)])
    assert sorted(p.name for p in base.iterdir() if not p.name.startswith("out.")) == \
        ["mp.h5", "mp.keras", "mp.weights.h5"]


def h5py_file(path):
    return h5py.File(path, "r")


def _datasets(group):
    found = []
    group.visititems(lambda name, obj: found.append(obj) if isinstance(obj, h5py.Dataset) else None)
    return found


def test_fully_sharded_blocks_per_process(runs):
    # rows split as torch.chunk: hidden kernel (6, 5) -> 3 + 3, bias (5,) -> 3 + 2, output kernel (5, 2) -> 3 + 2,
    # output bias (2,) -> 1 + 1; Adam's slots are blocks like their variables
    blocks = [[[3, 5], [3, 0], [3, 2], [1, 0]], [[3, 5], [2, 0], [2, 2], [1, 0]]]
    one = _one(runs)
    for rec, expected in zip(_two(runs), blocks):
        assert rec["fs_shapes"].tolist() == expected
        assert rec["fs_slot_shapes"].tolist() == [s for s in expected for _ in range(2)]
        np.testing.assert_allclose(rec["fs_predict"], one["fs_predict"], rtol=1e-4, atol=1e-5)
