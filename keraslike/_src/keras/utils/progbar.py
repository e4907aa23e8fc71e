"""`keras.utils.Progbar`: the Keras progress line, drawn with tqdm.

Mirrors `keras/src/utils/progbar.py` output:
- verbose=1: `19/19 ━━━━━━━━━━━━━━━━━━━━ 0s 4ms/step - accuracy: 0.8464 - loss: 0.5172`
  (a live tqdm bar; the ETA replaces the elapsed time until the end);
- verbose=2: one line at the end, `19/19 - 0s - 4ms/step - accuracy: 0.8464 - loss: 0.5172`.
Values are formatted `%.4f`, or `%.4e` when their magnitude is <= 1e-3.

Under `TF_USE_LEGACY_KERAS=1` (read when the bar is made), Keras 2's (`tf_keras`) lines instead:
- verbose=1: `20/20 [==============================] - 1s 7ms/step - loss: 0.3231 - accuracy: 0.5853`
  (30 wide, `ETA: 0s` until the end; redrawn with backspaces and a carriage return);
- verbose=2: `20/20 - 1s - loss: 0.3231 - accuracy: 0.5853 - 26ms/epoch - 1ms/step`.
"""

import math
import sys
import time

import numpy as np
from tqdm import tqdm

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.utils import io_utils


def format_time(seconds_per_unit, unit_name="step"):
    """Keras's `4ms/step`, `1s/step`, `950us/step`."""
    if seconds_per_unit >= 1 or seconds_per_unit == 0:
        return f"{seconds_per_unit:.0f}s/{unit_name}"
    if seconds_per_unit >= 1e-3:
        return f"{seconds_per_unit * 1e3:.0f}ms/{unit_name}"
    return f"{seconds_per_unit * 1e6:.0f}us/{unit_name}"


def format_value(value):
    value = float(np.mean(value))
    return f"{value:.4f}" if abs(value) > 1e-3 else f"{value:.4e}"


def format_logs(values):
    return "".join(f" - {k}: {format_value(v)}" for k, v in values)


class Progbar:
    """Progress display.

    Args:
        target: total steps, or None if unknown.
        width: bar width in characters; default 20 (Keras 3), 30 under Keras 2.
        verbose: 0 silent, 1 live bar, 2 one line at the end.
        interval: minimum seconds between redraws (0.05).
        stateful_metrics: names shown as given; every other name is averaged over the updates, weighted by
            the steps between them (Keras's default for direct users, e.g. custom training loops).
        stateless_metrics: the other way round: only these names are averaged (fit's progress bar passes an
            empty set: its logs are already running means). At most one of the two may be given.
        unit_name: "step" or "sample".
    """

    def __init__(self, target, width=None, verbose=1, interval=0.05, stateful_metrics=None, stateless_metrics=None,
                 unit_name="step", file=None):
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError("Only one of `stateful_metrics` or `stateless_metrics` can be provided. "
                             "`stateful_metrics` is used to make metrics stateless by default (with an exclusion "
                             "list), while `stateless_metrics` is used to make metrics stateful by default (with an "
                             "exclusion list).")
        self._keras2 = keras_version.legacy_keras()
        self.target = target
        self.width = width if width is not None else (30 if self._keras2 else 20)
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stateful_metrics = None if stateless_metrics is not None else set(stateful_metrics or ())
        self.stateless_metrics = None if stateless_metrics is None else set(stateless_metrics)
        self._values = {}  # name -> [weighted sum, weight]
        self._file = file
        self._start = time.time()
        self._after_first = None
        self._last_update = 0.0
        self._seen = 0
        self._bar = None
        self._drawn_width = 0  # Keras 2: the width of the line drawn last (erased by the next draw)

    @property
    def file(self):
        if self._file is not None:
            return self._file
        return sys.stdout if keras_config.is_interactive_logging_enabled() else io_utils.LOGGING_STREAM

    def _averaged(self, current, values, finalize):
        """Keras's display values: stateless ones averaged over the steps since the start, weighted by steps."""
        for name, value in values:
            stateless = (name not in self.stateful_metrics if self.stateful_metrics is not None
                         else name in self.stateless_metrics)
            if stateless and (not finalize or self._keras2):  # Keras 3 shows the last value as given at the end
                weight = max(current - self._seen, 1)
                total = self._values.get(name)
                self._values[name] = ([value * weight, weight] if total is None or total[1] is None
                                      else [total[0] + value * weight, total[1] + weight])
            else:
                self._values[name] = [value, None]  # shown as given (fit's logs stay unevaluated until drawn)
        return [(name, total if weight is None else total / weight) for name, (total, weight) in self._values.items()]

    def should_update(self, current):
        """Whether `update(current)` would redraw (lets callers skip computing values)."""
        finalize = self.target is not None and current >= self.target
        return self.verbose == 1 and (finalize or time.time() - self._last_update >= self.interval)

    def update(self, current, values=None, finalize=None):
        """Redraw at step `current` with `values`, a list of `(name, value)`."""
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        now = time.time()
        per_step = self._step_time(current, now)
        values = self._averaged(current, list(values or []), finalize)
        self._seen = current
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            (self._draw_keras2 if self._keras2 else self._draw)(current, per_step, values, finalize, now)
        elif self.verbose == 2 and finalize and self._keras2:
            self._write_keras2_line(current, per_step, values, now)
        elif self.verbose == 2 and finalize:
            digits = int(math.log10(self.target)) + 1 if self.target else 1
            count = f"{current:{digits}d}/{self.target}" if self.target else f"{current}/Unknown"
            line = f"{count} - {now - self._start:.0f}s - {format_time(per_step, self.unit_name)}"
            self.file.write(line + format_logs(values) + "\n")
            self.file.flush()
        self._last_update = now

    def add(self, n, values=None):
        self.update(self._seen + n, values)

    def _draw(self, current, per_step, values, finalize, now):
        if self._bar is None:
            self._bar = _KerasTqdm(total=self.target, file=self.file, ncols=None, leave=True, ascii=" ━",
                                   bar_format="{desc}{bar:%d}{keras_info}" % self.width, dynamic_ncols=False,
                                   mininterval=0, miniters=1)
        self._bar.total = self.target  # a target learned at the end of an epoch of unknown size
        if self.target:
            digits = int(math.log10(self.target)) + 1
            self._bar.set_description_str(f"{current:{digits}d}/{self.target} ", refresh=False)
        else:
            self._bar.set_description_str(f"{current:7d}/Unknown ", refresh=False)
        if self.target and not finalize:
            eta = per_step * (self.target - current)
            timing = _format_eta(eta)
        else:
            timing = f"{now - self._start:.0f}s"
        self._bar.keras_info = f" {timing} {format_time(per_step, self.unit_name)}{format_logs(values)}"
        self._bar.n = current
        if finalize:
            self._bar.close()  # draws the final state once and ends the line
            self._bar = None
        else:
            self._bar.refresh()

    def _draw_keras2(self, current, per_step, values, finalize, now):
        """Keras 2's verbose=1 line: `count [====>....]`, ETA or elapsed time and time per step, the values."""
        if self.target:
            digits = int(math.log10(self.target)) + 1
            done = int(self.width * current / self.target)
            bar = f"{current:{digits}d}/{self.target} ["
            if done > 0:
                bar += "=" * (done - 1) + (">" if current < self.target else "=")
            bar += "." * (self.width - done) + "]"
        else:
            bar = f"{current:7d}/Unknown"
        if self.target and not finalize:
            info = f" - ETA: {_format_eta(per_step * (self.target - current))}"
        else:
            info = f" - {now - self._start:.0f}s {format_time(per_step, self.unit_name)}"
        info += format_logs(values)
        previous, self._drawn_width = self._drawn_width, len(bar) + len(info)
        line = "\b" * previous + "\r" + bar + info + " " * max(previous - self._drawn_width, 0)
        self.file.write(line + ("\n" if finalize else ""))
        self.file.flush()

    def _write_keras2_line(self, current, per_step, values, now):
        """Keras 2's verbose=2 line: count, elapsed time, the values, time per epoch and per step."""
        count = f"{current:{int(math.log10(self.target)) + 1}d}/{self.target}" if self.target else f"{current}/Unknown"
        elapsed = now - self._start
        # tf_keras tests `value > 1e-3` here (not the magnitude): negative values are written `%.4e`
        logs = "".join(f" - {k}: {v:.4f}" if v > 1e-3 else f" - {k}: {v:.4e}"
                       for k, v in ((k, float(np.mean(v))) for k, v in values))
        steps = f" - {format_time(elapsed / current, self.unit_name)}" if current else ""
        self.file.write(f"{count} - {elapsed:.0f}s{logs} - {format_time(elapsed, 'epoch')}{steps}\n")
        self.file.flush()

    def _step_time(self, current, now):
        if not current:
            return 0.0
        if self._after_first is not None and current > 1:
            per_step = (now - self._after_first) / (current - 1)
        else:
            per_step = (now - self._start) / current
        if current == 1:
            self._after_first = now
        return per_step


class _KerasTqdm(tqdm):
    """tqdm with a `{keras_info}` field (tqdm's own postfix adds a ', ' Keras doesn't have)."""

    keras_info = ""

    @property
    def format_dict(self):
        values = super().format_dict
        values["keras_info"] = self.keras_info
        return values


def _format_eta(eta):
    if eta > 3600:
        return "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
    if eta > 60:
        return "%d:%02d" % (eta // 60, eta % 60)
    return "%ds" % eta
