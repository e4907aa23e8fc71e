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
}


def run(tf):
    out = {}
    for name, expr in CASES.items():
        x = tf.Variable([1.0, 2.0])
        with tf.GradientTape() as tape:
            y = eval(expr, {"tf": tf, "x": x})
        grad = tape.gradient(y, x)
        out[name] = [np.asarray(y).round(5).tolist(), np.asarray(grad).round(5).tolist()]
    return out
