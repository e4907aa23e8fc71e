#!/usr/bin/env bash
# The README's test command: make a venv, install keraslike[dev], run lint and the whole test suite.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not slow" tests/keras -x`).
# KERASLIKE_VENV and KERASLIKE_TORCH_INDEX_URL: see scripts/_install.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_install.sh dev
ruff check keraslike tests examples benchmarks models
python -m pytest -q -ra "$@"
