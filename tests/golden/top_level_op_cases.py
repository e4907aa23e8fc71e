"""Cases for the top-level TF ops, `tf.bitwise`, `tf.signal` FFTs and dtypes added in issue 11.

Each case takes the `tf` module (real TensorFlow in `make_top_level_op_golden.py`, keraslike in
`tests/ops/test_top_level_ops.py`); results are encoded by `core_cases.encode`. Most cases are the
examples of TF's own docstrings for these functions. No TensorFlow import here: both sides share this file.
"""

import numpy as np


def _complex(x):
    x = np.asarray(x.numpy())
    return [str(x.dtype), x.real.tolist(), x.imag.tolist()]


def _m(tf):
    return tf.reshape(tf.range(12), (3, 4))


def _seq(tf):
    return tf.reshape(tf.range(1, 17), (4, 4))


CASES = {
    # array manipulation
    "roll_1d": lambda tf: tf.roll([0, 1, 2, 3, 4], shift=2, axis=0),
    "roll_2d_two_axes": lambda tf: tf.roll(_m(tf), shift=[1, -2], axis=[0, 1]),
    "roll_same_axis_twice": lambda tf: tf.roll(_m(tf), shift=[2, -3], axis=[1, 1]),
    "repeat_axis": lambda tf: tf.repeat([1, 2, 3], repeats=[3, 1, 2], axis=0),
    "repeat_2d_axis1": lambda tf: tf.repeat([[1, 2], [3, 4]], repeats=[2, 3], axis=1),
    "repeat_scalar_flat": lambda tf: tf.repeat([[1, 2], [3, 4]], repeats=2),
    "repeat_scalar_axis0": lambda tf: tf.repeat([[1.0, 2.0], [3.0, 4.0]], repeats=2, axis=0),
    "meshgrid_xy": lambda tf: tf.meshgrid([1, 2, 3], [4, 5, 6, 7]),
    "meshgrid_ij": lambda tf: tf.meshgrid([1, 2, 3], [4, 5], indexing="ij"),
    "meshgrid_bad_kwarg": lambda tf: tf.meshgrid([1, 2], foo=1),
    "unique": lambda tf: list(tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8])),
    "unique_first_occurrence_order": lambda tf: list(tf.unique([5, 3, 5, 1, 3, 9])),
    "unique_int64_idx": lambda tf: list(tf.unique([2.0, 1.0, 2.0], out_idx=tf.int64)),
    "unique_fields": lambda tf: [tf.unique([3, 3, 1]).y, tf.unique([3, 3, 1]).idx],
    "unique_with_counts": lambda tf: list(tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7, 8, 8])),
    "unique_with_counts_fields": lambda tf: tf.unique_with_counts([4, 2, 4]).count,
    "sequence_mask": lambda tf: tf.sequence_mask([1, 3, 2], 5),
    "sequence_mask_2d": lambda tf: tf.sequence_mask([[1, 3], [2, 0]]),
    "sequence_mask_dtype": lambda tf: tf.sequence_mask([2, 0, 1], maxlen=3, dtype=tf.float32),
    "reverse_sequence": lambda tf: tf.reverse_sequence(_seq(tf), [4, 3, 2, 1], seq_axis=1, batch_axis=0),
    "reverse_sequence_batch_axis_1": lambda tf: tf.reverse_sequence(_seq(tf), [1, 2, 3, 4], seq_axis=0,
                                                                     batch_axis=1),
    "reverse_sequence_3d": lambda tf: tf.reverse_sequence(tf.reshape(tf.range(24), (2, 3, 4)), [2, 3],
                                                          seq_axis=1, batch_axis=0),
    "broadcast_dynamic_shape": lambda tf: tf.broadcast_dynamic_shape([1, 2, 3], [5, 1, 3]),
    "broadcast_dynamic_shape_rank": lambda tf: tf.broadcast_dynamic_shape(tf.constant([3]), tf.constant([2, 1])),
    "broadcast_dynamic_shape_bad": lambda tf: tf.broadcast_dynamic_shape([2, 3], [4, 3]),
    "broadcast_static_shape": lambda tf: tf.broadcast_static_shape(tf.TensorShape([1, 2, 3]),
                                                                   tf.TensorShape([5, 1, 3])),
    "broadcast_static_shape_none": lambda tf: tf.broadcast_static_shape(tf.TensorShape([None, 1, 3]),
                                                                        tf.TensorShape([4, 5, 1])),
    "broadcast_static_shape_bad": lambda tf: tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3])),
    "space_to_batch_nd": lambda tf: tf.space_to_batch_nd(tf.reshape(tf.range(16), (1, 4, 4, 1)), [2, 2],
                                                         [[0, 0], [0, 0]]),
    "space_to_batch_padded": lambda tf: tf.space_to_batch(tf.reshape(tf.range(1, 7), (1, 2, 3, 1)), [2, 2],
                                                          [[0, 0], [0, 1]]),
    "space_to_batch_1d_channels": lambda tf: tf.space_to_batch(tf.reshape(tf.range(12), (2, 3, 2)), [3],
                                                               [[0, 0]]),
    "batch_to_space": lambda tf: tf.batch_to_space(tf.reshape(tf.range(16), (4, 2, 2, 1)), [2, 2],
                                                   [[0, 0], [0, 1]]),
    "batch_to_space_round_trip": lambda tf: tf.batch_to_space(
        tf.space_to_batch(tf.reshape(tf.range(30), (1, 5, 3, 2)), [2, 3], [[1, 0], [0, 0]]), [2, 3],
        [[1, 0], [0, 0]]),
    "required_space_to_batch_paddings": lambda tf: list(tf.required_space_to_batch_paddings([5, 7], [2, 3])),
    "required_space_to_batch_paddings_base": lambda tf: list(tf.required_space_to_batch_paddings(
        [5, 7], [2, 3], base_paddings=[[1, 0], [0, 2]])),
    "strided_slice_basic": lambda tf: tf.strided_slice(_m(tf), [0, 1], [3, 4], [2, 2]),
    "strided_slice_negative_stride": lambda tf: tf.strided_slice(_m(tf), [2, 3], [0, 0], [-1, -2]),
    "strided_slice_masks": lambda tf: tf.strided_slice(_m(tf), [1, 2], [0, 3], [1, 1], begin_mask=0b10,
                                                       end_mask=0b01),
    "strided_slice_shrink": lambda tf: tf.strided_slice(_m(tf), [1, 0], [2, 4], [1, 1], shrink_axis_mask=1),
    "strided_slice_new_axis": lambda tf: tf.strided_slice(_m(tf), [0, 0, 1], [1, 3, 3], [1, 1, 1],
                                                          new_axis_mask=1),
    "strided_slice_ellipsis": lambda tf: tf.strided_slice(tf.reshape(tf.range(24), (2, 3, 4)), [0, 1], [1, 3],
                                                          [1, 1], ellipsis_mask=1),
    "strided_slice_tf_doc": lambda tf: tf.strided_slice(
        tf.constant([[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]]),
        [1, -1, 0], [2, -3, 3], [1, -1, 1]),
    "shape_n": lambda tf: tf.shape_n([tf.ones((2, 3)), tf.ones((4,))]),
    "shape_n_int64": lambda tf: tf.shape_n([tf.ones((2, 3))], out_type=tf.int64),
    "unravel_index": lambda tf: tf.unravel_index([5, 0, 11], [3, 4]),
    "unravel_index_scalar": lambda tf: tf.unravel_index(7, [2, 2, 2]),
    "dynamic_partition": lambda tf: tf.dynamic_partition([10, 20, 30, 40, 50], [0, 0, 1, 1, 0], 2),
    "dynamic_partition_rows": lambda tf: tf.dynamic_partition(_m(tf), [2, 0, 2], 3),
    "dynamic_stitch": lambda tf: tf.dynamic_stitch([[6], [4, 1], [[5, 2], [0, 3]]],
                                                   [[61.0], [41.0, 11.0], [[51.0, 21.0], [1.0, 31.0]]]),
    "dynamic_stitch_overwrite": lambda tf: tf.dynamic_stitch([[0, 1], [1, 2]], [[1, 2], [3, 4]]),
    "dynamic_stitch_rows": lambda tf: tf.dynamic_stitch([[1], [0]], [[[1, 2]], [[3, 4]]]),
    "bitcast_same_size": lambda tf: tf.bitcast(tf.constant([1.0, -2.0]), tf.int32),
    "bitcast_to_smaller": lambda tf: tf.bitcast(tf.constant([1, 256], tf.int32), tf.uint8),
    "bitcast_to_larger": lambda tf: tf.bitcast(tf.constant([[0, 0, 128, 63]], tf.uint8), tf.float32),
    "guarantee_const": lambda tf: tf.guarantee_const(tf.constant([1.0, 2.0])),
    # indexing
    "tensor_scatter_nd_max": lambda tf: tf.tensor_scatter_nd_max([0, 0, 0, 0, 0, 0, 0, 0], [[4], [3], [1], [7]],
                                                                 [9, 10, 11, 12]),
    "tensor_scatter_nd_min": lambda tf: tf.tensor_scatter_nd_min([5, 5, 5, 5], [[0], [2], [0]], [3, 7, 1]),
    "tensor_scatter_nd_sub": lambda tf: tf.tensor_scatter_nd_sub([1, 2, 3, 4, 5, 6, 7, 8], [[4], [3], [1], [7]],
                                                                 [9, 10, 11, 12]),
    "tensor_scatter_nd_sub_duplicates": lambda tf: tf.tensor_scatter_nd_sub([1.0, 2.0], [[0], [0]], [1.0, 2.0]),
    "tensor_scatter_nd_max_rows": lambda tf: tf.tensor_scatter_nd_max(tf.zeros((3, 2)), [[2], [0]],
                                                                      [[1.0, -1.0], [3.0, 4.0]]),
    "searchsorted_left": lambda tf: tf.searchsorted([[0, 3, 9, 9, 10], [1, 2, 3, 4, 5]], [[2, 4, 9], [0, 2, 6]]),
    "searchsorted_right": lambda tf: tf.searchsorted([0.0, 3.0, 9.0, 9.0, 10.0], [9.0, 2.0], side="right"),
    "searchsorted_int64": lambda tf: tf.searchsorted([1, 2, 3], [2], out_type=tf.int64),
    "searchsorted_bad_side": lambda tf: tf.searchsorted([1, 2, 3], [2], side="middle"),
    # math
    "truncatediv_int": lambda tf: tf.truncatediv(tf.constant([7, -7, 7, -7]), tf.constant([2, 2, -2, -2])),
    "truncatediv_float": lambda tf: tf.truncatediv(tf.constant([7.0, -7.0]), tf.constant([2.0, 2.0])),
    "realdiv": lambda tf: tf.realdiv(tf.constant([7.0, -7.0]), tf.constant([2.0, 4.0])),
    "realdiv_int": lambda tf: tf.realdiv(tf.constant([7, -7]), tf.constant([2, 2])),
    "scalar_mul": lambda tf: tf.scalar_mul(2.0, tf.constant([1.0, 2.0])),
    "acosh": lambda tf: tf.acosh(tf.constant([1.0, 2.0, 10.0])),
    "asinh": lambda tf: tf.asinh(tf.constant([-2.0, 0.0, 3.0])),
    "atanh": lambda tf: tf.atanh(tf.constant([-0.5, 0.0, 0.9])),
    "math_acosh": lambda tf: tf.math.acosh(tf.constant([1.5], tf.float64)),
    "complex": lambda tf: _complex(tf.complex(tf.constant([2.25, 3.25]), tf.constant([4.75, 5.75]))),
    "complex_float64": lambda tf: _complex(tf.complex(tf.constant([1.0], tf.float64), tf.constant([2.0], tf.float64))),
    "complex_mismatch": lambda tf: tf.complex(tf.constant([1.0]), tf.constant([1.0], tf.float64)),
    "dtypes_complex": lambda tf: _complex(tf.dtypes.complex(tf.constant(1.0), tf.constant(-1.0))),
    "histogram_fixed_width": lambda tf: tf.histogram_fixed_width([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0],
                                                                 nbins=5),
    "histogram_fixed_width_int64": lambda tf: tf.histogram_fixed_width(tf.constant([0.5, 0.6, 9.0]), [0.0, 10.0],
                                                                       nbins=2, dtype=tf.int64),
    "histogram_fixed_width_bins": lambda tf: tf.histogram_fixed_width_bins([-1.0, 0.0, 1.5, 2.0, 5.0, 15],
                                                                           [0.0, 5.0], nbins=5),
    "histogram_fixed_width_bins_2d": lambda tf: tf.histogram_fixed_width_bins([[0.1, 0.9], [0.5, 0.49]],
                                                                              [0.0, 1.0], nbins=2),
    # linalg
    "matrix_square_root": lambda tf: tf.linalg.sqrtm(tf.constant([[4.0, 1.0], [0.0, 9.0]])),
    "matrix_square_root_spd": lambda tf: tf.matrix_square_root(tf.constant([[2.0, 1.0], [1.0, 2.0]], tf.float64)),
    "eigvals_symmetric": lambda tf: [tf.eigvals(tf.constant([[2.0, 1.0], [1.0, 2.0]])).dtype.name,
                                     tf.sort(tf.math.real(tf.eigvals(tf.constant([[2.0, 1.0], [1.0, 2.0]]))))],
    "eig_dtype": lambda tf: [d.dtype.name for d in tf.eig(tf.constant([[0.0, 1.0], [-1.0, 0.0]], tf.float64))],
    # fft
    "signal_fft": lambda tf: _complex(tf.signal.fft(tf.constant([1 + 0j, 2, 3, 4], tf.complex64))),
    "signal_ifft2d": lambda tf: _complex(tf.signal.ifft2d(tf.complex(tf.reshape(tf.range(4.0), (2, 2)),
                                                                     tf.zeros((2, 2))))),
    "signal_rfft": lambda tf: _complex(tf.signal.rfft(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))),
    "signal_rfft_length": lambda tf: _complex(tf.signal.rfft(tf.constant([1.0, 2.0, 3.0]), fft_length=[6])),
    "signal_irfft": lambda tf: tf.signal.irfft(tf.signal.rfft(tf.constant([1.0, 2.0, 3.0, 4.0]))),
    "signal_irfft_odd": lambda tf: tf.signal.irfft(tf.signal.rfft(tf.constant([1.0, 2.0, 3.0])), fft_length=[3]),
    "signal_rfft2d": lambda tf: _complex(tf.signal.rfft2d(tf.reshape(tf.range(6.0), (2, 3)))),
    "signal_irfft2d": lambda tf: tf.signal.irfft2d(tf.signal.rfft2d(tf.reshape(tf.range(6.0), (2, 3))),
                                                   fft_length=[2, 3]),
    "signal_fft3d": lambda tf: _complex(tf.signal.fft3d(tf.complex(tf.reshape(tf.range(8.0), (2, 2, 2)),
                                                                   tf.zeros((2, 2, 2))))),
    "signal_fftshift": lambda tf: tf.signal.fftshift(tf.constant([0, 1, 2, 3, 4, -5, -4, -3, -2, -1])),
    "signal_ifftshift_axes": lambda tf: tf.signal.ifftshift(tf.reshape(tf.range(9), (3, 3)), axes=1),
    "fft_float_input": lambda tf: tf.signal.fft(tf.constant([1.0, 2.0])),
    # short-time Fourier analysis (the audio tutorials)
    "hann_window": lambda tf: [tf.signal.hann_window(5), tf.signal.hann_window(5, periodic=False),
                               tf.signal.hann_window(1)],
    "hamming_window_float64": lambda tf: tf.signal.hamming_window(6, dtype=tf.float64),
    "frame": lambda tf: tf.signal.frame(tf.range(10), 4, 3),
    "frame_pad_end": lambda tf: tf.signal.frame(tf.range(10), 4, 3, pad_end=True, pad_value=-1),
    "frame_axis": lambda tf: tf.signal.frame(tf.reshape(tf.range(12), (6, 2)), 3, 2, axis=0),
    "frame_short": lambda tf: tf.signal.frame(tf.range(3), 4, 1),
    "overlap_and_add": lambda tf: tf.signal.overlap_and_add(tf.reshape(tf.range(1.0, 13.0), (3, 4)), 2),
    "stft_shape_and_values": lambda tf: _complex(tf.signal.stft(
        tf.sin(tf.range(64, dtype=tf.float32) * 0.3), frame_length=16, frame_step=8)[:2, :4]),
    "stft_tutorial_shape": lambda tf: tf.signal.stft(tf.zeros([16000]), frame_length=255, frame_step=128).shape,
    "stft_fft_length_pad_end": lambda tf: _complex(tf.signal.stft(
        tf.range(20, dtype=tf.float32), frame_length=6, frame_step=5, fft_length=8, pad_end=True, window_fn=None)),
    "inverse_stft_round_trip": lambda tf: tf.signal.inverse_stft(
        tf.signal.stft(tf.sin(tf.range(40, dtype=tf.float32) * 0.5), 8, 2), 8, 2,
        window_fn=tf.signal.inverse_stft_window_fn(2))[8:32],
    "inverse_stft_window": lambda tf: tf.signal.inverse_stft_window_fn(3)(8, dtype=tf.float32),
    "dct2": lambda tf: tf.signal.dct(tf.constant([[1.0, 2.0, 4.0, 7.0]])),
    "dct_types": lambda tf: [tf.signal.dct(tf.constant([1.0, -2.0, 0.5, 3.0, 1.0]), type=t) for t in (1, 2, 3, 4)],
    "dct_ortho": lambda tf: [tf.signal.dct(tf.constant([1.0, -2.0, 0.5, 3.0]), type=t, norm="ortho")
                             for t in (2, 3, 4)],
    "dct_n": lambda tf: [tf.signal.dct(tf.constant([1.0, 2.0, 3.0]), n=5), tf.signal.dct(tf.constant([1.0, 2.0, 3.0]),
                                                                                           n=2)],
    "idct": lambda tf: [tf.signal.idct(tf.constant([1.0, -2.0, 0.5, 3.0]), norm="ortho"),
                        tf.signal.idct(tf.constant([1.0, -2.0, 0.5, 3.0]))],
    "dct_bad_norm": lambda tf: tf.signal.dct(tf.constant([1.0, 2.0]), type=1, norm="ortho"),
    "mel_matrix": lambda tf: tf.signal.linear_to_mel_weight_matrix(4, 9, 8000, 100.0, 3000.0),
    "mel_matrix_defaults_shape": lambda tf: tf.signal.linear_to_mel_weight_matrix().shape,
    "mfccs": lambda tf: tf.signal.mfccs_from_log_mel_spectrograms(tf.constant([[1.0, 2.0, 0.5, -1.0, 3.0]]))[..., :3],
    # bitwise
    "bitwise_and": lambda tf: tf.bitwise.bitwise_and(tf.constant([0, 5, 3, 14], tf.int8),
                                                     tf.constant([5, 0, 7, 11], tf.int8)),
    "bitwise_or": lambda tf: tf.bitwise.bitwise_or(tf.constant([0, 5, 3, 14]), tf.constant([5, 0, 7, 11])),
    "bitwise_xor": lambda tf: tf.bitwise.bitwise_xor(tf.constant([0, 5, 3, 14], tf.uint8),
                                                     tf.constant([5, 0, 7, 11], tf.uint8)),
    "bitwise_invert": lambda tf: tf.bitwise.invert(tf.constant([0, 5, 3, 14, -1], tf.int16)),
    "bitwise_invert_uint8": lambda tf: tf.bitwise.invert(tf.constant([0, 5, 255], tf.uint8)),
    "left_shift": lambda tf: tf.bitwise.left_shift(tf.constant([-1, -5, -3, -14], tf.int8),
                                                   tf.constant([5, 0, 7, 3], tf.int8)),
    "right_shift": lambda tf: tf.bitwise.right_shift(tf.constant([-2, 64, 101, 32]), tf.constant([1, 5, 3, 4])),
    "right_shift_uint8": lambda tf: tf.bitwise.right_shift(tf.constant([255, 64], tf.uint8), tf.constant([1, 3],
                                                                                                         tf.uint8)),
    "bitwise_float_error": lambda tf: tf.bitwise.bitwise_and(tf.constant([1.0]), tf.constant([1.0])),
    "bitwise_dtype_mismatch": lambda tf: tf.bitwise.bitwise_and(tf.constant([1]), tf.constant([1], tf.int64)),
    # sequences, specs, eager-only answers
    "edit_distance_strings": lambda tf: tf.edit_distance(
        tf.sparse.SparseTensor([[0, 0, 0], [1, 0, 0]], ["a", "b"], (2, 1, 1)),
        tf.sparse.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]], ["a", "b", "c", "a"], (2, 2, 2))),
    "edit_distance_unnormalized": lambda tf: tf.edit_distance(
        tf.sparse.SparseTensor([[0, 0], [0, 1], [0, 2]], [1, 2, 3], (1, 3)),
        tf.sparse.SparseTensor([[0, 0], [0, 1]], [1, 3], (1, 2)), normalize=False),
    "edit_distance_kitten": lambda tf: tf.edit_distance(
        tf.sparse.SparseTensor([[0, i] for i in range(6)], list("kitten"), (1, 6)),
        tf.sparse.SparseTensor([[0, i] for i in range(7)], list("sitting"), (1, 7))),
    "approx_top_k": lambda tf: list(tf.approx_top_k(tf.constant([[1.0, 5.0, 3.0, 2.0], [4.0, 0.0, 9.0, 1.0]]), 2)),
    "parallel_stack_eager": lambda tf: tf.parallel_stack([tf.constant([1, 2]), tf.constant([3, 4])]),
    "is_symbolic_tensor": lambda tf: [tf.is_symbolic_tensor(tf.constant(1)), tf.is_symbolic_tensor(3)],
    "type_spec_from_value": lambda tf: [repr(tf.type_spec_from_value(tf.constant([1.0, 2.0]))),
                                        repr(tf.type_spec_from_value(tf.data.Dataset.range(2))),
                                        repr(tf.type_spec_from_value(3)), repr(tf.type_spec_from_value([1.5]))],
    "type_spec_from_value_bad": lambda tf: tf.type_spec_from_value(object()),
    # dtypes
    "uint_names": lambda tf: [tf.uint16.name, tf.uint32.name, tf.uint64.name, tf.dtypes.uint32.max,
                              tf.uint16.is_unsigned, tf.uint64.size, tf.uint32.as_datatype_enum],
    "quantized": lambda tf: [[d.name, d.is_quantized, d.is_integer, d.size, d.as_datatype_enum]
                             for d in (tf.qint8, tf.quint8, tf.qint32)],
    "quantized_set": lambda tf: sorted(d.name for d in tf.dtypes.QUANTIZED_DTYPES if not d.name.endswith("_ref")
                                       and d.name not in ("qint16", "quint16")),
    "quantized_min": lambda tf: tf.qint8.min,
    "as_dtype_names": lambda tf: [tf.as_dtype(n).name for n in ("uint16", "uint32", "uint64", "qint8", "quint8",
                                                                "qint32", "float64", "bool")],
    "as_dtype_numpy": lambda tf: [tf.as_dtype(t).name for t in (np.uint16, np.uint32, np.uint64, np.int8,
                                                                np.float16, np.complex64, np.bool_)],
    "as_dtype_enum": lambda tf: [tf.as_dtype(e).name for e in (1, 2, 3, 4, 9, 10, 11, 17, 22, 23)],
    "as_dtype_bad": lambda tf: tf.as_dtype("float31"),
    "uint_constant": lambda tf: [tf.constant([1, 2], tf.uint32).dtype.name, tf.constant([7], tf.uint16).numpy(),
                                 tf.cast(tf.constant([3, 4]), tf.uint64).numpy()],
    "dtypes_experimental": lambda tf: [
        [d.name, d.size, d.as_datatype_enum, d.is_floating, d.is_integer, d.is_unsigned, float(d.min), float(d.max)]
        for d in (tf.dtypes.experimental.float8_e4m3fn, tf.dtypes.experimental.float8_e4m3fnuz,
                  tf.dtypes.experimental.float8_e5m2, tf.dtypes.experimental.float8_e5m2fnuz,
                  tf.dtypes.experimental.int4, tf.dtypes.experimental.uint4, tf.dtypes.experimental.int2,
                  tf.dtypes.experimental.uint2)],
    "dtypes_experimental_as_dtype": lambda tf: [tf.as_dtype(n).name for n in ("float8_e5m2", "int4", "uint2")],
    "float8_cast": lambda tf: tf.cast(tf.cast(tf.constant([0.3, 1.5, -300.0]), tf.dtypes.experimental.float8_e4m3fn),
                                      tf.float32),
}
