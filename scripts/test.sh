#!/usr/bin/env bash
# The README's test command: make a venv, install keraslike[dev], run lint and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install -q -e ".[dev]"
ruff check keraslike tests examples benchmarks models
python -m pytest -q -ra
