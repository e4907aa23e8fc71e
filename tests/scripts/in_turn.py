"""Worker script: several worker scripts run in turn as one program, so their replicas start once.

Usage:
    python tests/scripts/in_turn.py SPEC.json

SPEC.json is `[{"name": NAME, "argv": [SCRIPT, ARG, ...], "log": PREFIX}, ...]`. Each script runs as `__main__`
with `sys.argv = argv`, as `python SCRIPT ARG ...` would run it. The first two-replica `MirroredStrategy` re-runs
this program as the replicas (the launcher re-runs the command line, `in_turn.py SPEC.json`), and every later
script's strategy reuses them, as a program that makes a second strategy does (tests/launch/test_launcher.py);
the scripts set the same logical devices again, which TF accepts. A job costs its own work only, not two
interpreter starts, imports and a rendezvous (tests/conftest.py `shared_jobs`).

On the process that runs the jobs first (the chief, or the only process), each job's stdout and stderr go to
`PREFIX.stdout` / `PREFIX.stderr` and its exit code to `PREFIX.code` ("0" when the script returned or exited 0).
A job that fails ends the program there, as the script alone would have ended (the launcher then stops every
replica); the jobs after it have no `.code` file. The Keras switch (`TF_USE_LEGACY_KERAS`), which a job may flip
mid-script, is put back as it was after each job.
"""

import contextlib
import json
import os
import runpy
import sys
import traceback

_SWITCHES = ("TF_USE_LEGACY_KERAS",)


def _run(job, chief):
    sys.argv = [str(a) for a in job["argv"]]
    prefix = job["log"]
    code, failure = 0, None
    with _job_output(prefix) if chief else contextlib.nullcontext():
        try:
            # one line for every process: keraslike's one-program agreement names a script's calls (temp names,
            # clock readings) by the user frames on the stack, this file's among them, so the chief and the
            # replicas must reach the script through the same lines
            runpy.run_path(sys.argv[0], run_name="__main__")
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            failure = stop
            if code and chief:
                traceback.print_exc()
        except BaseException as exc:
            code, failure = 1, exc
            if chief:
                traceback.print_exc()
    if not chief:  # a launched replica: what the script raised ends it, as the script alone would
        if failure is not None:
            raise failure
        return
    with open(f"{prefix}.code", "w") as f:
        f.write(str(code))
    if code:
        raise SystemExit(f"in_turn: job {job['name']!r} failed with code {code}; see {prefix}.stderr")


@contextlib.contextmanager
def _job_output(prefix):
    """The chief's stdout and stderr go to the job's log files while it runs."""
    with open(f"{prefix}.stdout", "w") as out, open(f"{prefix}.stderr", "w") as err:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield


def main():
    with open(sys.argv[1]) as f:
        jobs = json.load(f)
    chief = "KERASLIKE_LAUNCHED" not in os.environ  # a launched replica: its stderr is relayed to the chief's
    for job in jobs:
        switches = {key: os.environ.get(key) for key in _SWITCHES}
        _run(job, chief)
        for key, value in switches.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


if __name__ == "__main__":
    main()
