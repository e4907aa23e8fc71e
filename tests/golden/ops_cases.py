"""Cases for the `keras.ops` / `keras.random`-free parity goldens (shared by the maker and the test).

Pure numpy, so both real Keras (`make_ops_golden.py`) and keraslike (`tests/keras/ops/test_ops_golden.py`)
build the same inputs. Each case is `name -> (op path under keras.ops, args, kwargs)`; inputs come from
numpy's legacy `RandomState`, whose streams are fixed across numpy versions.
"""

import numpy as np

_rs = np.random.RandomState(1234)


def _f(*shape, lo=-2.0, hi=2.0):
    return _rs.uniform(lo, hi, shape).astype("float32")


def _i(*shape, lo=-5, hi=6, dtype="int32"):
    return _rs.randint(lo, hi, shape).astype(dtype)


A = _f(3, 4)
B = _f(3, 4)
POS = _f(3, 4, lo=0.1, hi=3.0)
UNIT = _f(3, 4, lo=-0.9, hi=0.9)
BIG = _f(3, 4, lo=1.1, hi=3.0)
I32 = _i(3, 4)
I32B = _i(3, 4, lo=1, hi=6)
I8 = _i(3, 4, dtype="int8")
U8 = _i(3, 4, lo=0, hi=9, dtype="uint8")
BOOL = _rs.rand(3, 4) > 0.5
F16 = _f(3, 4).astype("float16")
F64 = _f(3, 4).astype("float64")
V3 = _f(3)
M33 = _f(3, 3)
SPD = (M33 @ M33.T + 3 * np.eye(3)).astype("float32")
X234 = _f(2, 3, 4)
NANS = np.array([[1.0, np.nan, 3.0, -1.0], [np.nan, np.nan, 2.0, 0.5], [4.0, 1.0, np.inf, -np.inf]], "float32")
IMG = _f(2, 6, 7, 3, lo=0.0, hi=1.0)
SEQ = _f(2, 9, 3)

CASES = {}
PROMOTION_DTYPES = ("bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "bfloat16",
                    "float16", "float32", "float64", "complex64", "complex128")

_UNARY_FLOAT = {
    "arccos": UNIT, "arccosh": BIG, "arcsin": UNIT, "arcsinh": A, "arctan": A, "arctanh": UNIT, "cos": A,
    "cosh": A, "sin": A, "sinh": A, "tan": UNIT, "tanh": A, "exp": A, "exp2": A, "expm1": A, "log": POS,
    "log10": POS, "log1p": POS, "log2": POS, "sqrt": POS, "ceil": A, "floor": A, "fabs": A, "sinc": A, "cbrt": A,
    "deg2rad": A, "rad2deg": A, "i0": A, "reciprocal": POS, "rsqrt": POS, "erf": A, "erfinv": UNIT,
    "erfc": A, "abs": A, "absolute": A, "negative": A, "sign": A, "square": A, "round": A, "trunc": A,
    "signbit": A, "isfinite": NANS, "isinf": NANS, "isnan": NANS, "isneginf": NANS, "isposinf": NANS,
    "nan_to_num": NANS, "copy": A, "real": A, "imag": A, "conj": A, "angle": A, "logical_not": BOOL,
    "relu": A, "relu6": A * 4, "sigmoid": A, "softplus": A, "softsign": A, "silu": A, "swish": A,
    "log_sigmoid": A, "hard_sigmoid": A * 2, "hard_silu": A * 2, "hard_swish": A * 2, "elu": A, "selu": A,
    "celu": A, "gelu": A, "hard_tanh": A, "hard_shrink": A, "soft_shrink": A, "tanh_shrink": A,
    "sparse_plus": A, "sparse_sigmoid": A, "squareplus": A, "leaky_relu": A, "softmax": A, "log_softmax": A,
    "sparsemax": A, "glu": A, "ravel": A, "transpose": X234, "flip": X234, "fliplr": A, "flipud": A,
}
for _name, _x in _UNARY_FLOAT.items():
    CASES[f"{_name}_float"] = (_name, (_x,), {})
for _name in ("sqrt", "exp", "cos", "ceil", "floor", "abs", "negative", "square", "sign", "round", "trunc",
              "cbrt", "deg2rad", "fabs", "relu", "angle", "reciprocal", "signbit", "isfinite"):
    if _name == "reciprocal":
        continue
    CASES[f"{_name}_int32"] = (_name, (I32,), {})
for _name in ("sqrt", "square", "abs", "exp", "trunc"):
    CASES[f"{_name}_int8"] = (_name, (I8,), {})
    CASES[f"{_name}_f16"] = (_name, (F16,), {})
CASES["square_bool"] = ("square", (BOOL,), {})
CASES["sqrt_bool"] = ("sqrt", (BOOL,), {})
CASES["round_decimals"] = ("round", (A * 10,), {"decimals": 1})
CASES["gelu_exact"] = ("gelu", (A,), {"approximate": False})
CASES["elu_alpha"] = ("elu", (A,), {"alpha": 0.5})
CASES["celu_alpha"] = ("celu", (A,), {"alpha": 2.0})
CASES["leaky_relu_slope"] = ("leaky_relu", (A,), {"negative_slope": 0.05})
CASES["softmax_axis0"] = ("softmax", (A,), {"axis": 0})
CASES["softmax_axes"] = ("softmax", (X234,), {"axis": (1, 2)})
CASES["log_softmax_axis0"] = ("log_softmax", (A,), {"axis": 0})
CASES["threshold"] = ("threshold", (A, 0.3, -1.0), {})
CASES["hard_shrink_t"] = ("hard_shrink", (A,), {"threshold": 1.0})
CASES["squareplus_b"] = ("squareplus", (A,), {"b": 1})
CASES["nan_to_num_args"] = ("nan_to_num", (NANS,), {"nan": -1.0, "posinf": 9.0, "neginf": -9.0})

_BINARY = ("add", "subtract", "multiply", "divide", "true_divide", "maximum", "minimum", "power", "arctan2",
           "hypot", "logaddexp", "logaddexp2", "heaviside", "fmax", "fmin", "equal", "not_equal", "greater",
           "greater_equal", "less", "less_equal", "divide_no_nan", "nextafter", "floor_divide", "mod", "fmod")
for _name in _BINARY:
    _y = POS if _name in ("power", "floor_divide", "mod", "fmod") else B
    _x = POS if _name == "power" else A
    CASES[f"{_name}_ff"] = (_name, (_x, _y), {})
    CASES[f"{_name}_if"] = (_name, (I32, _y), {})
    CASES[f"{_name}_i_scalar"] = (_name, (I32B if _name in ("floor_divide", "mod", "fmod", "power") else I32, 2), {})
    CASES[f"{_name}_f_scalarf"] = (_name, (_x, 1.5), {})
    CASES[f"{_name}_i8_scalar"] = (_name, (I8 if _name not in ("power",) else np.abs(I8), 3), {})
    CASES[f"{_name}_f16_scalarf"] = (_name, (F16 if _name != "power" else np.abs(F16), 0.5), {})
    CASES[f"{_name}_u8_i8"] = (_name, (U8, I8 if _name not in ("power", "floor_divide", "mod", "fmod")
                                       else np.abs(I8) + 1), {})
    CASES[f"{_name}_broadcast"] = (_name, (_x, _y[0]), {})
for _name in ("gcd", "lcm", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
              "bitwise_left_shift", "bitwise_right_shift"):
    _sh = np.abs(I32B) % 4
    CASES[f"{_name}_ii"] = (_name, (np.abs(I32), _sh), {})
for _name in ("bitwise_not", "bitwise_invert"):
    CASES[_name] = (_name, (I32,), {})
for _name in ("logical_and", "logical_or", "logical_xor"):
    CASES[_name] = (_name, (BOOL, A > 0), {})
CASES["isclose"] = ("isclose", (A, A + 1e-6), {})
CASES["isclose_tol"] = ("isclose", (A, A + 0.01), {"atol": 0.02})
CASES["allclose"] = ("allclose", (A, A + 1e-6), {})
CASES["clip"] = ("clip", (A, -0.5, 0.5), {})
CASES["clip_int"] = ("clip", (I32, -2, 3), {})
CASES["clip_bool"] = ("clip", (BOOL, 0, 1), {})
CASES["ldexp"] = ("ldexp", (A, I32B), {})

for _name in ("sum", "mean", "max", "min", "prod", "std", "var", "amax", "amin", "ptp", "median", "all", "any",
              "argmax", "argmin", "count_nonzero", "logsumexp", "nansum", "nanmean", "nanmax", "nanmin", "nanprod",
              "nanstd", "nanvar", "nanmedian", "nanargmax", "nanargmin"):
    _src = NANS if _name.startswith("nan") else X234
    CASES[f"{_name}_all"] = (_name, (_src,), {})
    CASES[f"{_name}_axis1"] = (_name, (_src,), {"axis": 1})
    if _name not in ("argmax", "argmin", "count_nonzero", "nanargmax", "nanargmin"):
        CASES[f"{_name}_axis_keep"] = (_name, (_src,), {"axis": -1, "keepdims": True})
    if _name in ("sum", "mean", "max", "min", "prod", "std", "var", "logsumexp", "count_nonzero", "median"):
        CASES[f"{_name}_axes"] = (_name, (X234,), {"axis": (0, 2)})
for _name in ("sum", "mean", "prod", "max", "std", "argmax", "cumsum", "cumprod"):
    CASES[f"{_name}_i32"] = (_name, (I32,), {})
    CASES[f"{_name}_i8"] = (_name, (I8,), {})
    CASES[f"{_name}_bool"] = (_name, (BOOL,), {})
CASES["max_initial"] = ("max", (A,), {"axis": 0, "initial": 1.0})
CASES["min_initial"] = ("min", (A,), {"initial": -1.0})
CASES["argmax_keep"] = ("argmax", (A,), {"axis": 1, "keepdims": True})
CASES["prod_dtype"] = ("prod", (I32,), {"dtype": "float32"})
for _name in ("cumsum", "cumprod", "nancumsum", "nancumprod"):
    _src = NANS if _name.startswith("nan") else A
    CASES[f"{_name}_flat"] = (_name, (_src,), {})
    CASES[f"{_name}_axis"] = (_name, (_src,), {"axis": 1})
CASES["cumsum_dtype"] = ("cumsum", (I32,), {"axis": 0, "dtype": "float32"})
CASES["average"] = ("average", (A,), {})
CASES["average_w"] = ("average", (A,), {"axis": 1, "weights": np.array([1.0, 2.0, 3.0, 4.0], "float32")})
CASES["average_wfull"] = ("average", (A,), {"weights": POS})
for _q, _m in ((0.3, "linear"), (0.3, "lower"), (0.3, "higher"), (0.3, "midpoint"), (0.3, "nearest")):
    CASES[f"quantile_{_m}"] = ("quantile", (X234, _q), {"axis": 1, "method": _m})
CASES["quantile_vec"] = ("quantile", (A, np.array([0.1, 0.5, 0.9], "float32")), {"axis": 0})
CASES["quantile_all_keep"] = ("quantile", (X234, 0.25), {"keepdims": True})
CASES["percentile"] = ("percentile", (A, 40.0), {"axis": 1})
CASES["nanquantile"] = ("nanquantile", (NANS[:, :2], 0.5), {"axis": 0})
CASES["nanpercentile"] = ("nanpercentile", (NANS[:2, :3], 50.0), {"axis": 1})
CASES["median_i32"] = ("median", (I32,), {"axis": 0})
CASES["trace"] = ("trace", (M33,), {})
CASES["trace_offset"] = ("trace", (X234,), {"offset": 1, "axis1": 1, "axis2": 2})
CASES["trace_i8"] = ("trace", (I8[:3, :3],), {})

# creation
CASES["arange_int"] = ("arange", (5,), {})
CASES["arange_start_stop"] = ("arange", (2, 9, 3), {})
CASES["arange_float"] = ("arange", (0, 1, 0.25), {})
CASES["arange_neg"] = ("arange", (5, 0, -2), {})
CASES["arange_dtype"] = ("arange", (4,), {"dtype": "float32"})
CASES["linspace"] = ("linspace", (0, 1, 5), {})
CASES["linspace_noend"] = ("linspace", (-1.0, 2.0, 4), {"endpoint": False})
CASES["linspace_retstep"] = ("linspace", (0.0, 3.0, 4), {"retstep": True})
CASES["linspace_vec"] = ("linspace", (np.array([0.0, 1.0], "float32"), np.array([1.0, 5.0], "float32"), 3), {})
CASES["logspace"] = ("logspace", (0, 2, 3), {})
CASES["logspace_base"] = ("logspace", (0.0, 3.0, 4), {"base": 2})
CASES["geomspace"] = ("geomspace", (1, 8, 4), {})
CASES["eye"] = ("eye", (3,), {})
CASES["eye_mk"] = ("eye", (3, 4), {"k": 1, "dtype": "int32"})
CASES["identity"] = ("identity", (3,), {})
CASES["tri"] = ("tri", (3, 4), {"k": -1})
CASES["tril"] = ("tril", (X234,), {"k": 1})
CASES["triu"] = ("triu", (A,), {"k": -1})
CASES["zeros"] = ("zeros", ((2, 3),), {})
CASES["ones_int"] = ("ones", ((2,),), {"dtype": "int32"})
CASES["full"] = ("full", ((2, 2), 7), {})
CASES["full_dtype"] = ("full", ((2,), 3), {"dtype": "int32"})
CASES["full_like"] = ("full_like", (I32, 2), {})
CASES["zeros_like"] = ("zeros_like", (A,), {})
CASES["ones_like_dtype"] = ("ones_like", (A,), {"dtype": "int32"})
CASES["empty_like"] = ("empty_like", (I32,), {})
CASES["array"] = ("array", ([[1, 2], [3, 4]],), {})
CASES["array_float"] = ("array", ([1, 2.5],), {})
CASES["array_dtype"] = ("array", ([1, 2],), {"dtype": "float32"})
CASES["convert_int"] = ("convert_to_tensor", (3,), {})
CASES["convert_float"] = ("convert_to_tensor", (3.5,), {})
CASES["convert_list"] = ("convert_to_tensor", ([[1, 2.5], [3, 4]],), {})
CASES["convert_f64"] = ("convert_to_tensor", (F64,), {})
CASES["convert_dtype"] = ("convert_to_tensor", (I32,), {"dtype": "float16"})
CASES["meshgrid_xy"] = ("meshgrid", (V3, V3[:2]), {})
CASES["meshgrid_ij"] = ("meshgrid", (V3, V3[:2]), {"indexing": "ij"})
CASES["vander"] = ("vander", (V3,), {})
CASES["vander_inc"] = ("vander", (V3,), {"N": 4, "increasing": True})
for _w in ("bartlett", "blackman", "hamming", "hanning"):
    CASES[_w] = (_w, (7,), {})
CASES["kaiser"] = ("kaiser", (6, 3.0), {})

# shapes
CASES["reshape"] = ("reshape", (X234, (4, -1)), {})
CASES["expand_dims"] = ("expand_dims", (A, 1), {})
CASES["expand_dims_tuple"] = ("expand_dims", (A, (0, 3)), {})
CASES["squeeze"] = ("squeeze", (A[None, :, None],), {})
CASES["squeeze_axis"] = ("squeeze", (A[None, :, None],), {"axis": 0})
CASES["transpose_axes"] = ("transpose", (X234, (1, 0, 2)), {})
CASES["moveaxis"] = ("moveaxis", (X234, 0, -1), {})
CASES["swapaxes"] = ("swapaxes", (X234, 0, 2), {})
CASES["broadcast_to"] = ("broadcast_to", (V3, (2, 3)), {})
CASES["flip_axis"] = ("flip", (X234,), {"axis": 1})
CASES["rot90"] = ("rot90", (A,), {})
CASES["rot90_k"] = ("rot90", (X234,), {"k": 3, "axes": (1, 2)})
CASES["roll"] = ("roll", (A, 2), {})
CASES["roll_axis"] = ("roll", (A, -1), {"axis": 1})
CASES["tile"] = ("tile", (A, (2, 1)), {})
CASES["tile_more"] = ("tile", (V3, (2, 2)), {})
CASES["repeat"] = ("repeat", (A, 2), {})
CASES["repeat_axis"] = ("repeat", (A, [1, 2, 0]), {"axis": 0})
CASES["concatenate"] = ("concatenate", ([A, B],), {"axis": 1})
CASES["concatenate_mixed"] = ("concatenate", ([A, I32],), {})
CASES["append"] = ("append", (A, B), {})
CASES["append_axis"] = ("append", (A, B), {"axis": 0})
CASES["stack"] = ("stack", ([A, B],), {"axis": 1})
CASES["hstack"] = ("hstack", ([A, B],), {})
CASES["vstack"] = ("vstack", ([V3, V3],), {})
CASES["dstack"] = ("dstack", ([A, B],), {})
CASES["split"] = ("split", (A, 2), {"axis": 1})
CASES["split_idx"] = ("split", (X234, [1, 3]), {"axis": 2})
CASES["array_split"] = ("array_split", (A, 3), {"axis": 1})
CASES["hsplit"] = ("hsplit", (A, 2), {})
CASES["vsplit"] = ("vsplit", (A, 3), {})
CASES["dsplit"] = ("dsplit", (X234, 2), {})
CASES["diagonal"] = ("diagonal", (X234,), {"offset": 1, "axis1": 1, "axis2": 2})
CASES["diag_vec"] = ("diag", (V3,), {"k": 1})
CASES["diag_mat"] = ("diag", (A,), {"k": -1})
CASES["diagflat"] = ("diagflat", (A[:2, :2],), {})
CASES["diff"] = ("diff", (A,), {})
CASES["diff_n2"] = ("diff", (A,), {"n": 2, "axis": 0})
for _mode in ("constant", "reflect", "symmetric", "edge", "wrap", "maximum", "minimum", "mean"):
    CASES[f"pad_{_mode}"] = ("pad", (A, ((1, 2), (2, 1))), {"mode": _mode})
CASES["pad_value"] = ("pad", (A, 1), {"constant_values": 5.0})
CASES["pad_int"] = ("pad", (I32, ((0, 1), (1, 0))), {})
CASES["unstack"] = ("unstack", (X234,), {"axis": 1})
CASES["ndim"] = ("ndim", (X234,), {})
CASES["size"] = ("size", (X234,), {})
CASES["shape"] = ("shape", (X234,), {})

# indexing
CASES["take"] = ("take", (A, np.array([0, 2, -1])), {"axis": 1})
CASES["take_flat"] = ("take", (A, np.array([[0, 5], [11, 3]])), {})
CASES["take_along_axis"] = ("take_along_axis", (A, np.argsort(A, axis=1)), {"axis": 1})
CASES["take_along_axis_bcast"] = ("take_along_axis", (A, np.array([[0], [1], [3]])), {"axis": 1})
CASES["where"] = ("where", (A > 0, A, B), {})
CASES["where_scalar"] = ("where", (A > 0, A, 0), {})
CASES["where_int"] = ("where", (A > 0, I32, 1.5), {})
CASES["where_single"] = ("where", (A > 0,), {})
CASES["nonzero"] = ("nonzero", (I32,), {})
CASES["select"] = ("select", ([A < -1, A > 1], [A, B]), {"default": 9.0})
CASES["searchsorted"] = ("searchsorted", (np.sort(V3), A[0]), {})
CASES["searchsorted_right"] = ("searchsorted", (np.array([1.0, 2, 2, 3], "float32"),
                                                np.array([2.0, 0.5, 3.5], "float32")), {"side": "right"})
CASES["digitize"] = ("digitize", (A, np.array([-1.0, 0.0, 1.0], "float32")), {})
CASES["bincount"] = ("bincount", (np.array([0, 1, 1, 3, 2, 1]),), {})
CASES["bincount_w"] = ("bincount", (np.array([0, 1, 1, 3]),), {"weights": np.array([0.5, 1, 2, 1], "float32"),
                                                                   "minlength": 6})
CASES["bincount_2d"] = ("bincount", (np.array([[0, 1, 1], [2, 2, 0]]),), {})
CASES["histogram"] = ("histogram", (A.reshape(-1),), {"bins": 4})
CASES["histogram_range"] = ("histogram", (A.reshape(-1),), {"bins": 3, "range": (-1.0, 1.0)})
CASES["unique"] = ("unique", (np.array([3, 1, 2, 1, 3, 3], "int32"),), {})
CASES["unique_all"] = ("unique", (np.array([3, 1, 2, 1, 3, 3], "int32"),),
                       {"return_index": True, "return_inverse": True, "return_counts": True})
CASES["unique_size"] = ("unique", (np.array([3, 1, 1], "int32"),), {"size": 4, "fill_value": -1})
CASES["isin"] = ("isin", (I32, np.array([0, 1, 2], "int32")), {})
CASES["isin_invert"] = ("isin", (I32, np.array([0, 1, 2], "int32")), {"invert": True})
CASES["unravel_index"] = ("unravel_index", (np.array([3, 7, 11], "int32"), (3, 4)), {})
CASES["get_item"] = ("get_item", (A, 1), {})
CASES["sort"] = ("sort", (A,), {})
CASES["sort_axis0"] = ("sort", (A,), {"axis": 0})
CASES["argsort"] = ("argsort", (A,), {})
CASES["argsort_axis0"] = ("argsort", (A,), {"axis": 0})
CASES["argsort_none"] = ("argsort", (A,), {"axis": None})

# products
CASES["matmul"] = ("matmul", (A, B.T), {})
CASES["matmul_batch"] = ("matmul", (X234, _f(4, 2)), {})
CASES["matmul_vec"] = ("matmul", (A, V3[:3].repeat(2)[:4]), {})
CASES["matmul_int"] = ("matmul", (I32, I32.T), {})
CASES["matmul_mixed"] = ("matmul", (I32, B.T), {})
CASES["dot"] = ("dot", (A, B.T), {})
CASES["dot_vec"] = ("dot", (V3, V3), {})
CASES["dot_nd"] = ("dot", (X234, _f(2, 4, 3)), {})
CASES["dot_scalar"] = ("dot", (A, 2.0), {})
CASES["vdot"] = ("vdot", (A, B), {})
CASES["inner"] = ("inner", (A, B), {})
CASES["outer"] = ("outer", (V3, A[0]), {})
CASES["tensordot"] = ("tensordot", (X234, _f(3, 4, 2)), {})
CASES["tensordot_axes"] = ("tensordot", (X234, _f(4, 3)), {"axes": ([1, 2], [1, 0])})
CASES["tensordot_int"] = ("tensordot", (A, B), {"axes": 1 - 1})
CASES["kron"] = ("kron", (A[:2, :2], B[:2, :3]), {})
CASES["cross"] = ("cross", (_f(4, 3), _f(4, 3)), {})
CASES["cross_2d"] = ("cross", (_f(4, 2), _f(4, 2)), {})
CASES["einsum"] = ("einsum", ("ij,jk->ik", A, B.T), {})
CASES["einsum_batch"] = ("einsum", ("bij,kj->bik", X234, A), {})
CASES["einsum_int8"] = ("einsum", ("ij,jk->ik", I8, I8.T), {})
CASES["correlate"] = ("correlate", (V3.repeat(3), V3), {})
CASES["correlate_full"] = ("correlate", (V3.repeat(3), V3), {"mode": "full"})
CASES["correlate_same"] = ("correlate", (V3.repeat(3), _f(4)), {"mode": "same"})
CASES["corrcoef"] = ("corrcoef", (A,), {})
CASES["trapezoid"] = ("trapezoid", (A,), {})
CASES["trapezoid_x"] = ("trapezoid", (A,), {"x": np.array([0.0, 1.0, 3.0, 6.0], "float32")})
CASES["trapezoid_dx"] = ("trapezoid", (A,), {"dx": 0.5, "axis": 0})
CASES["cdist"] = ("cdist", (A, B[:2]), {})
CASES["slogdet"] = ("slogdet", (SPD,), {})

# nn
CASES["one_hot"] = ("one_hot", (np.array([0, 2, -1, 1]), 3), {})
CASES["one_hot_axis0"] = ("one_hot", (np.array([[0, 2], [1, 1]]), 3), {"axis": 0})
CASES["multi_hot"] = ("multi_hot", (np.array([[1, 3, 1], [0, 2, 2]]),), {"num_classes": 5})
CASES["multi_hot_1d"] = ("multi_hot", (np.array([1, 3]),), {"num_classes": 4})
CASES["moments"] = ("moments", (X234, [0, 1]), {})
CASES["moments_keep"] = ("moments", (X234, 2), {"keepdims": True})
CASES["batch_normalization"] = ("batch_normalization", (A, V3.repeat(2)[:4], POS[0], -1),
                                {"offset": B[0], "scale": POS[1], "epsilon": 0.01})
CASES["layer_normalization"] = ("layer_normalization", (X234,), {})
CASES["layer_normalization_gb"] = ("layer_normalization", (X234, POS[0], B[0]), {"epsilon": 1e-5})
CASES["rms_normalization"] = ("rms_normalization", (X234,), {"scale": POS[0]})
CASES["normalize"] = ("normalize", (A,), {})
CASES["normalize_l1"] = ("normalize", (A,), {"axis": 0, "order": 1})
CASES["psnr"] = ("psnr", (IMG, np.clip(IMG + 0.05, 0, 1), 1.0), {})
CASES["bce"] = ("binary_crossentropy", ((A > 0).astype("float32"), np.clip(POS / 3, 0, 1)), {})
CASES["bce_logits"] = ("binary_crossentropy", ((A > 0).astype("float32"), B), {"from_logits": True})
_T = np.eye(4, dtype="float32")[[0, 3, 1]]
CASES["cce"] = ("categorical_crossentropy", (_T, POS / POS.sum(1, keepdims=True)), {})
CASES["cce_logits"] = ("categorical_crossentropy", (_T, A), {"from_logits": True})
CASES["scce"] = ("sparse_categorical_crossentropy", (np.array([0, 3, 1]), POS / POS.sum(1, keepdims=True)), {})
CASES["scce_logits"] = ("sparse_categorical_crossentropy", (np.array([0, 3, 1]), A), {"from_logits": True})
_K1 = _f(3, 3, 2)
_K2 = _f(3, 3, 3, 2)
CASES["conv1d"] = ("conv", (SEQ, _K1), {})
CASES["conv1d_same_s2"] = ("conv", (SEQ, _K1), {"strides": 2, "padding": "same"})
CASES["conv1d_dil"] = ("conv", (SEQ, _K1), {"dilation_rate": 2})
CASES["conv2d"] = ("conv", (IMG, _K2), {})
CASES["conv2d_same"] = ("conv", (IMG, _K2), {"padding": "same"})
CASES["conv2d_same_s2"] = ("conv", (IMG, _K2), {"strides": 2, "padding": "same"})
CASES["conv2d_cf"] = ("conv", (np.transpose(IMG, (0, 3, 1, 2)), _K2), {"data_format": "channels_first"})
CASES["conv3d"] = ("conv", (_f(1, 4, 5, 5, 2), _f(2, 2, 2, 2, 3)), {"padding": "same"})
CASES["conv2d_1x1_s2"] = ("conv", (IMG, _f(1, 1, 3, 4)), {"strides": 2, "padding": "same"})
CASES["conv2d_groups"] = ("conv", (_f(1, 5, 5, 4), _f(3, 3, 2, 6)), {})
CASES["depthwise_conv"] = ("depthwise_conv", (IMG, _f(3, 3, 3, 2)), {"padding": "same"})
CASES["separable_conv"] = ("separable_conv", (IMG, _f(3, 3, 3, 2), _f(1, 1, 6, 4)), {"strides": 2})
CASES["conv_transpose"] = ("conv_transpose", (IMG, _f(3, 3, 4, 3)), {"strides": 2})
CASES["conv_transpose_same"] = ("conv_transpose", (IMG, _f(3, 3, 4, 3)), {"strides": 2, "padding": "same"})
CASES["conv_transpose_op"] = ("conv_transpose", (IMG, _f(3, 3, 4, 3)), {"strides": 2, "padding": "same",
                                                                       "output_padding": 1})
CASES["conv_transpose_1d"] = ("conv_transpose", (SEQ, _f(3, 2, 3)), {"strides": 3})
CASES["max_pool"] = ("max_pool", (IMG, 2), {})
CASES["max_pool_same"] = ("max_pool", (IMG, 3), {"strides": 2, "padding": "same"})
CASES["avg_pool"] = ("average_pool", (IMG, 2), {})
CASES["avg_pool_same"] = ("average_pool", (IMG, 3), {"strides": 2, "padding": "same"})
CASES["max_pool_1d"] = ("max_pool", (SEQ, 2), {"strides": 1})
CASES["adaptive_avg"] = ("adaptive_average_pool", (IMG, (3, 2)), {})
CASES["adaptive_max"] = ("adaptive_max_pool", (IMG, (2, 3)), {})
CASES["depth_to_space"] = ("depth_to_space", (_f(1, 2, 3, 8), 2), {})
CASES["space_to_depth"] = ("space_to_depth", (_f(1, 4, 6, 2), 2), {})
CASES["depth_to_space_cf"] = ("depth_to_space", (_f(1, 8, 2, 3), 2), {"data_format": "channels_first"})
CASES["unfold"] = ("unfold", (_f(1, 2, 5, 5), 3), {})
CASES["unfold_args"] = ("unfold", (_f(1, 2, 5, 6), (2, 3)), {"stride": 2, "padding": 1, "dilation": 1})
CASES["fold"] = ("fold", (_f(1, 18, 9), (5, 5), 3), {})
_Q = _f(2, 5, 4, 8)
_KV = _f(2, 6, 4, 8)
CASES["dpa"] = ("dot_product_attention", (_Q, _KV, _f(2, 6, 4, 8)), {})
CASES["dpa_causal"] = ("dot_product_attention", (_f(2, 6, 2, 4), _f(2, 6, 2, 4), _f(2, 6, 2, 4)), {"is_causal": True})
CASES["dpa_mask_bias_scale"] = ("dot_product_attention", (_Q, _KV, _f(2, 6, 4, 8)),
                                {"mask": _rs.rand(2, 4, 5, 6) > 0.3, "bias": _f(2, 4, 5, 6), "scale": 0.5})
CASES["dpa_gqa"] = ("dot_product_attention", (_Q, _f(2, 6, 2, 8), _f(2, 6, 2, 8)), {})
CASES["ctc_loss"] = ("ctc_loss", (np.array([[1, 2, 0], [3, 1, 2]]), _f(2, 6, 5), np.array([2, 3]), np.array([6, 5])),
                     {})
CASES["ctc_decode"] = ("ctc_decode", (_f(2, 6, 5), np.array([6, 4])), {})

# math and linalg
CASES["segment_sum"] = ("segment_sum", (A, np.array([0, 0, 2])), {})
CASES["segment_sum_n"] = ("segment_sum", (A, np.array([0, 1, 1])), {"num_segments": 3})
CASES["segment_max"] = ("segment_max", (A, np.array([0, 1, 1])), {})
CASES["segment_min"] = ("segment_min", (A, np.array([1, 1, 0])), {})
CASES["segment_prod"] = ("segment_prod", (A, np.array([0, 0, 1])), {})
CASES["top_k"] = ("top_k", (A, 2), {})
CASES["in_top_k"] = ("in_top_k", (np.array([0, 3, 1]), A, 2), {})
CASES["logsumexp_axis"] = ("logsumexp", (A,), {"axis": 0})
CASES["extract_sequences"] = ("extract_sequences", (_f(2, 10), 4, 3), {})
CASES["fft"] = ("fft", ((A, B),), {})
CASES["fft2"] = ("fft2", ((A, B),), {})
CASES["ifft2"] = ("ifft2", ((A, B),), {})
CASES["rfft"] = ("rfft", (A,), {})
CASES["rfft_n"] = ("rfft", (A,), {"fft_length": 6})
CASES["irfft"] = ("irfft", ((A[:, :3], B[:, :3]),), {})
CASES["irfft_n"] = ("irfft", ((A[:, :3], B[:, :3]),), {"fft_length": 5})
_SIG = _f(2, 32)
CASES["stft"] = ("stft", (_SIG, 8, 4, 8), {})
CASES["stft_nocenter"] = ("stft", (_SIG, 6, 3, 8), {"window": "hamming", "center": False})
CASES["stft_nowindow"] = ("stft", (_SIG, 8, 2, 16), {"window": None})
CASES["view_as_real_roundtrip"] = ("view_as_real", ("__complex__", A, B), {})
CASES["cholesky"] = ("cholesky", (SPD,), {})
CASES["cholesky_upper"] = ("cholesky", (SPD,), {"upper": True})
CASES["det"] = ("det", (M33,), {})
CASES["inv"] = ("inv", (SPD,), {})
CASES["solve"] = ("solve", (SPD, A[:, :2]), {})
CASES["solve_triangular"] = ("solve_triangular", (np.tril(SPD), A[:, :2]), {"lower": True})
CASES["solve_triangular_upper"] = ("solve_triangular", (np.triu(SPD), V3), {})
CASES["pinv"] = ("pinv", (A,), {})
CASES["lstsq"] = ("lstsq", (A, B[:, :2]), {})
CASES["matrix_rank"] = ("matrix_rank", (np.outer(V3, V3).astype("float32"),), {})
CASES["norm_flat"] = ("norm", (X234,), {})
CASES["norm_axis"] = ("norm", (A,), {"axis": 1})
CASES["norm_ord1"] = ("norm", (A,), {"ord": 1, "axis": 0})
CASES["norm_inf"] = ("norm", (A,), {"ord": np.inf, "axis": -1, "keepdims": True})
CASES["norm_fro"] = ("norm", (X234,), {"axis": (1, 2)})
CASES["norm_nuc"] = ("norm", (A,), {"ord": "nuc"})
CASES["norm_mat1"] = ("norm", (A,), {"ord": 1})
CASES["svd_values"] = ("svd", (A,), {"compute_uv": False})
CASES["logdet"] = ("logdet", (SPD,), {})
CASES["eigh_values"] = ("eigh", (SPD,), {})
CASES["cholesky_inverse"] = ("cholesky_inverse", (np.linalg.cholesky(SPD).astype("float32"),), {})

# core
CASES["cast"] = ("cast", (A, "int32"), {})
CASES["cast_bool"] = ("cast", (A, "bool"), {})
CASES["saturate_cast"] = ("saturate_cast", (A * 200, "uint8"), {})
CASES["saturate_cast_i8"] = ("saturate_cast", (I32 * 60, "int8"), {})
CASES["slice"] = ("slice", (X234, (0, 1, 1), (2, 2, 2)), {})
CASES["slice_update"] = ("slice_update", (X234, (0, 1, 1), _f(1, 2, 2)), {})
CASES["scatter"] = ("scatter", (np.array([[0, 1], [2, 3], [0, 1]]), np.array([1.0, 2.0, 3.0], "float32"), (3, 4)),
                    {})
CASES["scatter_rows"] = ("scatter", (np.array([[1], [0]]), _f(2, 4), (3, 4)), {})
CASES["scatter_update"] = ("scatter_update", (A, np.array([[0, 1], [2, 3]]), np.array([9.0, 8.0], "float32")), {})
CASES["scatter_update_rows"] = ("scatter_update", (A, np.array([[1]]), _f(1, 4)), {})
CASES["stop_gradient"] = ("stop_gradient", (A,), {})
CASES["rearrange"] = ("rearrange", (_f(2, 6, 3), "b (h w) c -> b h w c"), {"h": 2})
CASES["rearrange_t"] = ("rearrange", (X234, "a b c -> c (a b)"), {})

# image
CASES["img_resize_bilinear"] = ("image.resize", (IMG, (4, 5)), {})
CASES["img_resize_up"] = ("image.resize", (IMG, (9, 11)), {})
CASES["img_resize_nearest"] = ("image.resize", (IMG, (4, 9)), {"interpolation": "nearest"})
CASES["img_resize_bicubic"] = ("image.resize", (IMG, (9, 5)), {"interpolation": "bicubic"})
CASES["img_resize_area"] = ("image.resize", (IMG, (3, 7)), {"interpolation": "area"})
CASES["img_resize_aa"] = ("image.resize", (IMG, (3, 4)), {"antialias": True})
CASES["img_resize_lanczos3"] = ("image.resize", (IMG, (4, 5)), {"interpolation": "lanczos3"})
CASES["img_resize_crop"] = ("image.resize", (IMG, (4, 4)), {"crop_to_aspect_ratio": True})
CASES["img_resize_pad"] = ("image.resize", (IMG, (4, 8)), {"pad_to_aspect_ratio": True, "fill_value": 0.5})
CASES["img_resize_single"] = ("image.resize", (IMG[0], (3, 3)), {})
CASES["img_gray"] = ("image.rgb_to_grayscale", (IMG,), {})
CASES["img_hsv"] = ("image.rgb_to_hsv", (IMG,), {})
CASES["img_hsv_rgb"] = ("image.hsv_to_rgb", (IMG,), {})
_AFF = np.array([[1.1, 0.2, -0.5, -0.1, 0.9, 0.7, 0.01, -0.02], [0.9, -0.3, 1.0, 0.2, 1.1, -0.4, 0.0, 0.0]],
                "float32")
for _fm in ("constant", "nearest", "wrap", "mirror", "reflect"):
    CASES[f"img_affine_{_fm}"] = ("image.affine_transform", (IMG, _AFF), {"fill_mode": _fm})
CASES["img_affine_nearest_interp"] = ("image.affine_transform", (IMG, _AFF), {"interpolation": "nearest",
                                                                            "fill_value": 0.3})
CASES["img_patches"] = ("image.extract_patches", (IMG, 2), {})
CASES["img_patches_strided"] = ("image.extract_patches", (IMG, (3, 2)), {"strides": (1, 2), "padding": "same"})
CASES["img_pad"] = ("image.pad_images", (IMG,), {"top_padding": 1, "left_padding": 2, "target_height": 9,
                                                  "target_width": 10})
CASES["img_crop"] = ("image.crop_images", (IMG,), {"top_cropping": 1, "left_cropping": 2, "target_height": 4,
                                                   "target_width": 3})
CASES["img_blur"] = ("image.gaussian_blur", (IMG,), {})
CASES["img_blur_args"] = ("image.gaussian_blur", (IMG,), {"kernel_size": (5, 5), "sigma": (2.0, 2.0)})
CASES["img_sobel"] = ("image.sobel_edges", (IMG,), {})
CASES["img_ssim"] = ("image.ssim", (_f(2, 16, 16, 3, lo=0, hi=1), _f(2, 16, 16, 3, lo=0, hi=1)),
                     {"filter_size": 5})
_PTS0 = np.array([[0, 0], [6, 0], [0, 5], [6, 5]], "float32")
_PTS1 = np.array([[1, 0], [5, 1], [0, 4], [6, 5]], "float32")
CASES["img_perspective"] = ("image.perspective_transform", (IMG, _PTS0, _PTS1), {})
CASES["img_map_coords"] = ("image.map_coordinates", (A, np.stack([_f(5, lo=-1, hi=4), _f(5, lo=-1, hi=5)]), 1), {})
CASES["img_map_coords_nearest"] = ("image.map_coordinates",
                                   (A, np.stack([_f(5, lo=-1, hi=4), _f(5, lo=-1, hi=5)]), 0),
                                   {"fill_mode": "nearest"})
CASES["img_map_coords_reflect"] = ("image.map_coordinates",
                                   (A, np.stack([_f(5, lo=-3, hi=6), _f(5, lo=-3, hi=7)]), 1),
                                   {"fill_mode": "reflect"})
CASES["img_map_coords_mirror"] = ("image.map_coordinates",
                                  (A, np.stack([_f(5, lo=-3, hi=6), _f(5, lo=-3, hi=7)]), 1),
                                  {"fill_mode": "mirror"})
CASES["img_map_coords_wrap"] = ("image.map_coordinates",
                                (A, np.stack([_f(5, lo=-3, hi=6), _f(5, lo=-3, hi=7)]), 1), {"fill_mode": "wrap"})
CASES["img_scale_translate"] = ("image.scale_and_translate",
                                (IMG, (2, 4, 5, 3), np.array([0.7, 0.8], "float32"), np.array([0.5, -0.2], "float32"),
                                 (1, 2), "linear"), {})
CASES["img_patches_3d"] = ("image.extract_patches_3d", (_f(1, 4, 4, 4, 2), 2), {})


def resolve(ops, path):
    """The function at `path` (e.g. "image.resize") under an ops module."""
    obj = ops
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def build_args(ops, args):
    """Turn the `("__complex__", re, im)` marker into a complex tensor built with the ops module."""
    if len(args) == 3 and isinstance(args[0], str) and args[0] == "__complex__":
        return (ops.view_as_complex(ops.stack([ops.convert_to_tensor(args[1]), ops.convert_to_tensor(args[2])],
                                              axis=-1)),)
    return args


def flatten(value):
    """Outputs as a flat list of leaves (tuples, lists and namedtuples flattened in order)."""
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(flatten(v))
        return out
    return [value]
