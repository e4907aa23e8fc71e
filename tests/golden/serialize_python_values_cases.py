"""Python and numpy values (not tensors) given to `tf.io.serialize_tensor`, which converts them as
`tf.convert_to_tensor` does; shared by `make_serialize_python_values_golden.py` (real TF 2.21) and
`tests/io/test_serialize_python_values.py`.
"""

import numpy as np

VALUES = {
    "int": 1, "negative_int": -3, "int_beyond_int32": 2 ** 40, "float": 1.5, "bool": True, "complex": 3 + 4j,
    "int_list": [1, 2], "nested_float_list": [[1.0, 2.0]], "mixed_list": [1, 2.5], "bool_list": [True, False],
    "complex_list": [1j, 2.0], "np_float64": np.float64(2.5), "np_int16_array": np.arange(3, dtype=np.int16),
    "np_int32_list": [np.int32(1), np.int32(2)], "str": "s", "bytes_list": [b"a", b"b"],
    "np_str_array": np.array(["x", "y"]),
}


def run(tf):
    out = {}
    for name, value in VALUES.items():
        try:
            out[name] = tf.io.serialize_tensor(value).numpy().hex()
        except Exception as err:  # noqa: BLE001 - the golden records the exception type
            out[name] = f"raises {type(err).__name__}"
    return out
