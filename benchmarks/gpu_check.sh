#!/usr/bin/env bash
# One prepared check for a lent GPU machine (< 8 minutes on one GPU): 1-GPU fit on arrays (only each step's rows
# on the GPU, pinned + non-blocking) and tf.data, OneDeviceStrategy, MirroredStrategy over the visible GPUs (NCCL),
# channels_last CNN vs raw torch, mixed precision (autocast and the mixed_bfloat16 policy), jit_compile, tf.device
# placement log, memory limits and growth, device visibility, and a ResNet-18-sized images/s table vs a raw torch
# loop. Writes benchmarks/results/gpu_check_<date>.txt (and a copy under $OUT when the device tool sets it).
# The sections that need no CUDA also run on the CPU in tests/benchmarks/test_gpu_check_smoke.py (--smoke).
#
# Run, from the repository root, on the GPU machine (keraslike is pure Python: no install needed there
# when python3 already has torch, numpy, tqdm and scikit-learn):
#     bash benchmarks/gpu_check.sh
# Through the device tool:  run(command="bash benchmarks/gpu_check.sh", timeout_s=540)
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p benchmarks/results
RESULT="benchmarks/results/gpu_check_$(date -u +%Y-%m-%d).txt"
{
  echo "# gpu_check $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 || echo "nvidia-smi unavailable"
  timeout 470 "$PY" benchmarks/gpu_check.py "$@"
  echo "exit status: $?"
} 2>&1 | tee "$RESULT"
status=${PIPESTATUS[0]}
if [ -n "${OUT:-}" ]; then cp "$RESULT" "$OUT/"; fi
exit "$status"
