"""Write goldens for tf.nn's N-D, transposed, depthwise and separable convolutions and pools.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_nn_conv_golden.py

It writes `tests/golden/nn_conv.npz`: per case NAME, the inputs `NAME/a0, a1, ...`, TF's output `NAME/y`
and `NAME/spec` (JSON: the tf.nn function and its keyword arguments). `tests/ops/test_nn_conv_nd.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nn_conv.npz")


def cases(r):
    f = lambda *s: r.standard_normal(s).astype("float32")  # noqa: E731
    return {
        "conv1d_same_s2": ("conv1d", [f(2, 11, 3), f(4, 3, 5)], {"stride": 2, "padding": "SAME"}),
        "conv1d_valid_dil": ("conv1d", [f(2, 11, 3), f(3, 3, 2)], {"stride": 1, "padding": "VALID",
                                                                   "dilations": 2}),
        "conv1d_ncw": ("conv1d", [f(2, 3, 9), f(2, 3, 4)], {"stride": 1, "padding": "VALID",
                                                            "data_format": "NCW"}),
        "conv3d_same": ("conv3d", [f(1, 5, 6, 7, 2), f(2, 3, 2, 2, 3)], {"strides": [1, 1, 2, 1, 1],
                                                                         "padding": "SAME"}),
        "convolution_2d_groups": ("convolution", [f(2, 6, 6, 4), f(3, 3, 2, 6)], {"padding": "SAME"}),
        "conv2d_explicit": ("conv2d", [f(1, 7, 7, 2), f(3, 3, 2, 3)],
                            {"padding": [[0, 0], [1, 2], [0, 1], [0, 0]], "strides": 2}),
        "atrous": ("atrous_conv2d", [f(1, 9, 9, 2), f(3, 3, 2, 2)], {"rate": 2, "padding": "SAME"}),
        "conv2d_transpose_same": ("conv2d_transpose", [f(2, 4, 5, 3), f(3, 3, 2, 3)],
                                  {"output_shape": [2, 8, 10, 2], "strides": 2, "padding": "SAME"}),
        "conv2d_transpose_same_odd": ("conv2d_transpose", [f(1, 4, 4, 3), f(4, 4, 2, 3)],
                                      {"output_shape": [1, 7, 8, 2], "strides": 2, "padding": "SAME"}),
        "conv2d_transpose_valid": ("conv2d_transpose", [f(1, 3, 3, 2), f(3, 2, 4, 2)],
                                   {"output_shape": [1, 7, 6, 4], "strides": 2, "padding": "VALID"}),
        "conv1d_transpose": ("conv1d_transpose", [f(2, 5, 3), f(3, 2, 3)],
                             {"output_shape": [2, 10, 2], "strides": 2, "padding": "SAME"}),
        "conv3d_transpose": ("conv3d_transpose", [f(1, 2, 3, 3, 2), f(2, 2, 2, 3, 2)],
                             {"output_shape": [1, 4, 6, 6, 3], "strides": 2, "padding": "SAME"}),
        "depthwise": ("depthwise_conv2d", [f(2, 7, 7, 3), f(3, 3, 3, 2)], {"strides": [1, 2, 2, 1],
                                                                           "padding": "SAME"}),
        "depthwise_dilated_valid": ("depthwise_conv2d", [f(1, 9, 9, 2), f(3, 3, 2, 1)],
                                    {"strides": [1, 1, 1, 1], "padding": "VALID", "dilations": [2, 2]}),
        "separable": ("separable_conv2d", [f(2, 6, 6, 3), f(3, 3, 3, 2), f(1, 1, 6, 4)],
                      {"strides": [1, 1, 1, 1], "padding": "SAME"}),
        "max_pool1d_same": ("max_pool1d", [f(2, 9, 3)], {"ksize": 3, "strides": 2, "padding": "SAME"}),
        "avg_pool1d_same": ("avg_pool1d", [f(2, 9, 3)], {"ksize": 3, "strides": 2, "padding": "SAME"}),
        "max_pool3d": ("max_pool3d", [f(1, 5, 5, 5, 2)], {"ksize": 2, "strides": 2, "padding": "SAME"}),
        "avg_pool3d_valid": ("avg_pool3d", [f(1, 5, 6, 5, 2)], {"ksize": [1, 2, 3, 2, 1], "strides": 2,
                                                                "padding": "VALID"}),
        "pool_max_dilated": ("pool", [f(1, 9, 9, 2)], {"window_shape": [2, 2], "pooling_type": "MAX",
                                                       "padding": "VALID", "dilations": [2, 2]}),
        "pool_avg_same_strided": ("pool", [f(1, 7, 7, 2)], {"window_shape": [3, 3], "pooling_type": "AVG",
                                                            "padding": "SAME", "strides": [2, 2]}),
    }


def main():
    arrays = {}
    for name, (fn, inputs, kwargs) in cases(np.random.RandomState(7)).items():
        y = getattr(tf.nn, fn)(*inputs, **kwargs).numpy()
        for i, a in enumerate(inputs):
            arrays[f"{name}/a{i}"] = a
        arrays[f"{name}/y"] = y
        arrays[f"{name}/spec"] = np.array(json.dumps({"fn": fn, "kwargs": kwargs, "n": len(inputs)}))
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {sum(k.endswith('/y') for k in arrays)} cases to {OUT}")


if __name__ == "__main__":
    main()
