"""RESULTS.md from the stored per-program results: one row per program, the totals, the causes.

The classification of keraslike's first error (only where real TF finished the program):
- missing name: an AttributeError/ImportError about a keraslike module or object;
- raw torch error: raised from inside torch (a torch frame is the innermost library frame);
- crash: a timeout or a dead process;
- wrong value: both finished, but keraslike's final metric lies outside TF's (see below);
- wrong semantics: any other error keraslike raised where TF went on.

The metric rule. A result may hold several runs of a program (``run --repeat N`` stores ``metrics``, every run's
final metric; older results hold one ``metric``). TF's range is [min, max] of its finished runs' metrics, widened
on both sides by the tolerance: 2 points (0.02) for a metric within [-1, 1], else 2% of TF's largest magnitude.
keraslike's metric is the mean of its finished runs' metrics. The verdict is ``ok`` when that mean lies inside
TF's widened range, ``wrong value`` when it lies outside. A NaN metric agrees only with NaN on the other side.

The cells-mode count (corpus-wide). A program that finishes in strict mode has no failing cell, so the corpus's
failing cells are those of the programs keraslike stops on in strict mode, each run once in cells mode (every cell
runs, going on after failures). They are counted apart for the programs TF finishes and those TF fails too; for
the latter, a keraslike failing cell that also fails in TF's cells-mode run of the program is counted as failing
on TF as well (TF's strict run tells it without a cells-mode run when keraslike fails no cell after TF's first
failing one). ``results/cells/baseline.json`` holds the same per-program counts of an earlier keraslike commit
(run with the current manifest and data layer) and is reported beside them.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

METRIC_TOLERANCE = 0.02  # 2 points on a [0, 1] metric; relative for other scales


def _load(results: Path, mode: str, backend: str, program_id: str) -> dict | None:
    path = results / mode / backend / (program_id.replace("/", "__") + ".json")
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def previous_finished(results: Path, mode: str, backend: str, program_id: str) -> bool:
    record = _load(results, mode, backend, program_id)
    return bool(record and record.get("finished"))


def run_metrics(record: dict | None) -> list[float]:
    """Every finished run's final metric of a stored result (``metrics``; ``[metric]`` for one-run results)."""
    if not record or not record.get("finished"):
        return []
    values = record.get("metrics")
    if values is None:
        values = [record.get("metric")]
    return [float(v) for v in values if v is not None]


def metrics_agree(tf_metrics, kl_metrics) -> bool:
    """True when keraslike's mean metric lies in TF's run range widened by the tolerance (module docstring)."""
    tf_metrics = [tf_metrics] if isinstance(tf_metrics, (int, float)) else list(tf_metrics or [])
    kl_metrics = [kl_metrics] if isinstance(kl_metrics, (int, float)) else list(kl_metrics or [])
    if not tf_metrics or not kl_metrics:
        return True
    tf_nan = [v for v in tf_metrics if math.isnan(v)]
    kl_nan = [v for v in kl_metrics if math.isnan(v)]
    if tf_nan or kl_nan:
        return len(tf_nan) == len(tf_metrics) and len(kl_nan) == len(kl_metrics)
    largest = max(abs(v) for v in tf_metrics)
    tolerance = METRIC_TOLERANCE * (1.0 if largest <= 1.0 else largest)
    kl_mean = sum(kl_metrics) / len(kl_metrics)
    return min(tf_metrics) - tolerance <= kl_mean <= max(tf_metrics) + tolerance


def classify(tf: dict | None, kl: dict | None) -> str:
    if kl is None:
        return "not run"
    if kl.get("finished"):
        return "ok" if metrics_agree(run_metrics(tf), run_metrics(kl)) else "wrong value"
    error = (kl.get("errors") or [{}])[0]
    kind, message = error.get("type", ""), error.get("message", "")
    if kind == "Timeout" or kind.startswith("Crash"):
        return "crash"
    if kind in ("AttributeError", "ImportError", "ModuleNotFoundError") and (
        "keraslike" in message or "has no attribute" in message or "cannot import name" in message
    ):
        return "missing name"
    if error.get("torch_frame"):
        return "raw torch error"
    return "wrong semantics"


def _fmt_metric(value) -> str:
    return "" if value is None else f"{value:.4g}"


def _fmt_runs(record: dict) -> str:
    """``finished 0.89`` for one run, ``finished 0.89, 0.87`` for every finished run of a repeated result."""
    values = run_metrics(record)
    if len(values) <= 1:
        return ("finished " + _fmt_metric(record.get("metric"))).strip()
    return "finished " + ", ".join(_fmt_metric(v) for v in values)


def _first_error(record: dict | None) -> str:
    if not record or record.get("finished"):
        return ""
    error = (record.get("errors") or [{}])[0]
    message = " ".join(str(error.get("message", "")).split())[:140].replace("|", "\\|")
    where = error.get("keraslike_frame") or error.get("torch_frame") or ""
    cell = error.get("cell")
    at = f" (cell {cell}{', ' + where if where else ''})" if cell is not None or where else ""
    return f"{error.get('type', '')}: {message}{at}"


def _failing_cells(record: dict) -> set[int]:
    return {e["cell"] for e in record.get("errors") or [] if e.get("cell") is not None}


def _also_on_tf(record: dict, tf_strict: dict | None, tf_cells: dict | None) -> int | None:
    """How many of keraslike's failing cells fail on TF too (None: unknown without TF's cells-mode run).

    TF's strict run passed every cell before its first failing one and failed that one, so TF's cells-mode run is
    needed only when keraslike fails a cell after it.
    """
    failing = _failing_cells(record)
    if tf_cells and "cells" in tf_cells:
        return len(failing & _failing_cells(tf_cells))
    first = ((tf_strict or {}).get("errors") or [{}])[0].get("cell")
    if first is None or any(cell > first for cell in failing):
        return None
    return int(first in failing)


def cells_totals(programs, results: Path, cells_records: dict | None = None) -> dict:
    """The corpus-wide cells-mode figures (module docstring) over the programs keraslike fails in strict mode.

    ``cells_records`` maps a program id to its keraslike cells-mode record (the baseline's); by default the stored
    cells results of the programs whose stored strict keraslike result did not finish. Returns the totals per group
    (``all``, ``tf_finishes``, ``tf_fails``: programs, cells, failed), ``tf_also`` (failing cells that fail on TF
    too), ``tf_unknown`` (TF-failing programs without a TF cells run) and ``missing`` (failing programs with no
    cells-mode result).
    """
    totals = {group: {"programs": 0, "cells": 0, "failed": 0, "failing": 0}
              for group in ("all", "tf_finishes", "tf_fails")}
    totals.update(tf_also=0, tf_unknown=[], missing=[], per_program={})
    for program in programs:
        if cells_records is None:
            kl = _load(results, "strict", "keraslike", program.id)
            if not kl or kl.get("finished"):
                continue
            record = _load(results, "cells", "keraslike", program.id)
        elif program.id in cells_records:
            record = cells_records[program.id]
        else:
            continue
        if not record or "cells" not in record:
            totals["missing"].append(program.id)
            continue
        tf = _load(results, "strict", "tf", program.id)
        group = "tf_finishes" if tf and tf.get("finished") else "tf_fails"
        also = None
        if group == "tf_fails":
            also = _also_on_tf(record, tf, _load(results, "cells", "tf", program.id))
            if also is None:
                totals["tf_unknown"].append(program.id)
            else:
                totals["tf_also"] += also
        for key in ("all", group):
            totals[key]["programs"] += 1
            totals[key]["cells"] += record["cells"]
            totals[key]["failed"] += record["cells_failed"]
            totals[key]["failing"] += bool(record["cells_failed"])
        totals["per_program"][program.id] = (record["cells_failed"], record["cells"], also)
    return totals


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cells_lines(label: str, totals: dict) -> list[str]:
    every, fin, fails = totals["all"], totals["tf_finishes"], totals["tf_fails"]
    lines = [
        f"- {label}: {every['failed']} failing cells of {every['cells']} run, in the "
        f"{_plural(every['programs'], 'program')} keraslike fails in strict mode ({every['failing']} with a failing "
        f"cell in cells mode)" + ("" if totals["tf_unknown"] else
                                  f"; {every['failed'] - totals['tf_also']} of those cells pass on TF"),
        f"  - where TF finishes: {fin['failed']} of {fin['cells']} in {_plural(fin['programs'], 'program')}",
        f"  - where TF fails too: {fails['failed']} of {fails['cells']} in {_plural(fails['programs'], 'program')}; "
        f"{_plural(totals['tf_also'], 'cell')} of those fail on TF as well",
    ]
    if totals["tf_unknown"]:
        lines[-1] += (f" ({_plural(len(totals['tf_unknown']), 'program')} without a TF cells-mode run: "
                      + ", ".join(f"`{i}`" for i in totals["tf_unknown"]) + ")")
    if totals["missing"]:
        lines.append(f"  - not counted, no cells-mode run: {', '.join(f'`{i}`' for i in totals['missing'])}")
    return lines

def write_results(programs, results: Path, target: Path) -> None:
    rows, counts, causes = [], Counter(), Counter()
    ratios = []
    cells_now = cells_totals(programs, results)
    for program in programs:
        tf = _load(results, "strict", "tf", program.id)
        kl = _load(results, "strict", "keraslike", program.id)
        tf_ok = bool(tf and tf.get("finished"))
        verdict = classify(tf, kl) if tf_ok else ("TF fails" if tf else "not run")
        counts[verdict] += 1
        if tf_ok and verdict == "wrong value":
            causes["wrong value: both finished, keraslike's metric outside TF's run range widened by 2 points"] += 1
        elif tf_ok and verdict not in ("ok", "not run"):
            causes[_first_error(kl).split(" (cell")[0][:100]] += 1
        same = _load(results, "strict", "same_state", program.id)
        if tf_ok and kl and kl.get("finished") and same:
            ratios.append(same["ratio"])
        elif tf_ok and kl and kl.get("finished") and tf.get("process_wall_s") and kl.get("process_wall_s"):
            ratios.append(kl["process_wall_s"] / tf["process_wall_s"])
        tf_text = _fmt_runs(tf) if tf_ok else _first_error(tf) or "not run"
        kl_done = bool(kl and kl.get("finished"))
        kl_text = _fmt_runs(kl) if kl_done else ("" if kl else "not run")
        time_text = ""
        if tf and kl and tf.get("process_wall_s") and kl.get("process_wall_s"):
            time_text = f"{kl['process_wall_s']:.0f}/{tf['process_wall_s']:.0f}"
        if same:
            cpu = f", CPU {same['cpu_ratio']:.2f}x" if same.get("cpu_ratio") else ""
            time_text += f" (same-state {same['ratio']:.2f}x{cpu})"
        cells_text = ""
        if program.id in cells_now["per_program"]:
            failed, cells, also = cells_now["per_program"][program.id]
            cells_text = f"{failed}/{cells}" + ("" if also is None else f" ({also} on TF too)")
        rows.append(
            f"| `{program.id}` | {program.topic} | {program.keras} | {tf_text} | {kl_text} | {verdict} | "
            f"{_first_error(kl)} | {cells_text} | {time_text} |"
        )
    finished_by_tf = sum(v for k, v in counts.items() if k not in ("TF fails", "not run"))
    ok = counts["ok"]
    lines = [
        "# Conformance results",
        "",
        "Generated by `python -m conformance.run` (see README.md); do not edit by hand. Strict mode: a program",
        "stops at its first error. Verdicts compare keraslike with real TensorFlow 2.21 on the same program and",
        "the same offline data; `wrong value` means both finished but keraslike's final metric (the mean of its runs)",
        "lies outside the range of TF's runs (`run --repeat N` keeps every run's metric) widened by 2 points",
        "(2% of the magnitude for a metric beyond [-1, 1]). The metric columns list every run's metric.",
        "",
        f"- Programs in the corpus: {len(programs)}",
        f"- Finished on real TF: {finished_by_tf}",
        f"- Finished on keraslike with TF's metric (of those): {ok} "
        f"({(100 * ok / finished_by_tf) if finished_by_tf else 0:.1f}%)",
        "- Verdicts: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())),
    ]
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        same_count = sum(1 for p in programs if _load(results, "strict", "same_state", p.id))
        lines.append(f"- Wall time keraslike/TF (process, both on CPU, one thread): geometric mean {geo:.2f}x, "
                     f"max {max(ratios):.2f}x over {len(ratios)} programs ({same_count} measured same-state: "
                     "`run --interleave` runs TF and keraslike back to back and keeps the median pair ratio)")
    lines += _cells_lines("Cells mode (keraslike), corpus-wide (a program that finishes in strict mode has no "
                          "failing cell)", cells_now)
    baseline_path = results / "cells" / "baseline.json"
    if baseline_path.exists():
        baseline = json.loads(baseline_path.read_text(encoding="utf-8"))
        lines += _cells_lines(f"The same before ({baseline['label']})",
                              cells_totals(programs, results, baseline["programs"]))
    if causes:
        lines += ["", "## Most common first errors", ""]
        lines += [f"{n}. ({count}) {cause}" for n, (cause, count) in enumerate(causes.most_common(10), 1)]
    lines += [
        "",
        "## Programs",
        "",
        "| program | topic | Keras | TF 2.21 | keraslike | verdict | keraslike's first error | failing cells "
        "| wall s kl/TF |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
    ]
    tmp = target.with_suffix(".tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(target)
