"""`Normalization.mean`/`.variance` as Keras 3 exposes them: the statistics in the inputs' broadcast shape and the
compute dtype, None before build, a copy that a later `adapt` leaves alone. Shared by
`make_normalization_stats_golden.py` (real TF 2.21) and `tests/keras/layers/test_normalization_stats.py`."""

import numpy as np


def _dtype(value):
    return str(value.dtype).replace("torch.", "").replace("<dtype: '", "").rstrip("'>")


def run(keras):
    data = np.arange(30, dtype="float32").reshape(5, 3, 2)
    out = {}
    for name, kwargs in {"last": {}, "none": {"axis": None}, "two": {"axis": (1, 2)}, "middle": {"axis": 1}}.items():
        layer = keras.layers.Normalization(**kwargs)
        out[f"{name} before build"] = layer.mean is None
        layer.adapt(data)
        mean = layer.mean
        out[f"{name} mean"] = np.asarray(mean).tolist()
        out[f"{name} variance"] = np.asarray(layer.variance).round(4).tolist()
        out[f"{name} dtype"] = _dtype(mean)
        layer.adapt(data * 2)
        out[f"{name} kept copy"] = np.asarray(mean).tolist()
        out[f"{name} after second adapt"] = np.asarray(layer.mean).tolist()
    given = keras.layers.Normalization(mean=[1.0, 2.0], variance=[4.0, 9.0])
    given.build((None, 2))
    out["given"] = [np.asarray(given.mean).tolist(), np.asarray(given.variance).tolist()]
    built = keras.layers.Normalization()
    built.build((None, 2))
    out["built"] = [np.asarray(built.mean).tolist(), [w.name for w in built.weights]]
    return out
