"""A corpus program as the runner executes it: its source file split into cells, then the manifest's edits.

Sources are read from a scratch folder (see README: ``fetch_sources.py``), never from the repository.
A notebook's cells are its code cells; a keras-io ``.py`` program's cells are the code between its
top-level string blocks (the prose). Shell lines (``!pip ...``) and IPython magics (``%matplotlib``)
are dropped automatically: they are not Python. Every other edit is the manifest's, recorded with its
reason: cells dropped, and exact substring replacements that shrink constants.
"""

from __future__ import annotations

import ast
import json
import textwrap
from dataclasses import dataclass, field
from pathlib import Path


class ManifestError(ValueError):
    """A manifest entry that does not apply to its source (a missing cell, a replacement that no longer matches)."""


@dataclass(frozen=True)
class Program:
    """One manifest entry (see conformance/README.md for the fields)."""

    id: str
    repo: str
    commit: str
    path: str
    topic: str
    metric: str | None = None
    keras: int = 3
    timeout: int = 180
    drop: tuple = ()
    shrink: tuple = ()
    prelude: str = ""
    data: tuple = ()
    notes: str = ""
    extra: dict = field(default_factory=dict)

    def source_file(self, sources: Path) -> Path:
        return sources / self.repo.replace("/", "+") / self.commit[:12] / self.path


def _notebook_cells(text: str) -> list[str]:
    cells = []
    for cell in json.loads(text).get("cells", []):
        if cell.get("cell_type") == "code":
            src = cell.get("source", "")
            cells.append("".join(src) if isinstance(src, list) else src)
    return cells


def _script_cells(text: str) -> list[str]:
    """Splits a keras-io style script at its top-level string statements (the prose blocks)."""
    tree = ast.parse(text)
    lines = text.split("\n")
    cells, start = [], 0
    for node in tree.body:
        value = getattr(node, "value", None)
        is_prose = isinstance(node, ast.Expr) and isinstance(value, ast.Constant) and isinstance(value.value, str)
        if is_prose:
            chunk = "\n".join(lines[start : node.lineno - 1]).strip("\n")
            if chunk.strip():
                cells.append(chunk)
            start = node.end_lineno
    tail = "\n".join(lines[start:]).strip("\n")
    if tail.strip():
        cells.append(tail)
    return cells


def _cell_magic(cell: str) -> str | None:
    """A cell magic as IPython runs it: ``%%writefile [-a] name`` writes the body to the file; ``%%time``,
    ``%%timeit`` and ``%%capture`` run the body; any other cell magic is not Python (the cell becomes ``pass``)."""
    first, _, body = cell.lstrip("\n").partition("\n")
    words = first.split()
    if not words or not words[0].startswith("%%"):
        return None
    if words[0] == "%%writefile" and len(words) >= 2:
        mode = "a" if "-a" in words[1:-1] else "w"
        return f"with open({words[-1]!r}, {mode!r}) as _f:\n    _f.write({(body + chr(10))!r})"
    if words[0] in ("%%time", "%%timeit", "%%capture"):
        return body
    return "pass  # (cell magic dropped)"


def _strip_shell(cell: str) -> str:
    """Shell and magic lines (with their backslash continuation lines) become ``pass``; a cell indented as a
    whole is dedented, as IPython's input transformers do; cell magics as ``_cell_magic``. A cell that is valid
    Python has none (a line may start with `%` or `!` inside an expression: `"%d samples" \n % (n,)`)."""
    magic = _cell_magic(cell)
    if magic is not None:
        cell = magic
    cell = textwrap.dedent(cell)
    try:
        ast.parse(cell)
        return cell
    except SyntaxError:
        pass
    kept, continued = [], False
    for line in cell.split("\n"):
        s = line.lstrip()
        if continued or s.startswith("!") or s.startswith("%"):
            indent = line[: len(line) - len(s)] if not continued else kept[-1][: len(kept[-1]) - len(kept[-1].lstrip())]
            kept.append(indent + "pass  # (shell/magic line dropped)")
            continued = line.rstrip().endswith("\\")
        else:
            kept.append(line)
    return "\n".join(kept)


def load_cells(program: Program, sources: Path) -> list[str]:
    """The program's code cells after the automatic and the manifest's edits, in order."""
    path = program.source_file(sources)
    if not path.exists():
        raise FileNotFoundError(f"Source of {program.id} not fetched: {path}. Run conformance/fetch_sources.py first.")
    text = path.read_text(encoding="utf-8")
    cells = _notebook_cells(text) if path.suffix == ".ipynb" else _script_cells(text)
    cells = [_strip_shell(c) for c in cells]
    dropped = {int(d["cell"]) for d in program.drop}
    for index in dropped:
        if index >= len(cells):
            raise ManifestError(f"{program.id}: drop cell {index} but the program has {len(cells)} code cells")
    cells = ["pass  # (cell dropped by the manifest)" if i in dropped else c for i, c in enumerate(cells)]
    joined = "\n\x00CELL\x00\n".join(cells)
    for edit in program.shrink:
        old, new = edit["old"], edit["new"]
        count = int(edit.get("count", 1))
        found = joined.count(old)
        if found < 1 or (count > 0 and found != count):
            raise ManifestError(f"{program.id}: replacement {old!r} expected {count} match(es), found {found}")
        joined = joined.replace(old, new)
    cells = joined.split("\n\x00CELL\x00\n")
    if program.prelude:
        cells = [program.prelude, *cells]
    return cells
