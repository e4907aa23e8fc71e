"""Cells mode: the corpus-wide count of failing cells (report.py) and a run stopped at its time limit (run.py)."""

import argparse
import json
import sys
from pathlib import Path

import pytest

from conformance import report, run
from conformance.program import Program


def program(program_id, timeout=180):
    return Program(id=program_id, repo="o/r", commit="0" * 40, path="p.ipynb", topic="core", timeout=timeout)


def store(results: Path, mode: str, backend: str, program_id: str, **record):
    folder = results / mode / backend
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (program_id.replace("/", "__") + ".json")).write_text(json.dumps({"id": program_id, **record}))


def cells_record(cells, failing):
    return {"finished": not failing, "cells": cells, "cells_failed": len(failing),
            "errors": [{"cell": c, "type": "ValueError", "message": ""} for c in failing]}


def test_count_covers_the_strict_failures_only_and_splits_tf_failures(tmp_path):
    programs = [program(i) for i in ("a/passes", "a/fails", "a/tf_fails", "a/no_cells_run", "a/tf_strict_only",
                                     "a/tf_unknown")]
    failed_strict = {"finished": False, "errors": [{"cell": 1, "type": "ValueError", "message": "x"}]}
    # a/passes finishes in strict mode: its (older) cells-mode result is not counted
    store(tmp_path, "strict", "tf", "a/passes", finished=True)
    store(tmp_path, "strict", "keraslike", "a/passes", finished=True)
    store(tmp_path, "cells", "keraslike", "a/passes", **cells_record(10, [3, 4]))
    store(tmp_path, "strict", "tf", "a/fails", finished=True)
    store(tmp_path, "strict", "keraslike", "a/fails", **failed_strict)
    store(tmp_path, "cells", "keraslike", "a/fails", **cells_record(20, [1, 5, 6]))
    store(tmp_path, "strict", "tf", "a/tf_fails", **failed_strict)
    store(tmp_path, "strict", "keraslike", "a/tf_fails", **failed_strict)
    store(tmp_path, "cells", "keraslike", "a/tf_fails", **cells_record(8, [1, 2, 7]))
    store(tmp_path, "cells", "tf", "a/tf_fails", **cells_record(8, [2, 3, 7]))
    store(tmp_path, "strict", "tf", "a/no_cells_run", finished=True)
    store(tmp_path, "strict", "keraslike", "a/no_cells_run", **failed_strict)
    # TF fails at cell 1: keraslike's failing cells up to it need no TF cells-mode run, one after it does
    store(tmp_path, "strict", "tf", "a/tf_strict_only", **failed_strict)
    store(tmp_path, "strict", "keraslike", "a/tf_strict_only", **failed_strict)
    store(tmp_path, "cells", "keraslike", "a/tf_strict_only", **cells_record(6, [0, 1]))
    store(tmp_path, "strict", "tf", "a/tf_unknown", **failed_strict)
    store(tmp_path, "strict", "keraslike", "a/tf_unknown", **failed_strict)
    store(tmp_path, "cells", "keraslike", "a/tf_unknown", **cells_record(6, [1, 4]))

    totals = report.cells_totals(programs, tmp_path)
    assert totals["all"] == {"programs": 4, "cells": 40, "failed": 10, "failing": 4}
    assert totals["tf_finishes"] == {"programs": 1, "cells": 20, "failed": 3, "failing": 1}
    assert totals["tf_fails"] == {"programs": 3, "cells": 20, "failed": 7, "failing": 3}
    assert totals["tf_also"] == 2 + 1  # cells 2 and 7 of a/tf_fails, cell 1 of a/tf_strict_only
    assert totals["missing"] == ["a/no_cells_run"] and totals["tf_unknown"] == ["a/tf_unknown"]

    baseline = {"a/passes": cells_record(10, [0, 1, 2, 3]), "a/tf_fails": cells_record(8, [1, 2, 3, 7]),
                "a/fails": cells_record(20, [])}  # failed in strict mode then, not in cells mode on today's data
    before = report.cells_totals(programs, tmp_path, baseline)
    assert before["all"] == {"programs": 3, "cells": 38, "failed": 8, "failing": 2}
    assert before["tf_fails"]["failed"] == 4 and before["tf_also"] == 3

    (tmp_path / "cells" / "baseline.json").write_text(json.dumps({"label": "commit abc", "programs": baseline}))
    target = tmp_path / "RESULTS.md"
    report.write_results(programs, tmp_path, target)
    text = target.read_text()
    assert "corpus-wide (a program that finishes in strict mode has no failing cell): 10 failing cells of 40 run, " \
           "in the 4 programs keraslike fails in strict mode (4 with a failing cell in cells mode)" in text
    assert "1 program without a TF cells-mode run: `a/tf_unknown`" in text
    assert "- The same before (commit abc): 8 failing cells of 38 run, in the 3 programs keraslike fails in strict " \
           "mode (2 with a failing cell in cells mode); 5 of those cells pass on TF" in text
    assert "not counted, no cells-mode run: `a/no_cells_run`" in text
    assert "| 3/8 (2 on TF too) |" in text and "| 10/" not in text


@pytest.mark.slow  # runs the harness in a child interpreter
def test_a_cells_run_stopped_at_its_time_limit_keeps_the_cells_it_ran(tmp_path, monkeypatch):
    cells = ["x = 1", "1 / 0", "x += 1", "import time\ntime.sleep(60)", "x += 1"]
    monkeypatch.setattr(run, "load_cells", lambda prog, sources: cells)
    args = argparse.Namespace(sources=tmp_path, data_dir=tmp_path, tf_python=sys.executable,
                              keraslike_python=sys.executable, timeout_scale=1.0)
    record = run._run_once(program("t/sleeps", timeout=4), "tf", "cells", args)
    assert record["finished"] is False
    assert record["cells"] == 5 and record["cells_failed"] == 2
    assert [(e["cell"], e["type"]) for e in record["errors"]] == [(1, "ZeroDivisionError"), (3, "Timeout")]

    strict = run._run_once(program("t/sleeps", timeout=4), "tf", "strict", args)
    assert [(e["cell"], e["type"]) for e in strict["errors"]] == [(1, "ZeroDivisionError")]
    assert "cells_done" not in strict  # a program that ends writes its final result


def test_failed_only_in_cells_mode_selects_the_strict_failures(tmp_path, monkeypatch):
    programs = [program("b/passes"), program("b/fails"), program("b/never_run")]
    store(tmp_path, "strict", "keraslike", "b/passes", finished=True)
    store(tmp_path, "strict", "keraslike", "b/fails", finished=False, errors=[])
    ran = []
    monkeypatch.setattr(run, "RESULTS", tmp_path)
    monkeypatch.setattr(run, "load_manifest", lambda: programs)
    monkeypatch.setattr(run, "_prepare_data", lambda data_dir: None)
    monkeypatch.setattr(report, "write_results", lambda *a: None)
    monkeypatch.setattr(run, "run_repeated", lambda prog, backend, mode, args: ran.append((prog.id, mode)) or
                        {"id": prog.id, "backend": backend, "finished": False})
    run.main(["--mode", "cells", "--backend", "keraslike", "--failed-only"])
    assert ran == [("b/fails", "cells"), ("b/never_run", "cells")]
