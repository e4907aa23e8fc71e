"""Runs one program's cells inside the child interpreter (real TF's or keraslike's) and writes a result.

Stdlib only: the same file runs under both interpreters. Usage: ``python harness.py job.json result.json``.
The job gives the cells (already rewritten for keraslike), the mode and the metric expression.
strict: stop at the first failing cell, as a script stops. cells: a notebook's cells in one namespace,
going on after a failing cell, so one run counts every failing cell.
"""

import io
import json
import linecache
import os
import sys
import time
import traceback
import types


def _frames(tb):
    out = []
    for frame in traceback.extract_tb(tb):
        out.append({"file": frame.filename, "line": frame.lineno, "name": frame.name})
    return out


def _origin(frames, marker):
    """The innermost frame whose file lies under a package folder named ``marker``."""
    for frame in reversed(frames):
        if f"{os.sep}{marker}{os.sep}" in frame["file"]:
            return f"{frame['file'].split(os.sep + marker + os.sep, 1)[1]}:{frame['line']} {frame['name']}"
    return None


def _error_record(exc, cell_index):
    frames = _frames(exc.__traceback__)
    return {
        "cell": cell_index,
        "type": type(exc).__name__,
        "message": str(exc)[:2000],
        "keraslike_frame": _origin(frames, "keraslike"),
        "torch_frame": _origin(frames, "torch"),
        "tensorflow_frame": _origin(frames, "tensorflow") or _origin(frames, "keras"),
        "program_line": next((f["line"] for f in reversed(frames) if f["file"].startswith("<cell")), None),
    }


def _display(*objects, **_):
    for obj in objects:
        print(repr(obj))


def main(job_path, result_path):
    with open(job_path, encoding="utf-8") as f:
        job = json.load(f)
    # The program's namespace is the `__main__` module's, as in a notebook or a script: classes it defines
    # resolve their forward references (typing.get_type_hints, TF's ExtensionType) and pickle by name.
    main_module = types.ModuleType("__main__")
    sys.modules["__main__"] = main_module
    ns = main_module.__dict__
    ns.update({"__builtins__": __builtins__, "display": _display})
    result = {"finished": False, "errors": [], "cells": len(job["cells"]), "cells_failed": 0, "metric": None}
    start = time.perf_counter()
    for index, source in enumerate(job["cells"]):
        try:
            filename = f"<cell {index}>"
            # As IPython does: the cell's source is readable by inspect.getsource (TF's AutoGraph needs it
            # to convert a tf.function's Python control flow; without it TF fails where a notebook runs).
            linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
            code = compile(source, filename, "exec")
            exec(code, ns)  # noqa: S102 - running the corpus program is the point
            _write(result, result_path, index + 1)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                result["errors"].append(_error_record(exc, index))
                result["cells_failed"] += 1
            break
        except BaseException as exc:  # noqa: BLE001 - every failure of the program is recorded
            result["errors"].append(_error_record(exc, index))
            result["cells_failed"] += 1
            _write(result, result_path, index + 1)
            if job["mode"] == "strict" or isinstance(exc, KeyboardInterrupt):
                break
    result["finished"] = not result["errors"]
    if job.get("metric") and result["finished"]:
        try:
            result["metric"] = float(eval(job["metric"], ns))  # noqa: S307 - the manifest's metric expression
        except BaseException as exc:  # noqa: BLE001
            result["metric_error"] = f"{type(exc).__name__}: {exc}"[:500]
    result["wall_s"] = round(time.perf_counter() - start, 2)
    _write(result, result_path, None)


def _write(result, result_path, cells_done):
    """Writes the result so far: ``cells_done`` cells have run (None: the program is over).

    Written after every cell, so a run the runner stops at its time limit (or a process that dies) still
    tells how many cells ran and which failed; the runner counts the cell it was in as failing.
    """
    sys.stdout.flush()
    record = dict(result, finished=result["finished"] if cells_done is None else False)
    if cells_done is not None:
        record["cells_done"] = cells_done
    tmp = result_path + ".tmp"
    with io.open(tmp, "w", encoding="utf-8") as f:
        json.dump(record, f)
    os.replace(tmp, result_path)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
