# Sourced by scripts/main_job.sh and scripts/test.sh: create and activate the venv, then install
# keraslike with the extras given as "$1" (e.g. "examples" or "dev"), showing pip's progress.
#   KERASLIKE_VENV=DIR             venv folder (default .venv)
#   KERASLIKE_TORCH_INDEX_URL=URL  install torch from this index first, e.g. the CPU-only build:
#                                  https://download.pytorch.org/whl/cpu  (about 0.2 GB download
#                                  instead of about 5 GB of CUDA libraries); see the README's "Install".
VENV="${KERASLIKE_VENV:-.venv}"
python3 -m venv "$VENV"
. "$VENV/bin/activate"
if [ -n "${KERASLIKE_TORCH_INDEX_URL:-}" ]; then
    echo "== installing torch from $KERASLIKE_TORCH_INDEX_URL into $VENV"
    python -m pip install --progress-bar on "torch>=2.4,<2.15" --index-url "$KERASLIKE_TORCH_INDEX_URL"
fi
if python -c "import torch" 2>/dev/null; then
    echo "== installing keraslike[$1] into $VENV (torch $(python -c 'import torch; print(torch.__version__)') is already there)"
else
    echo "== installing keraslike[$1] into $VENV: torch and its dependencies are the big part (on Linux the"
    echo "   default torch wheel brings CUDA 13 libraries and triton, about 5 GB on disk and a few minutes;"
    echo "   KERASLIKE_TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu gets the small CPU-only build)"
fi
python -m pip install --progress-bar on -e ".[$1]"
echo "== installed: $(python -c 'import importlib.metadata as m; print("keraslike", m.version("keraslike"), "on torch", m.version("torch"))')"
