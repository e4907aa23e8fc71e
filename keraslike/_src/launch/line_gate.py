"""Relayed replica lines land between the chief's own lines, never inside one (DESIGN §5).

The launching chief relays each replica's stderr line by line. Written straight to the chief's stderr, a
relayed line could land in the middle of a line the chief is printing: `print(a, b)` makes four writes,
and a block-buffered stdout (a pipe, `| tee log`, CI) flushes at arbitrary byte counts, so with stdout and
stderr on one pipe `chief 37 ...` came out as `chief [replica 1] replica 1 ...` + `37 ...`.

`install()` (in the chief, when it launches replicas) puts a thin tracking layer over `sys.stdout` and
`sys.stderr`: each write records whether the stream now ends at a line boundary. `LineGate.emit` waits
(up to `_WAIT_S`) until both streams do, flushes the chief's complete lines first (so output keeps its
order), then writes the relayed line in one piece. A chief line left open for longer (a progress bar
redrawn with `\\r`, `print(..., end="")`) gets the relayed line on a line of its own after a newline.
"""

import sys
import threading

_WAIT_S = 1.0


class LineGate:
    """Serialises the chief's writes and relayed lines; see the module docstring."""

    def __init__(self):
        self._cond = threading.Condition(threading.RLock())
        self._streams = []

    def track(self, stream):
        """A stream proxy over `stream` whose writes this gate sees."""
        tracked = _TrackedStream(stream, self)
        self._streams.append(tracked)
        return tracked

    def _open_line(self):
        return any(not s._at_line_start for s in self._streams)

    def emit(self, line, err):
        """Write `line` (bytes, one relayed line) to `err` (binary stream) between two chief lines."""
        if not line.endswith(b"\n"):
            line += b"\n"
        with self._cond:
            self._cond.wait_for(lambda: not self._open_line(), timeout=_WAIT_S)
            if self._open_line():  # a line the chief keeps open: the relayed one goes on its own line
                line = b"\n" + line
                for s in self._streams:
                    s._at_line_start = True
            for s in self._streams:
                s._flush_quietly()
            err.write(line)
            err.flush()

    def _wrote(self):
        self._cond.notify_all()


class _TrackedStream:
    """Text stream proxy: forwards everything to the wrapped stream, noting whether it ends a line."""

    def __init__(self, stream, gate):
        self.__dict__.update(_stream=stream, _gate=gate, _at_line_start=True)

    def write(self, text):
        with self._gate._cond:
            count = self._stream.write(text)
            if text:
                self._at_line_start = text.endswith("\n")
                if self._at_line_start:
                    self._gate._wrote()
            return count

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def _flush_quietly(self):
        try:
            self._stream.flush()
        except Exception:  # noqa: BLE001 - a closed stream: nothing of the chief's left to order
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)

    def __setattr__(self, name, value):
        if name in ("_at_line_start",):
            self.__dict__[name] = value
        else:
            setattr(self._stream, name, value)

    def __iter__(self):
        return iter(self._stream)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return self._stream.__exit__(*exc)


_GATE = {"gate": None}


def install():
    """Track the chief's `sys.stdout`/`sys.stderr` (once); returns the `LineGate` relays write through."""
    if _GATE["gate"] is None:
        gate = LineGate()
        for name in ("stdout", "stderr"):
            stream = getattr(sys, name)
            if stream is not None and hasattr(stream, "write"):
                setattr(sys, name, gate.track(stream))
        _GATE["gate"] = gate
    return _GATE["gate"]
