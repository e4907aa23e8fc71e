"""Write goldens for the tf.math / tf.math.special / tf.nn functions keraslike added in one go
(segment ops, special functions, bincount, confusion_matrix, in_top_k, moments helpers, lrn, ...).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_math_nn_extras_golden.py

It writes `tests/golden/math_nn_extras.npz`: per case NAME, `NAME/a0, a1, ...` (array arguments), the
outputs `NAME/y0, y1, ...` and `NAME/spec` (JSON: "fn" the dotted tf path, "kwargs", "n" array arguments,
"pos" positional non-array arguments). `tests/ops/test_math_nn_extras.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "math_nn_extras.npz")


def cases(r):
    f = lambda *s: r.standard_normal(s).astype("float32")  # noqa: E731
    u = lambda lo, hi, *s: r.uniform(lo, hi, s).astype("float32")  # noqa: E731
    data = f(6, 3)
    ids_sorted = np.array([0, 0, 2, 2, 2, 5], "int32")
    ids_unsorted = np.array([3, 0, -1, 3, 1, 0], "int32")
    out = {}
    for k in ("sum", "mean", "max", "min", "prod"):
        out[f"segment_{k}"] = (f"math.segment_{k}", [data, ids_sorted], {}, [])
    for k in ("sum", "mean", "max", "min", "prod", "sqrt_n"):
        out[f"unsorted_segment_{k}"] = (f"math.unsorted_segment_{k}", [data, ids_unsorted], {"num_segments": 5}, [])
    out["unsorted_segment_sum_2d_ids"] = ("math.unsorted_segment_sum", [f(2, 3, 2), np.array([[0, 1, 0], [2, 2, 1]],
                                                                                             "int32")],
                                          {"num_segments": 3}, [])
    for name in ("erfc", "erfinv", "ndtri", "digamma", "rint", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e",
                 "reciprocal_no_nan", "angle"):
        x = u(0.05, 0.95, 7) if name in ("erfinv", "ndtri") else np.array([-2.5, -0.5, 0.0, 0.5, 1.5, 2.5, 3.7],
                                                                            "float32")
        out[name] = (f"math.{name}", [x], {}, [])
    out["erfcinv"] = ("math.erfcinv", [u(0.05, 1.9, 7)], {}, [])
    for name in ("bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "bessel_k0", "bessel_k0e", "bessel_k1",
                 "bessel_k1e"):
        out[name] = (f"math.special.{name}", [u(0.2, 6.0, 7)], {}, [])
    out["xlogy"] = ("math.xlogy", [np.array([0.0, 1.0, 2.0, 0.0], "float32"), np.array([0.0, 2.0, 3.0, 5.0],
                                                                                       "float32")], {}, [])
    out["xlog1py"] = ("math.xlog1py", [np.array([0.0, 1.0, 2.0], "float32"), np.array([-1.0, 2.0, 0.5], "float32")],
                      {}, [])
    out["zeta"] = ("math.zeta", [u(1.5, 4.0, 5), u(0.5, 3.0, 5)], {}, [])
    out["igamma"] = ("math.igamma", [u(0.5, 4.0, 5), u(0.1, 5.0, 5)], {}, [])
    out["igammac"] = ("math.igammac", [u(0.5, 4.0, 5), u(0.1, 5.0, 5)], {}, [])
    out["polygamma"] = ("math.polygamma", [np.array([0.0, 1.0, 2.0, 3.0], "float32"), u(0.5, 3.0, 4)], {}, [])
    out["lbeta"] = ("math.lbeta", [u(0.5, 3.0, 3, 4)], {}, [])
    out["nextafter"] = ("math.nextafter", [np.array([1.0, 0.0, -2.0], "float32"),
                                           np.array([2.0, -1.0, -3.0], "float32")], {}, [])
    out["cumulative_logsumexp"] = ("math.cumulative_logsumexp", [f(3, 4)], {"axis": 1}, [])
    out["cumulative_logsumexp_excl_rev"] = ("math.cumulative_logsumexp", [f(3, 4)],
                                            {"axis": 0, "exclusive": True, "reverse": True}, [])
    out["reduce_euclidean_norm"] = ("math.reduce_euclidean_norm", [f(3, 4)], {"axis": 1, "keepdims": True}, [])
    out["reduce_euclidean_norm_int"] = ("math.reduce_euclidean_norm", [np.array([[3, 4], [5, 12]], "int32")], {}, [])
    out["bincount"] = ("math.bincount", [np.array([1, 1, 3, 0, 7], "int32")], {"minlength": 9}, [])
    out["bincount_weights_max"] = ("math.bincount", [np.array([1, 1, 3, 0, 7], "int32"),
                                                     np.array([0.5, 1, 2, 3, 4], "float32")], {"maxlength": 4}, [])
    out["bincount_rows_binary"] = ("math.bincount", [np.array([[1, 1, 2], [0, 3, 3]], "int32")],
                                   {"axis": -1, "binary_output": True}, [])
    out["confusion_matrix"] = ("math.confusion_matrix", [np.array([0, 1, 2, 1, 1], "int32"),
                                                         np.array([0, 2, 2, 1, 0], "int32")], {"num_classes": 4}, [])
    out["confusion_matrix_weights"] = ("math.confusion_matrix", [np.array([0, 1, 1], "int32"),
                                                                 np.array([1, 1, 0], "int32")],
                                       {"dtype": tf.float32, "weights": [0.5, 2.0, 1.5]}, [])
    out["in_top_k"] = ("math.in_top_k", [np.array([2, 0, 1], "int32"),
                                         np.array([[0.1, 0.5, 0.5], [0.2, 0.7, 0.1], [0.3, 0.3, 0.4]], "float32")],
                       {"k": 1}, [])
    out["in_top_k_2"] = ("nn.in_top_k", [np.array([2, 0, 1], "int32"), f(3, 3)], {"k": 2}, [])
    out["zero_fraction"] = ("math.zero_fraction", [np.array([0.0, 1.0, 0.0, 2.0, 0.0], "float32")], {}, [])
    out["invert_permutation"] = ("math.invert_permutation", [np.array([3, 4, 0, 2, 1], "int32")], {}, [])
    out["polyval"] = ("math.polyval", [], {"coeffs": [2.0, -1.0, 0.5], "x": [0.5, -1.0, 2.0, 3.0]}, [])
    out["batch_normalization"] = ("nn.batch_normalization", [f(4, 3), f(3), u(0.5, 2, 3), f(3), f(3)],
                                  {"variance_epsilon": 1e-3}, [])
    out["weighted_moments"] = ("nn.weighted_moments", [f(4, 3)],
                               {"axes": [0], "frequency_weights": [[0.5], [1.0], [0.0], [2.0]]}, [])
    out["sufficient_statistics"] = ("nn.sufficient_statistics", [f(4, 3)], {"axes": [0]}, [])
    out["normalize_moments"] = ("nn.normalize_moments", [np.array(4.0, "float32"), f(3), u(1, 3, 3)],
                                {"shift": None}, [])
    out["lrn"] = ("nn.local_response_normalization", [f(1, 3, 3, 7)], {"depth_radius": 2, "bias": 2.0, "alpha": 0.5,
                                                                        "beta": 0.75}, [])
    out["crelu"] = ("nn.crelu", [f(2, 3)], {}, [])
    out["log_poisson_loss"] = ("nn.log_poisson_loss", [u(0, 4, 6), f(6)], {"compute_full_loss": True}, [])
    out["space_to_depth"] = ("nn.space_to_depth", [f(2, 4, 6, 3)], {"block_size": 2}, [])
    out["depth_to_space"] = ("nn.depth_to_space", [f(2, 2, 3, 8)], {"block_size": 2}, [])
    out["softmax"] = ("math.softmax", [f(2, 5)], {}, [])
    out["log_softmax"] = ("math.log_softmax", [f(2, 5)], {"axis": 0}, [])
    out["accumulate_n"] = ("math.accumulate_n", [], {}, [])  # list argument: filled below
    return out


def _resolve(path):
    obj = tf
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def main():
    r = np.random.RandomState(11)
    arrays = {}
    for name, (fn, inputs, kwargs, pos) in cases(r).items():
        if name == "accumulate_n":
            parts = [r.standard_normal((2, 3)).astype("float32") for _ in range(3)]
            y = tf.math.accumulate_n(parts)
            inputs, listed = parts, True
        else:
            y = _resolve(fn)(*inputs, *pos, **kwargs)
            listed = False
        ys = y if isinstance(y, (tuple, list)) else [y]
        for i, a in enumerate(inputs):
            arrays[f"{name}/a{i}"] = a
        for i, v in enumerate(ys):
            if v is not None:  # sufficient_statistics' shift is None without a shift
                arrays[f"{name}/y{i}"] = np.asarray(v)
        kw = {k: (v.name if isinstance(v, tf.dtypes.DType) else v) for k, v in kwargs.items()}
        arrays[f"{name}/spec"] = np.array(json.dumps({"fn": fn, "kwargs": kw, "n": len(inputs), "pos": pos,
                                                      "listed": listed, "outputs": len(ys),
                                                      "none": [i for i, v in enumerate(ys) if v is None]}))
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {sum(k.endswith('/spec') for k in arrays)} cases to {OUT}")


if __name__ == "__main__":
    main()
