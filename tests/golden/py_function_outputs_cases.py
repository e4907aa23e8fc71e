"""Cases for tests/golden/make_py_function_outputs.py and tests/ops/test_py_function_outputs.py: a function
returning several values given to `py_function`/`numpy_function` with fewer, as many or more `Tout` dtypes."""

import numpy as np


def cases(tf):
    two = lambda x: (x * 2, x * 3)  # noqa: E731
    return {
        "py_eager_single_tuple": lambda: tf.py_function(two, [tf.constant(1.0)], Tout=tf.float32),
        "py_eager_single_list1": lambda: tf.py_function(lambda x: [x * 2], [tf.constant(1.0)], Tout=tf.float32),
        "py_eager_list1_of_two": lambda: tf.py_function(two, [tf.constant(1.0)], Tout=[tf.float32]),
        "py_eager_list2_of_one": lambda: tf.py_function(lambda x: x * 2, [tf.constant(1.0)],
                                                        Tout=[tf.float32, tf.float32]),
        "py_function_single_tuple": lambda: tf.function(
            lambda: tf.py_function(two, [tf.constant(1.0)], Tout=tf.float32))(),
        "py_function_list1_of_two": lambda: tf.function(
            lambda: tf.py_function(two, [tf.constant(1.0)], Tout=[tf.float32]))(),
        "np_function_single_tuple": lambda: tf.function(
            lambda: tf.numpy_function(two, [np.float32(1.0)], Tout=tf.float32))(),
        "np_function_exact": lambda: tf.function(
            lambda: tf.numpy_function(two, [np.float32(1.0)], Tout=[tf.float32, tf.float32]))(),
        "py_map_single_tuple": lambda: list(tf.data.Dataset.range(2).map(lambda i: tf.py_function(
            lambda x: (tf.cast(x, tf.float32) + 1, 9.0), [i], Tout=tf.float32)).as_numpy_iterator()),
    }


def outcome(fn):
    """A JSON-able result: nested lists of floats, or the error's class name."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the class is the golden
        return {"error": type(e).__name__}
    if isinstance(value, list):
        return {"list": [float(np.asarray(v)) for v in value]}
    return {"value": float(np.asarray(value))}
