"""Gradients at the edges TF's kernels define (ties, zeros, clip bounds, NaN-producing points), where a fused
torch kernel may pick another subgradient. Shared by `make_edge_gradient_golden.py` (real TF 2.21) and
`tests/autodiff/test_edge_gradients.py`. Each case maps `x` (a float32 variable [1, 2]) to a scalar."""

import numpy as np

CASES = {
    "clip_at_lower_edge": "tf.reduce_sum(tf.clip_by_value(x, 1.0, 1.5))",
    "clip_at_upper_edge": "tf.reduce_sum(tf.clip_by_value(x, 0.0, 2.0))",
    "clip_tensor_bounds": "tf.reduce_sum(tf.clip_by_value(x, tf.constant([1.0, 0.0]), tf.constant([3.0, 2.0])))",
    "norm_of_zero": "tf.norm(x - x)",
    "norm_axis_of_zero": "tf.reduce_sum(tf.norm(tf.stack([x - x, x]), axis=1))",
    "norm_fro_of_zero": "tf.norm(tf.reshape(x - x, [1, 2]), ord='fro', axis=[0, 1])",
    "euclidean_norm_of_zero": "tf.math.reduce_euclidean_norm(tf.zeros([2]) * x)",
    "linalg_norm": "tf.linalg.norm(x)",
    "norm_ord1_zero": "tf.norm(x - x, ord=1)",
    "keras_ops_norm_zero": "tf.keras.ops.norm(x - x)",
    "keras_ops_norm_axis": "tf.reduce_sum(tf.keras.ops.norm(tf.stack([x - x, x]), axis=1))",
    "sqrt_at_zero": "tf.reduce_sum(tf.sqrt(x - 1.0))",
    "max_ties": "tf.reduce_max(tf.stack([x[0], x[0]]))",
    "abs_at_zero": "tf.reduce_sum(tf.abs(x - 1.0))",
    "relu_at_zero": "tf.reduce_sum(tf.nn.relu(x - 1.0))",
    "minimum_maximum_ties": "tf.reduce_sum(tf.minimum(x, 2.0) + tf.maximum(x, 1.0))",
    "where_with_nan_branch": "tf.reduce_sum(tf.where(x > 1.5, x * x, tf.math.log(x - 1.0)))",
    "pow_half_at_zero": "tf.reduce_sum(tf.pow(x - 1.0, 0.5))",
    "divide_no_nan": "tf.reduce_sum(tf.math.divide_no_nan(x, x - 1.0))",
    "std_of_constant": "tf.math.reduce_std(tf.stack([x[0], x[0]]))",
    "clip_by_norm_zero": "tf.reduce_sum(tf.clip_by_norm(x - x, 1.0))",
    "keras_ops_clip_edge": "tf.reduce_sum(K.ops.clip(x, 1.0, 1.5))",
    "keras_ops_maximum_tie": "tf.reduce_sum(K.ops.maximum(x, 2.0))",
    "keras_ops_minimum_tie": "tf.reduce_sum(K.ops.minimum(x, 1.0))",
    "selu_at_zero": "tf.reduce_sum(tf.nn.selu(x - 1.0))",
    "keras_selu_at_zero": "tf.reduce_sum(K.activations.selu(x - 1.0))",
    "keras_ops_selu_at_zero": "tf.reduce_sum(K.ops.selu(x - 1.0))",
    "elu_at_zero": "tf.reduce_sum(tf.nn.elu(x - 1.0))",
    "relu6_edges": "tf.reduce_sum(tf.nn.relu6(x * 3.0))",
    "keras_relu_max_value_edge": "tf.reduce_sum(K.activations.relu(x, max_value=2.0))",
    "keras_relu_max_value_6": "tf.reduce_sum(K.activations.relu(x * 3.0, max_value=6.0))",
    "keras_relu_threshold_edge": "tf.reduce_sum(K.activations.relu(x, threshold=1.0))",
    "keras_relu_negative_slope_at_zero": "tf.reduce_sum(K.activations.relu(x - 1.0, negative_slope=0.1))",
    "keras_relu_all_options": "tf.reduce_sum(K.activations.relu(x - 1.0, negative_slope=0.1, max_value=0.5, "
                              "threshold=0.2))",
    "relu_layer_max_value_edge": "tf.reduce_sum(K.layers.ReLU(max_value=2.0)(x))",
    "leaky_relu_at_zero": "tf.reduce_sum(tf.nn.leaky_relu(x - 1.0, 0.2))",
    "round_has_no_gradient": "tf.reduce_sum(tf.round(x))",
    "floor_has_no_gradient": "tf.reduce_sum(tf.floor(x * 1.5))",
    "ceil_plus_x": "tf.reduce_sum(tf.math.ceil(x * 1.5) + x)",
    "rint_has_no_gradient": "tf.reduce_sum(tf.math.rint(x))",
    "keras_ops_round_has_no_gradient": "tf.reduce_sum(K.ops.round(x))",
    "keras_ops_floor_has_no_gradient": "tf.reduce_sum(K.ops.floor(x))",
    "sign_gradient_zero": "tf.reduce_sum(tf.sign(x - 1.0) * x)",
}


def run(tf):
    out = {}
    for name, expr in CASES.items():
        x = tf.Variable([1.0, 2.0])
        with tf.GradientTape() as tape:
            y = eval(expr, {"tf": tf, "x": x, "K": tf.keras})
        grad = tape.gradient(y, x)
        out[name] = [np.asarray(y).round(5).tolist(), None if grad is None else np.asarray(grad).round(5).tolist()]
    return out
