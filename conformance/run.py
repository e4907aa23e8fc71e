"""The conformance runner: every corpus program on real TensorFlow and on keraslike, side by side.

    python -m conformance.run [--ids ID ...] [--topic T] [--backend tf|keraslike|both]
                              [--mode strict|cells] [--sources DIR] [--jobs N] [--repeat N] [--interleave]
                              [--report-only]

Each program runs in a fresh folder and a fresh process with a wall-clock limit, one intra-op thread,
no GPU, and the offline data layer on its path (conformance/data). Results are stored per program under
``conformance/results/<mode>/<backend>/`` (JSON) and RESULTS.md is regenerated from the store, so a
later run may re-run only keraslike (TF's results are kept).

``--repeat N`` runs each program N times on each backend, one run after another, and stores the first run's
record with ``metrics``: every run's final metric (``None`` for a run that did not finish), so the verdict can
use TF's own run-to-run spread (see report.py).

``--interleave`` (with ``--backend both``) measures speed in the same machine state: a program's TF and keraslike
runs alternate (TF, keraslike, TF, keraslike, ... ``--repeat`` pairs), and ``results/<mode>/same_state/`` keeps
each pair's process wall and CPU times and the median ``ratio`` (wall) and ``cpu_ratio``; RESULTS.md uses the wall
ratio. The verdict records are not replaced by a speed run. Ratios of runs taken hours apart on a shared machine
measure the load, not the library.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from conformance import report
from conformance.program import Program, load_cells
from conformance.rewrite import rewrite_source

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
MANIFESTS = HERE / "manifest"
RESULTS = HERE / "results"
DATA_SITE = HERE / "data" / "site"
DEFAULT_SOURCES = Path(os.environ.get("CONFORMANCE_SOURCES", REPO / ".conformance-sources"))
BACKENDS = ("tf", "keraslike")


def load_manifest() -> list[Program]:
    programs, seen = [], set()
    for path in sorted(MANIFESTS.glob("*.toml")):
        with path.open("rb") as f:
            doc = tomllib.load(f)
        for entry in doc.get("program", []):
            known = set(Program.__dataclass_fields__) - {"extra"}
            extra = {k: v for k, v in entry.items() if k not in known}
            fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in entry.items() if k in known}
            program = Program(**fields, extra=extra)
            if program.id in seen:
                raise ValueError(f"Duplicate program id {program.id!r} in {path.name}")
            seen.add(program.id)
            programs.append(program)
    return programs


def _interpreter(backend: str, args) -> str:
    return args.tf_python if backend == "tf" else args.keraslike_python


def _environment(backend: str, program: Program, workdir: Path, data_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "KERASLIKE_", "TF_", "KERAS_"))}
    path = [str(DATA_SITE)]
    if backend == "keraslike":
        path.insert(0, str(REPO))
    env.update(
        PYTHONPATH=os.pathsep.join(path),
        HOME=str(workdir),
        KERAS_HOME=str(workdir / ".keras"),
        CONFORMANCE_DATA=str(data_dir),
        CONFORMANCE_BACKEND=backend,
        OMP_NUM_THREADS="1",
        MKL_NUM_THREADS="1",
        TF_NUM_INTRAOP_THREADS="1",
        TF_NUM_INTEROP_THREADS="1",
        TF_CPP_MIN_LOG_LEVEL="2",
        CUDA_VISIBLE_DEVICES="",
        MPLBACKEND="Agg",
        PYTHONHASHSEED="0",
        PYTHONUNBUFFERED="1",
    )
    if program.keras == 2:
        env["TF_USE_LEGACY_KERAS"] = "1"
    return env


def run_repeated(program: Program, backend: str, mode: str, args) -> dict:
    """Runs ``program`` ``args.repeat`` times on ``backend``; stores the first run's record with every run's metric.

    The first run's record (its errors, output and wall time) is what RESULTS.md shows; ``metrics`` lists the final
    metric of each run in order (``metric`` stays the first), and ``runs_finished`` how many runs finished.
    """
    runs = [_run_once(program, backend, mode, args) for _ in range(max(1, args.repeat))]
    return _store(_combine(runs))


def _combine(runs: list[dict]) -> dict:
    record = dict(runs[0])
    record["metrics"] = [run.get("metric") if run.get("finished") else None for run in runs]
    record["runs_finished"] = sum(bool(run.get("finished")) for run in runs)
    record["process_wall_s_runs"] = [run.get("process_wall_s") for run in runs]
    return record


def run_interleaved(program: Program, mode: str, args) -> list[dict]:
    """Runs ``program`` on TF then keraslike, ``args.repeat`` pairs back to back, and stores the speed measurement.

    Each pair runs one process after the other, so its ratio compares the backends under the same load. The
    measurement goes to ``results/<mode>/same_state/`` (every pair's wall and CPU times, the median ratios); the
    verdict records (``results/<mode>/{tf,keraslike}/``, whose metric runs may come from ``--repeat``) are left as
    they are: a speed run never replaces them. Returns the runs' records (for printing) and the measurement.
    """
    pairs = [(_run_once(program, "tf", mode, args), _run_once(program, "keraslike", mode, args))
             for _ in range(max(1, args.repeat))]
    done = [(t, k) for t, k in pairs if t.get("finished") and k.get("finished")]
    walls = [(t["process_wall_s"], k["process_wall_s"]) for t, k in done]
    cpus = [(t["process_cpu_s"], k["process_cpu_s"]) for t, k in done if t.get("process_cpu_s")]
    records = [_combine([t for t, _ in pairs]), _combine([k for _, k in pairs])]
    if walls:
        same = {
            "id": program.id, "backend": "same_state", "mode": mode, "date": time.strftime("%Y-%m-%d %H:%M"),
            "finished": True, "pairs": len(walls),
            "tf_wall_s": [t for t, _ in walls], "keraslike_wall_s": [k for _, k in walls],
            "ratios": [round(k / t, 3) for t, k in walls], "ratio": round(_median([k / t for t, k in walls]), 3),
            "tf_cpu_s": [t for t, _ in cpus], "keraslike_cpu_s": [k for _, k in cpus],
            "cpu_ratio": round(_median([k / t for t, k in cpus]), 3) if cpus else None,
        }
        records[1]["same_state"] = same
        _store(same)
    return records


def _median(values: list[float]) -> float:
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def _run_once(program: Program, backend: str, mode: str, args) -> dict:
    """Runs ``program`` once on ``backend``; returns its result record (not stored)."""
    record = {"id": program.id, "backend": backend, "mode": mode, "date": time.strftime("%Y-%m-%d %H:%M")}
    try:
        cells = load_cells(program, args.sources)
    except (OSError, ValueError) as exc:
        record.update(finished=False, errors=[{"type": type(exc).__name__, "message": str(exc), "cell": None}])
        record["setup_error"] = True
        return record
    if backend == "keraslike":
        cells = [rewrite_source(c)[0] for c in cells]
    with tempfile.TemporaryDirectory(prefix="conf-") as tmp:
        workdir = Path(tmp)
        job = {"cells": cells, "mode": mode, "metric": program.metric}
        (workdir / "job.json").write_text(json.dumps(job), encoding="utf-8")
        result_path = workdir / "result.json"
        command = [_interpreter(backend, args), str(HERE / "harness.py"), str(workdir / "job.json"), str(result_path)]
        start = time.perf_counter()
        output, returncode, timed_out, cpu_s = _spawn(command, workdir, _environment(backend, program, workdir,
                                                                                      args.data_dir),
                                                      program.timeout * args.timeout_scale)
        record["process_wall_s"] = round(time.perf_counter() - start, 2)
        kind = "Timeout" if timed_out else f"Crash(returncode={returncode})"
        stopped = {"type": kind, "message": output.decode(errors="replace")[-1500:], "cell": None}
        if cpu_s is not None:
            record["process_cpu_s"] = round(cpu_s, 2)
        if result_path.exists():
            record.update(json.loads(result_path.read_text(encoding="utf-8")))
            if "cells_done" in record:  # the harness's progress file: stopped in cell `cells_done`
                stopped["cell"] = record["cells_done"]
                record.update(finished=False, errors=record["errors"] + [stopped],
                              cells_failed=record["cells_failed"] + 1)
        else:
            record.update(finished=False, errors=[stopped])
        record["output_tail"] = output.decode(errors="replace")[-3000:]
    return record


def _spawn(command, cwd, env, timeout):
    """Runs ``command``; returns (output, returncode, timed_out, cpu_s).

    ``cpu_s`` is the child's user + system CPU time (all its threads), from ``os.wait4``: on a shared machine it
    barely moves with the load, where the wall time does; ``None`` after a timeout.
    """
    with tempfile.TemporaryFile() as sink:
        proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=sink, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:  # reaped here, so Popen is told the exit status
                returncode, timed_out, cpu_s = os.waitstatus_to_exitcode(status), False, usage.ru_utime + usage.ru_stime
                proc.returncode = returncode
                break
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                returncode, timed_out, cpu_s = None, True, None
                break
            time.sleep(0.05)
        sink.seek(0)
        return sink.read(), returncode, timed_out, cpu_s


def _store(record: dict) -> dict:
    folder = RESULTS / record["mode"] / record["backend"]
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / (record["id"].replace("/", "__") + ".json")
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(target)
    return record


def _prepare_data(data_dir: Path) -> None:
    """Writes the offline stand-ins once (conformance/data), identical for both backends."""
    builder = HERE / "data" / "build.py"
    if builder.exists():
        subprocess.run([sys.executable, str(builder), str(data_dir)], check=True)


def _print_record(record: dict) -> None:
    status = "ok " if record.get("finished") else "ERR"
    err = record.get("errors") or [{}]
    same = record.get("same_state")
    ratio = f"  same-state ratio {same['ratio']:.2f}x {same['ratios']} cpu {same.get('cpu_ratio')}x" if same else ""
    print(f"{status} {record['backend']:9s} {record.get('process_wall_s', 0):7.1f}s {record['id']}"
          f"  metrics={record.get('metrics')}{ratio}  {err[0].get('type', '')}: "
          f"{str(err[0].get('message', ''))[:120]}",
          flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ids", nargs="*", help="program ids (prefixes match)")
    parser.add_argument("--topic")
    parser.add_argument("--backend", choices=("tf", "keraslike", "both"), default="both")
    parser.add_argument("--mode", choices=("strict", "cells"), default="strict")
    parser.add_argument("--sources", type=Path, default=DEFAULT_SOURCES)
    parser.add_argument("--data-dir", type=Path, default=REPO / ".conformance-data")
    parser.add_argument("--tf-python", default=os.environ.get("CONFORMANCE_TF_PYTHON", "/work/tfvenv/bin/python"))
    parser.add_argument("--keraslike-python", default=os.environ.get("CONFORMANCE_KERASLIKE_PYTHON", sys.executable))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout-scale", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=1, help="runs per program and backend (every metric is kept)")
    parser.add_argument("--interleave", action="store_true",
                        help="with --backend both: TF and keraslike runs alternate; the same-state ratio is kept")
    parser.add_argument("--failed-only", action="store_true",
                        help="only programs whose stored strict result on the backend did not finish (in either mode: "
                             "the cells-mode count covers the strict failures)")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args(argv)
    programs = load_manifest()
    if args.ids:
        programs = [p for p in programs if any(p.id.startswith(i) for i in args.ids)]
    if args.topic:
        programs = [p for p in programs if p.topic == args.topic]
    if args.interleave and args.backend != "both":
        parser.error(f"--interleave needs --backend both. Received: backend={args.backend}")
    if not args.report_only:
        _prepare_data(args.data_dir)
        backends = BACKENDS if args.backend == "both" else (args.backend,)
        tasks = [(p, b) for p in programs for b in backends]
        if args.failed_only:
            tasks = [(p, b) for p, b in tasks if not report.previous_finished(RESULTS, "strict", b, p.id)]
        if args.interleave:
            def work(program):
                return run_interleaved(program, args.mode, args)
            tasks = list({p.id: p for p, _ in tasks}.values())
        else:
            def work(task):
                return [run_repeated(task[0], task[1], args.mode, args)]
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for records in pool.map(work, tasks):
                for record in records:
                    _print_record(record)
    report.write_results(load_manifest(), RESULTS, HERE / "RESULTS.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
