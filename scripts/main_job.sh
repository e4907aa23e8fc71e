#!/usr/bin/env bash
# The README's main-job command: make a venv, install keraslike with its examples extra, train
# on scikit-learn's handwritten digits under MirroredStrategy (all GPUs, else 2 CPU replicas).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${KERASLIKE_VENV:-.venv}"
python3 -m venv "$VENV"
. "$VENV/bin/activate"
python -m pip install -q -e ".[examples]"
python examples/digits_mirrored.py "$@"
