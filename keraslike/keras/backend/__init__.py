"""`tf.keras.backend`: configuration plus Keras's legacy backend functions (`K.mean`, `K.batch_dot`, ...)."""

# ruff: noqa: F401, A004
from keraslike._src.keras.backend import clear_session, floatx, set_floatx
from keraslike._src.keras.backend.config import (
    backend, epsilon, image_data_format, set_epsilon, set_image_data_format,
)
from keraslike._src.keras.backend.keras_function import function, learning_phase, set_learning_phase
from keraslike._src.keras.backend.legacy import (
    abs, all, any, arange, argmax, argmin, batch_dot, batch_flatten, batch_get_value, batch_normalization,
    batch_set_value, bias_add, binary_crossentropy, binary_focal_crossentropy, cast, cast_to_floatx,
    categorical_crossentropy, categorical_focal_crossentropy, clip, concatenate, constant, conv1d, conv2d,
    conv2d_transpose, conv3d, cos, count_params, ctc_batch_cost, ctc_decode, ctc_label_dense_to_sparse, cumprod,
    cumsum, depthwise_conv2d, dot, dropout, dtype, elu, equal, eval, exp, expand_dims, eye, flatten, foldl, foldr,
    gather, get_uid, get_value, gradients, greater, greater_equal, hard_sigmoid, in_top_k, int_shape,
    is_float_dtype, is_int_dtype, is_keras_tensor, is_sparse, l2_normalize, less, less_equal, log, map_fn, max,
    maximum, mean, min, minimum, moving_average_update, name_scope, ndim, not_equal, one_hot, ones, ones_like,
    permute_dimensions, placeholder, pool2d, pool3d, pow, prod, random_bernoulli, random_normal, random_normal_variable,
    random_uniform, random_uniform_variable, relu, repeat, repeat_elements, reshape, resize_images, resize_volumes,
    result_type, reverse, rnn, round, separable_conv2d, set_value, shape, sigmoid, sign, sin, softmax, softplus,
    softsign, sparse_categorical_crossentropy, spatial_2d_padding, spatial_3d_padding, sqrt, square, squeeze,
    stack, standardize_dtype, std, stop_gradient, sum, switch, tanh, temporal_padding, tile, to_dense, transpose,
    truncated_normal, update, update_add, update_sub, var, variable, zeros, zeros_like,
)
from keraslike._src.keras.ops import symbolic as _symbolic
import sys as _sys

_symbolic.wrap_tf_namespaces([_sys.modules[__name__]])  # Keras 2: `K.std(x)` on a functional-API tensor is a layer
del _symbolic, _sys
