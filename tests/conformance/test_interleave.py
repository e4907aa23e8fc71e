"""conformance/run.py --interleave: TF and keraslike run back to back, pair after pair; the median ratio is kept."""

import time
from types import SimpleNamespace

from conformance import report, run
from conformance.program import Program


def test_pairs_alternate_and_the_median_ratio_is_stored(monkeypatch, tmp_path):
    calls, walls = [], {"tf": iter([10.0, 20.0, 10.0]), "keraslike": iter([5.0, 30.0, 8.0])}

    def fake_run_once(program, backend, mode, args):
        calls.append(backend)
        wall = next(walls[backend])
        return {"id": program.id, "backend": backend, "mode": mode, "finished": True, "metric": 0.5,
                "process_wall_s": wall, "process_cpu_s": wall / 2}

    monkeypatch.setattr(run, "_run_once", fake_run_once)
    monkeypatch.setattr(run, "RESULTS", tmp_path)
    program = Program(id="a/b", repo="r", commit="c" * 40, path="p.py", topic="t")
    tf_record, kl_record = run.run_interleaved(program, "strict", SimpleNamespace(repeat=3))
    assert calls == ["tf", "keraslike"] * 3
    same = run.json.loads((tmp_path / "strict" / "same_state" / "a__b.json").read_text())
    assert same["ratios"] == [0.5, 1.5, 0.8]
    assert same["ratio"] == 0.8 and same["cpu_ratio"] == 0.8
    assert kl_record["same_state"] == same and kl_record["metrics"] == [0.5] * 3
    # a speed run leaves the verdict records (and their --repeat metric runs) alone
    assert not (tmp_path / "strict" / "keraslike").exists() and not (tmp_path / "strict" / "tf").exists()


def test_spawn_reports_the_child_cpu_time(tmp_path):
    busy = "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; echo done"
    start = time.process_time()
    output, returncode, timed_out, cpu_s = run._spawn(["sh", "-c", busy], tmp_path, None, 60)
    assert (output.strip(), returncode, timed_out) == (b"done", 0, False)
    assert cpu_s > 0.05 and time.process_time() - start < cpu_s  # the child's time, not this process's
    output, returncode, timed_out, cpu_s = run._spawn(["sleep", "30"], tmp_path, None, 0.5)
    assert (returncode, timed_out, cpu_s) == (None, True, None)


def test_results_use_the_same_state_ratio(tmp_path):
    program = Program(id="a/b", repo="r", commit="c" * 40, path="p.py", topic="t")
    tf = {"id": "a/b", "backend": "tf", "mode": "strict", "finished": True, "metric": 0.5, "process_wall_s": 10.0}
    kl = {"id": "a/b", "backend": "keraslike", "mode": "strict", "finished": True, "metric": 0.5,
          "process_wall_s": 40.0}
    same = {"id": "a/b", "backend": "same_state", "mode": "strict", "ratio": 0.6, "cpu_ratio": 0.5}
    for record in (tf, kl, same):
        folder = tmp_path / "strict" / record["backend"]
        folder.mkdir(parents=True)
        (folder / "a__b.json").write_text(run.json.dumps(record))
    target = tmp_path / "RESULTS.md"
    report.write_results([program], tmp_path, target)
    text = target.read_text()
    assert "geometric mean 0.60x" in text
    assert "40/10 (same-state 0.60x, CPU 0.50x)" in text
