"""`tf.nn`: activations, cross-entropies, dropout, moments, distributed loss scaling."""

# ruff: noqa: F401, I001
from keraslike._src.ops.nn import (
    bias_add, compute_average_loss, dropout, elu, embedding_lookup, gelu, l2_loss, l2_normalize,
    leaky_relu, log_softmax, moments, relu, relu6, scale_regularization_loss, selu, sigmoid,
    sigmoid_cross_entropy_with_logits, silu, softmax, softmax_cross_entropy_with_logits, softplus,
    softsign, sparse_softmax_cross_entropy_with_logits, swish, tanh, weighted_cross_entropy_with_logits,
)
from keraslike._src.ops.nn_conv import (
    atrous_conv2d, avg_pool, avg_pool1d, avg_pool2d, avg_pool3d, conv1d, conv1d_transpose, conv2d, conv2d_transpose,
    conv3d, conv3d_transpose, conv_transpose, convolution, depthwise_conv2d, max_pool, max_pool1d, max_pool2d,
    max_pool3d, pool, separable_conv2d,
)
from keraslike._src.ops.reduction import top_k
from keraslike._src.ops.nn import (
    batch_normalization, crelu, local_response_normalization, log_poisson_loss, lrn, normalize_moments,
    sufficient_statistics, weighted_moments,
)
from keraslike._src.ops.math_special import in_top_k, zero_fraction
from keraslike._src.ops.space_batch import depth_to_space, space_to_batch, space_to_depth

from keraslike._src.ops.reduction import approx_max_k, approx_min_k
from keraslike._src.ops.nn_experimental import isotonic_regression
from keraslike._src.ops.embedding_ops import embedding_lookup_sparse
from keraslike._src.ops.ctc_ops import ctc_greedy_decoder, ctc_loss
from keraslike.nn import experimental
