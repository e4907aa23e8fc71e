#!/usr/bin/env bash
# The README's main-job command: make a venv, install keraslike with its examples extra, train
# on scikit-learn's handwritten digits under MirroredStrategy (all GPUs, else 2 CPU replicas).
# Extra arguments go to examples/digits_mirrored.py (e.g. --quick, --epochs 5).
# KERASLIKE_VENV and KERASLIKE_TORCH_INDEX_URL: see scripts/_install.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_install.sh examples
python examples/digits_mirrored.py "$@"
