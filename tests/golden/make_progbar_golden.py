"""Write `tests/golden/progbar.json`: which bars Keras 3 (TF 2.21) draws for one-step fit/evaluate/predict.

Each entry lists the bars drawn in order (the `\\r`/`\\b` redraws split apart, timings dropped): Keras draws the
last batch's bar and then the final one again. Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_progbar_golden.py
"""

import contextlib
import io
import json
import os
import re

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def bars(text):
    """The drawn bars of captured output: colours and timings removed, one string per redraw."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text).replace("\b", "")
    text = re.sub(r"\d+(ms|us|s)/step", "T/step", re.sub(r" \d+s ", " Ts ", text))
    return [part.strip() for part in re.split(r"[\r\n]", text) if part.strip()]


def capture(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return bars(out.getvalue())


def main():
    x = np.zeros((8, 3), dtype="float32")
    y = np.zeros((8, 2), dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2, kernel_initializer="zeros")])
    model.compile("sgd", "mse")
    result = {
        "predict": capture(lambda: model.predict(x, batch_size=8, verbose=1)),
        "evaluate": capture(lambda: model.evaluate(x, y, batch_size=8, verbose=1)),
        "fit": capture(lambda: model.fit(x, y, batch_size=8, epochs=1, verbose=1)),
    }
    with open(os.path.join(HERE, "progbar.json"), "w") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
