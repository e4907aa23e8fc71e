"""BatchNormalization's `fused` and list `axis`, written once for the TF golden script
(make_batchnorm_fused_golden.py) and tests/keras/layers/test_batchnorm_fused.py.

`run(tf)` builds each case's layer and calls it in training mode; it records the output's first values, the
config's `axis`, and `layer.fused` after the call, or the error's type (and for the fused errors its subject:
"4D or 5D", "axis", "renorm"). Keras 3 has no `fused` argument and no list `axis`; tf_keras
(`TF_USE_LEGACY_KERAS=1`) checks `fused=True` against the axis, renorm and the input rank.
"""

import numpy as np

CASES = {
    "fused_rank3": ({"fused": True}, (2, 3, 4)),
    "fused_rank4_last": ({"fused": True}, (2, 3, 4, 5)),
    "fused_rank4_axis1": ({"fused": True, "axis": 1}, (2, 3, 4, 5)),
    "fused_rank4_axis2": ({"fused": True, "axis": 2}, (2, 3, 4, 5)),
    "fused_rank4_axis_minus4": ({"fused": True, "axis": -4}, (2, 3, 4, 5)),
    "fused_rank5_last": ({"fused": True}, (2, 3, 4, 5, 2)),
    "fused_rank5_axis4": ({"fused": True, "axis": 4}, (2, 3, 4, 5, 2)),
    "fused_renorm": ({"fused": True, "renorm": True}, (2, 3, 4, 5)),
    "fused_axis_list_of_two": ({"fused": True, "axis": [1, 3]}, (2, 3, 4, 5)),
    "fused_false_rank3": ({"fused": False}, (2, 3, 4)),
    "fused_none_rank3": ({"fused": None}, (2, 3, 4)),
    "fused_none_rank4": ({"fused": None}, (2, 3, 4, 5)),
    "default_rank4": ({}, (2, 3, 4, 5)),
    "axis_list_of_one": ({"axis": [3]}, (2, 3, 4, 5)),
    "axis_tuple_of_one": ({"axis": (1,)}, (2, 3, 4, 5)),
}
SUBJECTS = ("4D or 5D", "renorm", "axis")


def _subject(message):
    return next((s for s in SUBJECTS if s in message), None)


def run(tf):
    out = {}
    for name, (kwargs, shape) in CASES.items():
        x = np.random.RandomState(0).rand(*shape).astype("float32")
        try:
            layer = tf.keras.layers.BatchNormalization(**kwargs)
            y = np.asarray(layer(x, training=True))
            axis = layer.get_config()["axis"]
            out[name] = {"values": y.ravel()[:4].tolist(), "axis": list(axis) if not isinstance(axis, int) else axis,
                         "fused": getattr(layer, "fused", "<none>")}
        except Exception as error:  # noqa: BLE001 - the error is what is compared
            fused_error = "fused" in str(error) and "Unrecognized" not in str(error)
            out[name] = {"error": type(error).__name__, "subject": _subject(str(error)) if fused_error else None}
    return out
