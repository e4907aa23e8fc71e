"""Cases of tests/golden/make_keras2_progbar_golden.py (real TF 2.21, Keras 2) and
tests/keras/test_keras2_progbar.py: what `fit`/`evaluate` print with `verbose=1` and `verbose=2`, each line taken
as last drawn (after its last carriage return, backspaces and trailing blanks removed) with times replaced by `T`,
so that the format and the values are compared, not the timing."""

import contextlib
import io
import re


def settled_lines(text):
    """Every printed line as it was left on screen; times (`1s`, `7ms/step`, `ETA: 0s`) become `T`."""
    lines = []
    for raw in text.replace("\b", "").split("\n"):
        line = raw.split("\r")[-1].rstrip()
        if not line:
            continue
        line = re.sub(r"ETA: [0-9:]+s?", "ETA: T", line)
        line = re.sub(r"\b\d+(\.\d+)?(s|ms|us)/(step|epoch|sample)", "T/\\3", line)
        line = re.sub(r"(^|\s)\d+s(?=\s|$)", "\\1T", line)
        lines.append(line)
    return lines


def printed(tf, np):
    x = np.arange(24, dtype="float32").reshape(8, 3) / 24.0
    y = x.sum(axis=1, keepdims=True) * 0.5 + 0.1
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")])
    model.compile(tf.keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
    out = {}
    for verbose in (1, 2):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=verbose, validation_data=(x, y))
            model.evaluate(x, y, batch_size=4, verbose=verbose)
        out[f"verbose_{verbose}"] = settled_lines(buffer.getvalue())
    return out
