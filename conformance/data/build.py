"""Writes the offline stand-ins into a data folder, once, identically for both backends.

    python conformance/data/build.py DATA_DIR

Imports every module of ``conformance/data/standins/`` (names not starting with ``_``); each defines
``STANDINS = {url: builder}`` where ``builder(path)`` writes that URL's file, and may define
``PINNED = {url: hex_digest or [hex_digest, ...]}``: the digests loaders pin for that URL (Keras's
``file_hash=``). Writes each URL's file into DATA_DIR/files/, then:

- ``index.json``: ``{url: file name}`` (what ``site/sitecustomize.py`` serves);
- ``hashes.json``: ``{"sha256": {stand-in digest: pinned digest}, "md5": {...}}`` (the hash rule: the
  served file is the stand-in, and a digest of its exact bytes reads as the pinned one);
- ``stamps.json``: per URL, a digest of the stand-in module's source, so an edited module is rebuilt.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pkgutil
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from conformance.data import standins  # noqa: E402


def file_name(url: str) -> str:
    """A stable file name for a URL: its last path segment, prefixed with a short digest of the URL."""
    tail = re.sub(r"[^A-Za-z0-9._-]", "_", url.rstrip("/").rsplit("/", 1)[-1].split("?", 1)[0]) or "index"
    return f"{hashlib.sha1(url.encode()).hexdigest()[:10]}_{tail}"


def collect() -> tuple[dict, dict, dict]:
    """``(builders, pinned, stamps)`` over every stand-in module; a URL defined twice is an error."""
    builders, pinned, stamps = {}, {}, {}
    for info in sorted(pkgutil.iter_modules(standins.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{standins.__name__}.{info.name}")
        source = Path(module.__file__).read_bytes()
        common = (Path(standins.__path__[0]) / "_common.py")
        stamp = hashlib.sha256(source + (common.read_bytes() if common.exists() else b"")).hexdigest()[:16]
        for url, builder in module.STANDINS.items():
            same = {u for u in builders if _served_as(u) == _served_as(url)}  # sitecustomize serves http as https
            if same:
                raise ValueError(f"URL {url} has two stand-ins (second in standins/{info.name}.py)")
            builders[url] = builder
            stamps[url] = f"{info.name}:{stamp}"
        for url, digests in getattr(module, "PINNED", {}).items():
            pinned[url] = [digests] if isinstance(digests, str) else list(digests)
    return builders, pinned, stamps


def _served_as(url: str) -> str:
    return "https://" + url[len("http://"):] if url.startswith("http://") else url


def _digests(path: Path) -> dict:
    sha, md5 = hashlib.sha256(), hashlib.md5()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            sha.update(chunk)
            md5.update(chunk)
    return {"sha256": sha.hexdigest(), "md5": md5.hexdigest()}


def build(data_dir: Path, only: list[str] | None = None) -> dict:
    data_dir = Path(data_dir)
    files = data_dir / "files"
    files.mkdir(parents=True, exist_ok=True)
    builders, pinned, stamps = collect()
    old_stamps = _read(data_dir / "stamps.json")
    old_digests = _read(data_dir / "digests.json")
    index, digests = {}, {}
    for url, builder in builders.items():
        name = file_name(url)
        target = files / name
        if not (target.exists() and old_stamps.get(url) == stamps[url] and url in old_digests) and (
                not only or any(o in url for o in only)):
            tmp = files / (name + ".tmp")
            builder(tmp)
            tmp.replace(target)
            print(f"built {url} -> {name} ({target.stat().st_size} bytes)", flush=True)
            digests[url] = _digests(target)
        elif url in old_digests:
            digests[url] = old_digests[url]
        else:
            continue
        index[url] = name
    hashes = {"sha256": {}, "md5": {}}
    for url, wanted in pinned.items():
        if url not in digests:
            continue
        for digest in wanted:
            algorithm = "sha256" if len(digest) == 64 else "md5"
            hashes[algorithm][digests[url][algorithm]] = digest.lower()
    _write(data_dir / "index.json", index)
    _write(data_dir / "hashes.json", hashes)
    _write(data_dir / "digests.json", digests)
    _write(data_dir / "stamps.json", {u: s for u, s in stamps.items() if u in index})
    return index


def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _write(path: Path, obj) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(obj, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python conformance/data/build.py DATA_DIR [URL-SUBSTRING ...]")
    build(Path(sys.argv[1]), sys.argv[2:] or None)
