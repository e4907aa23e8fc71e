"""The `tf.compat.v1` names TF 2.21 exports under another name in TF2 (`tf.ceil` is `tf.math.ceil`, `tf.matrix_inverse`
is `tf.linalg.inv`, `tf.FixedLenFeature` is `tf.io.FixedLenFeature`): the same function under both names, so
`tf.compat.v1.<name>` resolves to keraslike's `tf.<TF2 path>`.

The table lists, for each such TF1 top-level name, the TF2 path of the object TF 2.21 exports under it (read off
TF's API: the same Python object under both names; several paths separated by commas, the first keraslike has
wins). TF1 names whose TF1 signature differs from any TF2 function live
in `v1_only_ops.py`.
"""

V2_PATHS = {
    "AggregationMethod": "AggregationMethod", "CriticalSection": "CriticalSection",
    "FixedLenFeature": "io.FixedLenFeature", "FixedLenSequenceFeature": "io.FixedLenSequenceFeature",
    "IndexedSlices": "IndexedSlices", "IndexedSlicesSpec": "IndexedSlicesSpec", "NoGradient": "no_gradient",
    "NoneTensorSpec": "NoneTensorSpec", "NotDifferentiable": "no_gradient", "OpError": "errors.OpError",
    "PaddingFIFOQueue": "queue.PaddingFIFOQueue", "PriorityQueue": "queue.PriorityQueue",
    "QUANTIZED_DTYPES": "dtypes.QUANTIZED_DTYPES", "QueueBase": "queue.QueueBase",
    "RegisterGradient": "RegisterGradient", "SparseFeature": "io.SparseFeature",
    "TensorArraySpec": "TensorArraySpec", "TypeSpec": "TypeSpec", "VarLenFeature": "io.VarLenFeature",
    "accumulate_n": "math.accumulate_n", "angle": "math.angle", "as_string": "as_string,strings.as_string",
    "assert_proper_iterable": "debugging.assert_proper_iterable",
    "assert_same_float_dtype": "debugging.assert_same_float_dtype", "betainc": "math.betainc", "ceil": "math.ceil",
    "check_numerics": "debugging.check_numerics", "check_pinned": "check_pinned", "cholesky": "linalg.cholesky",
    "cholesky_solve": "linalg.cholesky_solve", "conj": "math.conj", "conv": "conv",
    "conv2d_backprop_filter_v2": "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2": "conv2d_backprop_input_v2",
    "cross": "linalg.cross", "decode_base64": "io.decode_base64", "decode_compressed": "io.decode_compressed",
    "decode_json_example": "io.decode_json_example", "dequantize": "quantization.dequantize",
    "deserialize_many_sparse": "io.deserialize_many_sparse", "diag": "linalg.tensor_diag",
    "diag_part": "linalg.tensor_diag_part", "digamma": "math.digamma", "div_no_nan": "math.divide_no_nan",
    "encode_base64": "io.encode_base64", "erf": "math.erf", "erfc": "math.erfc", "expm1": "math.expm1",
    "extract_volume_patches": "extract_volume_patches",
    "fake_quant_with_min_max_args": "quantization.fake_quant_with_min_max_args",
    "fake_quant_with_min_max_args_gradient": "quantization.fake_quant_with_min_max_args_gradient",
    "fake_quant_with_min_max_vars": "quantization.fake_quant_with_min_max_vars",
    "fake_quant_with_min_max_vars_gradient": "quantization.fake_quant_with_min_max_vars_gradient",
    "fake_quant_with_min_max_vars_per_channel": "quantization.fake_quant_with_min_max_vars_per_channel",
    "fake_quant_with_min_max_vars_per_channel_gradient":
        "quantization.fake_quant_with_min_max_vars_per_channel_gradient",
    "fft": "signal.fft", "fft2d": "signal.fft2d", "fft3d": "signal.fft3d", "fingerprint": "fingerprint",
    "floormod": "math.mod,math.floormod", "global_norm": "linalg.global_norm", "ifft": "signal.ifft",
    "ifft2d": "signal.ifft2d", "ifft3d": "signal.ifft3d", "igamma": "math.igamma", "igammac": "math.igammac",
    "imag": "math.imag", "invert_permutation": "math.invert_permutation", "is_finite": "math.is_finite",
    "is_inf": "math.is_inf", "is_nan": "math.is_nan", "is_non_decreasing": "math.is_non_decreasing",
    "is_numeric_tensor": "debugging.is_numeric_tensor", "is_strictly_increasing": "math.is_strictly_increasing",
    "lbeta": "math.lbeta", "lgamma": "math.lgamma", "lin_space": "linspace", "load_library": "load_library",
    "load_op_library": "load_op_library", "log1p": "math.log1p", "log_sigmoid": "math.log_sigmoid",
    "logical_xor": "math.logical_xor", "make_ndarray": "make_ndarray", "make_tensor_proto": "make_tensor_proto",
    "matching_files": "io.matching_files", "matrix_band_part": "linalg.band_part",
    "matrix_determinant": "linalg.det", "matrix_diag": "linalg.diag", "matrix_diag_part": "linalg.diag_part",
    "matrix_inverse": "linalg.inv", "matrix_set_diag": "linalg.set_diag", "matrix_solve": "linalg.solve",
    "matrix_solve_ls": "linalg.lstsq", "matrix_transpose": "linalg.matrix_transpose",
    "matrix_triangular_solve": "linalg.triangular_solve", "mod": "math.mod,math.floormod",
    "no_gradient": "no_gradient", "nondifferentiable_batch_function": "nondifferentiable_batch_function",
    "parse_single_sequence_example": "io.parse_single_sequence_example", "parse_tensor": "io.parse_tensor",
    "polygamma": "math.polygamma", "qint16": "qint16,dtypes.qint16", "qr": "linalg.qr",
    "quantize": "quantization.quantize", "quantized_concat": "quantization.quantized_concat",
    "quint16": "quint16,dtypes.quint16", "ragged_fill_empty_rows": "ragged_fill_empty_rows",
    "ragged_fill_empty_rows_grad": "ragged_fill_empty_rows_grad", "random_crop": "image.random_crop",
    "random_gamma": "random.gamma", "random_index_shuffle": "random_index_shuffle",
    "random_shuffle": "random.shuffle", "read_file": "io.read_file", "real": "math.real",
    "reciprocal": "math.reciprocal", "regex_replace": "strings.regex_replace",
    "register_tensor_conversion_function": "register_tensor_conversion_function",
    "resource": "resource,dtypes.resource", "reverse_v2": "reverse", "rint": "math.rint", "rsqrt": "math.rsqrt",
    "segment_max": "math.segment_max", "segment_mean": "math.segment_mean", "segment_min": "math.segment_min",
    "segment_prod": "math.segment_prod", "segment_sum": "math.segment_sum", "self_adjoint_eig": "linalg.eigh",
    "self_adjoint_eigvals": "linalg.eigvalsh", "serialize_tensor": "io.serialize_tensor",
    "sparse_fill_empty_rows": "sparse.fill_empty_rows", "sparse_mask": "sparse.mask",
    "sparse_maximum": "sparse.maximum", "sparse_minimum": "sparse.minimum", "sparse_reorder": "sparse.reorder",
    "sparse_reset_shape": "sparse.reset_shape", "sparse_reshape": "sparse.reshape", "sparse_retain": "sparse.retain",
    "sparse_slice": "sparse.slice", "sparse_softmax": "sparse.softmax",
    "sparse_tensor_dense_matmul": "sparse.sparse_dense_matmul", "sparse_tensor_to_dense": "sparse.to_dense",
    "sparse_to_indicator": "sparse.to_indicator", "sparse_transpose": "sparse.transpose",
    "string_join": "strings.join", "string_strip": "strings.strip",
    "string_to_hash_bucket_fast": "strings.to_hash_bucket_fast",
    "string_to_hash_bucket_strong": "strings.to_hash_bucket_strong", "svd": "linalg.svd",
    "tensor_scatter_add": "tensor_scatter_nd_add", "tensor_scatter_sub": "tensor_scatter_nd_sub",
    "tensor_scatter_update": "tensor_scatter_nd_update", "trace": "linalg.trace",
    "unsorted_segment_max": "math.unsorted_segment_max", "unsorted_segment_mean": "math.unsorted_segment_mean",
    "unsorted_segment_min": "math.unsorted_segment_min", "unsorted_segment_prod": "math.unsorted_segment_prod",
    "unsorted_segment_sqrt_n": "math.unsorted_segment_sqrt_n", "unsorted_segment_sum": "math.unsorted_segment_sum",
    "variant": "variant,dtypes.variant", "where_v2": "where", "write_file": "io.write_file", "zeta": "math.zeta",
}


def resolve(root, name):
    """The TF2 function TF exports under the TF1 name `name` (`ceil` -> `root.math.ceil`), or None."""
    for path in V2_PATHS.get(name, "").split(","):
        if not path:
            continue
        value = root
        try:
            for part in path.split("."):
                value = getattr(value, part)
        except AttributeError:
            continue
        return value
    return None
