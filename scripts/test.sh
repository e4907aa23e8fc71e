#!/usr/bin/env bash
# The README's test command: make a venv, install keraslike[dev], run lint and the whole test suite.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not slow" tests/keras -x`).
# KERASLIKE_VENV and KERASLIKE_TORCH_INDEX_URL: see scripts/_install.sh.
#
# With no arguments the two halves of the suite run at the same time: the multi-process tests (`-m slow`)
# spend much of their time starting interpreters and waiting on their replicas, the in-process tests keep one
# core busy. The slow half itself runs its test files on KERASLIKE_SLOW_WORKERS (default 2) pytest-xdist
# workers, a whole file to a worker (`--dist loadfile`: a module's shared job and the tests reading it stay
# together), so one file's waits (rendezvous, replica timeouts, restarts) overlap another's work. Each
# replica still gets its share of the cores (the launcher splits the cores it may use between the replicas
# of a job, whatever else runs); the slow half's report follows the quick half's.
# The quick half runs torch on one thread (KERASLIKE_QUICK_THREADS, default 1): it is one core's work beside the
# slow half, and torch's intra-op threads on cores that are already busy spin while they wait (measured under
# load: the same test files took 3.5x the CPU time with two threads as with one). The whole quick half happens to
# run on one thread already (tests/keras/trainers/test_multi_output.py sets it when it is collected); this keeps
# it so whatever a test module or an in-process strategy does to torch's default.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_install.sh dev
ruff check keraslike tests examples benchmarks models
if [ "$#" -gt 0 ]; then
    exec python -m pytest -q -ra "$@"
fi
slow_log="$(mktemp "${TMPDIR:-/tmp}/keraslike-slow-tests.XXXXXX")"
python -m pytest -q -ra -m slow -p no:cacheprovider -n "${KERASLIKE_SLOW_WORKERS:-2}" --dist loadfile \
    >"$slow_log" 2>&1 &
slow_pid=$!
trap 'kill "$slow_pid" 2>/dev/null || true' INT TERM
quick=0
OMP_NUM_THREADS="${KERASLIKE_QUICK_THREADS:-1}" python -m pytest -q -ra -m "not slow" || quick=$?
slow=0
wait "$slow_pid" || slow=$?
echo "== the multi-process tests (-m slow), run alongside:"
cat "$slow_log"
rm -f "$slow_log"
if [ "$quick" -ne 0 ]; then exit "$quick"; fi
exit "$slow"
