"""Cases for the result dtypes of `tf.experimental.numpy` and tensor operators in each numpy-behaviour mode
(new-user check 4, defects G and H): run with real TF 2.21 (make_numpy_dtype_golden.py, one process per mode:
TF's mode is global and must be set first) and with keraslike (tests/numpy/test_numpy_dtype_golden.py).

`run(tf, tnp, np)` returns {expression: dtype name or "raises <ErrorClass>"} for the current mode.
"""

MODES = {
    "off": None,
    "legacy": {},
    "legacy_prefer_float32": {"prefer_float32": True},
    "all": {"dtype_conversion_mode": "all"},
    "safe": {"dtype_conversion_mode": "safe"},
}


def _cases(tf, tnp, np):
    i32 = lambda: tf.constant([1, 3], tf.int32)  # noqa: E731 - a table of small expressions
    f32 = lambda: tf.constant([0.5, 2.0], tf.float32)  # noqa: E731
    return {
        "tnp.array([1, 2])": lambda: tnp.array([1, 2]),
        "tnp.array(1)": lambda: tnp.array(1),
        "tnp.array([1.5])": lambda: tnp.array([1.5]),
        "tnp.array(1.5)": lambda: tnp.array(1.5),
        "tnp.array([True])": lambda: tnp.array([True]),
        "tnp.array([1, 2.5])": lambda: tnp.array([1, 2.5]),
        "tnp.array(np.int64)": lambda: tnp.array(np.array([1, 2], np.int64)),
        "tnp.array(np.float64)": lambda: tnp.array(np.array([1.5])),
        "tnp.asarray([1, 2])": lambda: tnp.asarray([1, 2]),
        "tnp.asarray([0.5])": lambda: tnp.asarray([0.5]),
        "tnp.arange(3)": lambda: tnp.arange(3),
        "tnp.arange(3.0)": lambda: tnp.arange(3.0),
        "tnp.arange(0, 1, 0.5)": lambda: tnp.arange(0, 1, 0.5),
        "tnp.zeros(2)": lambda: tnp.zeros(2),
        "tnp.ones([2])": lambda: tnp.ones([2]),
        "tnp.full(2, 1)": lambda: tnp.full(2, 1),
        "tnp.full(2, 1.5)": lambda: tnp.full(2, 1.5),
        "tnp.linspace(0, 1, 3)": lambda: tnp.linspace(0, 1, 3),
        "tnp.eye(2)": lambda: tnp.eye(2),
        "tf.constant([1, 2])": lambda: tf.constant([1, 2]),
        "tf.constant(1.5)": lambda: tf.constant(1.5),
        "i32 + f32": lambda: i32() + f32(),
        "tf.add(i32, f32)": lambda: tf.add(i32(), f32()),
        "tf.multiply(i32, f32)": lambda: tf.multiply(i32(), f32()),
        "tnp.add(i32, f32)": lambda: tnp.add(i32(), f32()),
        "i32 + 0.5": lambda: i32() + 0.5,
        "i32 + 1": lambda: i32() + 1,
        "f32 + 1.5": lambda: f32() + 1.5,
        "f16 + 0.5": lambda: tf.constant([1.0], tf.float16) + 0.5,
        "i8 + i64": lambda: tf.constant([1], tf.int8) + tf.constant([1], tf.int64),
        "u8 + i8": lambda: tf.constant([1], tf.uint8) + tf.constant([1], tf.int8),
        "f64 * f32": lambda: tf.constant([1.0], tf.float64) * f32(),
        "i32 / i32": lambda: i32() / tf.constant([2, 2], tf.int32),
        "i64 / i64": lambda: tf.constant([1], tf.int64) / tf.constant([2], tf.int64),
        "i8 / i8": lambda: tf.constant([1], tf.int8) / tf.constant([2], tf.int8),
        "i16 / i16": lambda: tf.constant([1], tf.int16) / tf.constant([2], tf.int16),
        "u8 / u8": lambda: tf.constant([1], tf.uint8) / tf.constant([2], tf.uint8),
        "i32 / 2": lambda: i32() / 2,
        "i32 / 2.0": lambda: i32() / 2.0,
        "tf.math.truediv(i32, i32)": lambda: tf.math.truediv(i32(), i32()),
        "tf.divide(i32, i32)": lambda: tf.divide(i32(), i32()),
        "tnp.true_divide(i32, i32)": lambda: tnp.true_divide(i32(), i32()),
        "tnp.array([1, 2]) / tnp.array([2, 4])": lambda: tnp.array([1, 2]) / tnp.array([2, 4]),
        "i32 // i32": lambda: i32() // i32(),
        "tnp.mean(i32)": lambda: tnp.mean(i32()),
        "tnp.sqrt(i32)": lambda: tnp.sqrt(i32()),
        "tnp.exp(tnp.array([0, 1]))": lambda: tnp.exp(tnp.array([0, 1])),
        "tnp.sum(tnp.array([True]))": lambda: tnp.sum(tnp.array([True])),
        "tnp.zeros(2) + i32": lambda: tnp.zeros(2) + i32(),
        "tf.add(i32, tf.constant([0.5]))": lambda: tf.add(i32(), tf.constant([0.5])),
        "i32 + tf.constant([0.5])": lambda: i32() + tf.constant([0.5]),
        "tf.constant(1.2) + f16": lambda: tf.constant(1.2) + tf.constant(3.1, tf.float16),
        "tf.constant([1, 2]) + i8": lambda: tf.constant([1, 2]) + tf.constant([1, 1], tf.int8),
        "tf.constant([1.5]) * f64": lambda: tf.constant([1.5]) * tf.constant([1.0], tf.float64),
        "tf.multiply(tf.constant([2]), f32)": lambda: tf.multiply(tf.constant([2]), f32()),
        "tf.constant([1]) + tf.constant([0.5])": lambda: tf.constant([1]) + tf.constant([0.5]),
    }


def run(tf, tnp, np):
    out = {}
    for name, fn in _cases(tf, tnp, np).items():
        try:
            value = fn()
            out[name] = str(getattr(value.dtype, "name", value.dtype))
        except Exception as error:  # noqa: BLE001 - the table records which error TF raises
            out[name] = f"raises {type(error).__name__}"
    return out
