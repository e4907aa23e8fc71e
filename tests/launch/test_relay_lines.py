"""Replicas' stderr is relayed in whole lines, between the chief's own lines (issue 21 item 8).

Before `launch/line_gate.py`, with stdout and stderr on one pipe, the relay wrote replica 1's lines into the
middle of the chief's `print(a, b)` lines (21 broken lines of 4500 in `tests/scripts/relay_lines.py`, e.g.
`chief [replica 1] replica 1 xxx...`); now every line is whole.
"""

import codecs
import os
import re
import subprocess
import sys
import threading
import time

import pytest

from keraslike._src.launch.line_gate import LineGate
from keraslike._src.launch.notebook_launcher import _Launch
from tests.conftest import REPO, SCRIPTS, script_env

PAD = "x" * 57


@pytest.mark.slow
def test_chief_print_lines_and_relayed_lines_stay_whole_on_one_pipe():
    proc = subprocess.run([sys.executable, str(SCRIPTS / "relay_lines.py")], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600, cwd=REPO,
                          env=script_env(OMP_NUM_THREADS="1"))
    assert proc.returncode == 0, proc.stdout[-3000:]
    lines = proc.stdout.splitlines()
    bad = [ln for ln in lines if not re.fullmatch(rf"(chief \d+ {PAD}|\[replica 1\] replica \d+ {PAD})", ln)]
    assert not bad, bad[:5]
    assert sum(ln.startswith("chief") for ln in lines) == 3000
    assert sum(ln.startswith("[replica 1]") for ln in lines) == 1500


class _Sink:
    """One output both the chief's text writes and the relay's bytes go to (a terminal or a pipe)."""

    def __init__(self):
        self.parts = []

    def write(self, data):
        self.parts.append(data.decode() if isinstance(data, bytes) else data)
        return len(data)

    def flush(self):
        pass


def test_gate_puts_relayed_lines_between_piecewise_writes():
    sink = _Sink()
    gate = LineGate()
    chief = gate.track(sink)

    def relay():
        for i in range(200):
            gate.emit(f"[replica 1] r{i}\n".encode(), sink)

    thread = threading.Thread(target=relay)
    thread.start()
    for i in range(200):
        for piece in ("chief", " ", str(i), "\n"):  # what print("chief", i) writes
            chief.write(piece)
            time.sleep(0.0002)
    thread.join()
    lines = "".join(sink.parts).splitlines()
    assert all(re.fullmatch(r"chief \d+|\[replica 1\] r\d+", ln) for ln in lines), lines[:10]
    assert len(lines) == 400


def test_gate_waits_a_bounded_time_for_an_open_line():
    sink = _Sink()
    gate = LineGate()
    chief = gate.track(sink)
    chief.write("\rEpoch 1/1 [=====>    ]")  # a progress bar the chief keeps redrawing
    start = time.monotonic()
    gate.emit(b"[replica 1] warning", sink)
    assert time.monotonic() - start < 3
    assert "".join(sink.parts).endswith("[=====>    ]\n[replica 1] warning\n")


def test_notebook_launcher_relay_keeps_replica_0_lines_whole(monkeypatch):
    sink = _Sink()  # a notebook cell shows stdout and stderr in arrival order
    monkeypatch.setattr(sys, "stdout", sink)
    monkeypatch.setattr(sys, "stderr", sink)
    launch = _Launch(None, (), 2)
    (out0_r, out0_w), (err1_r, err1_w) = os.pipe(), os.pipe()
    launch.streams[out0_r] = [0, "stdout", codecs.getincrementaldecoder("utf-8")("replace"), ""]
    launch.streams[err1_r] = [1, "stderr", codecs.getincrementaldecoder("utf-8")("replace"), ""]
    steps = ((out0_w, b"chief 37", out0_r), (err1_w, b"warning\n", err1_r), (out0_w, b" xxx\n", out0_r))
    for fd, data, src in steps:
        os.write(fd, data)
        launch._relay(src)
    assert "".join(sink.parts) == "chief 37 xxx\n[replica 1] warning\n"
    os.write(out0_w, b"\rEpoch 1 [==>   ]")  # a bar replica 0 keeps redrawing: the held line waits a bounded time
    launch._relay(out0_r)
    os.write(err1_w, b"late\n")
    launch._relay(err1_r)
    launch._release_held(force=True)
    assert "".join(sink.parts).endswith("[==>   ]\n[replica 1] late\n")
    for fd in (out0_r, out0_w, err1_r, err1_w):
        os.close(fd)
