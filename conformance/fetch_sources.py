"""Fetches the corpus programs' source files into a scratch folder (never into the repository).

    python conformance/fetch_sources.py [--sources DIR] [--mirror owner/name=GIT_DIR ...]

For each manifest entry, ``repo@commit:path`` is written to ``DIR/<owner>+<name>/<commit[:12]>/<path>``.
A local git directory may stand in for a repository (``--mirror tensorflow/docs=/path/to/docs.git``);
otherwise the file is downloaded from raw.githubusercontent.com at the recorded commit.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conformance.run import DEFAULT_SOURCES, load_manifest  # noqa: E402


def _from_mirror(git_dir: str, commit: str, path: str) -> bytes:
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True).stdout


def _from_github(repo: str, commit: str, path: str) -> bytes:
    with urllib.request.urlopen(f"https://raw.githubusercontent.com/{repo}/{commit}/{path}", timeout=60) as r:
        return r.read()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sources", type=Path, default=DEFAULT_SOURCES)
    parser.add_argument("--mirror", action="append", default=[], help="owner/name=GIT_DIR")
    args = parser.parse_args(argv)
    mirrors = dict(m.split("=", 1) for m in args.mirror)
    missing = 0
    for program in load_manifest():
        target = program.source_file(args.sources)
        if target.exists():
            continue
        try:
            data = (_from_mirror(mirrors[program.repo], program.commit, program.path) if program.repo in mirrors
                    else _from_github(program.repo, program.commit, program.path))
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"could not fetch {program.repo}@{program.commit[:12]}:{program.path}: {exc}", file=sys.stderr)
            missing += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    print(f"sources in {args.sources}; {missing} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
