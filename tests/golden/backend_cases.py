"""Cases for `tf.keras.backend` (Keras's legacy backend functions), shared by the golden writer and the test.

Each case is `fn(K, c) -> array or list of arrays`, written only with `K.*` so it runs unchanged under
real TF 2.21's `tf.keras.backend` (`make_backend_golden.py`) and keraslike's
(`tests/keras/test_backend_legacy.py`). `c(array)` makes a constant of the array's dtype.
Inputs are fixed numpy arrays from `inputs()`.
"""

import numpy as np


def inputs():
    r = np.random.RandomState(7)
    return {
        "a": r.uniform(-2, 2, (3, 4)).astype("float32"),
        "b": r.uniform(-2, 2, (4, 5)).astype("float32"),
        "p": r.uniform(0.05, 0.95, (3, 4)).astype("float32"),
        "t": (r.uniform(0, 1, (3, 4)) > 0.5).astype("float32"),
        "x3": r.uniform(-1, 1, (2, 3, 4)).astype("float32"),
        "y3": r.uniform(-1, 1, (2, 4, 5)).astype("float32"),
        "x4": r.uniform(-1, 1, (2, 3, 4, 2)).astype("float32"),
        "img": r.uniform(-1, 1, (2, 6, 6, 3)).astype("float32"),
        "k2": r.uniform(-1, 1, (3, 3, 3, 4)).astype("float32"),
        "seq": r.uniform(-1, 1, (2, 7, 3)).astype("float32"),
        "k1": r.uniform(-1, 1, (3, 3, 2)).astype("float32"),
        "vol": r.uniform(-1, 1, (1, 4, 4, 4, 2)).astype("float32"),
        "k3": r.uniform(-1, 1, (2, 2, 2, 2, 3)).astype("float32"),
        "dk": r.uniform(-1, 1, (3, 3, 3, 2)).astype("float32"),
        "pk": r.uniform(-1, 1, (1, 1, 6, 4)).astype("float32"),
        "tk": r.uniform(-1, 1, (3, 3, 5, 3)).astype("float32"),
        "labels": np.array([2, 0, 3], dtype="int32"),
        "logits": r.uniform(-3, 3, (3, 4)).astype("float32"),
        "probs": (lambda z: z / z.sum(-1, keepdims=True))(r.uniform(0.1, 1, (3, 4))).astype("float32"),
        "ctc_pred": (lambda z: z / z.sum(-1, keepdims=True))(r.uniform(0.05, 1, (2, 6, 5))).astype("float32"),
        "ctc_peaky": (lambda z: z / z.sum(-1, keepdims=True))(r.uniform(0, 1, (3, 8, 4)) ** 4 + 0.01).astype("float32"),
        "ctc_long": (lambda z: z / z.sum(-1, keepdims=True))(r.uniform(0, 1, (2, 10, 6)) ** 3 + 0.02).astype("float32"),
        "ctc_true": np.array([[1, 2, 2], [3, 1, 0]], dtype="int32"),
        "ints": np.array([[1, 2, 3], [4, 5, 7]], dtype="int32"),
        "halves": np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.49], dtype="float32"),
        "mask": np.array([[1, 1, 0, 1, 0, 0, 1], [1, 0, 1, 1, 1, 0, 0]], dtype="bool"),
    }


def _rnn_step(K):
    def step(x_t, states):
        h = K.tanh(x_t[:, :2] + 0.5 * states[0])
        return h * 2.0, [h]
    return step


CASES = {
    # reductions
    "mean": lambda K, c, d: K.mean(c(d["a"])),
    "mean_axis_keep": lambda K, c, d: K.mean(c(d["x3"]), axis=[0, 2], keepdims=True),
    "mean_bool": lambda K, c, d: K.mean(K.greater(c(d["a"]), 0.0), axis=1),
    "mean_int": lambda K, c, d: K.mean(c(d["ints"]), axis=1),
    "sum": lambda K, c, d: K.sum(c(d["a"]), axis=1),
    "sum_keep": lambda K, c, d: K.sum(c(d["x3"]), axis=-1, keepdims=True),
    "max": lambda K, c, d: K.max(c(d["a"]), axis=0),
    "min": lambda K, c, d: K.min(c(d["x3"]), axis=(1, 2)),
    "prod": lambda K, c, d: K.prod(c(d["p"]), axis=1, keepdims=True),
    "std": lambda K, c, d: K.std(c(d["a"]), axis=1),
    "var": lambda K, c, d: K.var(c(d["x3"])),
    "all": lambda K, c, d: K.all(c(d["t"]), axis=1),
    "any": lambda K, c, d: K.any(c(d["t"]), axis=0, keepdims=True),
    "argmax": lambda K, c, d: K.argmax(c(d["a"])),
    "argmin": lambda K, c, d: K.argmin(c(d["a"]), axis=0),
    "cumsum": lambda K, c, d: K.cumsum(c(d["a"]), axis=1),
    "cumprod": lambda K, c, d: K.cumprod(c(d["p"])),
    # elementwise
    "abs": lambda K, c, d: K.abs(c(d["a"])),
    "square": lambda K, c, d: K.square(c(d["a"])),
    "sqrt_negatives": lambda K, c, d: K.sqrt(c(d["a"])),
    "exp": lambda K, c, d: K.exp(c(d["a"])),
    "log": lambda K, c, d: K.log(c(d["p"])),
    "pow": lambda K, c, d: K.pow(c(d["p"]), 3),
    "sign": lambda K, c, d: K.sign(c(d["a"])),
    "round": lambda K, c, d: K.round(c(d["halves"])),
    "sin": lambda K, c, d: K.sin(c(d["a"])),
    "cos": lambda K, c, d: K.cos(c(d["a"])),
    "clip": lambda K, c, d: K.clip(c(d["a"]), -0.5, 1.0),
    "clip_inverted": lambda K, c, d: K.clip(c(d["a"]), 0.5, 0.1),
    "clip_none": lambda K, c, d: K.clip(c(d["a"]), None, 0.3),
    "eps_ratio": lambda K, c, d: c(d["a"]) / (K.sum(K.abs(c(d["a"]))) + K.epsilon()),
    "compare": lambda K, c, d: [K.cast(f(c(d["a"]), c(d["a"][::-1].copy())), "int32") for f in (
        K.equal, K.not_equal, K.greater, K.greater_equal, K.less, K.less_equal)],
    "maximum_minimum": lambda K, c, d: [K.maximum(c(d["a"]), 0.2), K.minimum(c(d["a"]), 0.2)],
    "switch_tensor": lambda K, c, d: K.switch(K.greater(c(d["a"]), 0.0), c(d["a"]), K.square(c(d["a"]))),
    "switch_rank1": lambda K, c, d: K.switch(K.greater(c(d["a"])[0], 0.0), c(d["a"]), -c(d["a"])),
    "switch_rank2_of_3": lambda K, c, d: K.switch(K.greater(c(d["x3"])[:, :, 0], 0.0), c(d["x3"]), -c(d["x3"])),
    "switch_scalar": lambda K, c, d: K.switch(K.constant(0.0) > 1.0, lambda: c(d["a"]), lambda: -c(d["a"])),
    "cast": lambda K, c, d: K.cast(c(d["a"]) * 2, "int32"),
    "cast_to_floatx": lambda K, c, d: K.cast_to_floatx(d["ints"]),
    # shapes
    "flatten": lambda K, c, d: K.flatten(c(d["x3"])),
    "batch_flatten": lambda K, c, d: K.batch_flatten(c(d["x4"])),
    "reshape": lambda K, c, d: K.reshape(c(d["x3"]), (4, -1)),
    "permute": lambda K, c, d: K.permute_dimensions(c(d["x3"]), (2, 0, 1)),
    "transpose": lambda K, c, d: K.transpose(c(d["x3"])),
    "repeat": lambda K, c, d: K.repeat(c(d["a"]), 2),
    "repeat_elements": lambda K, c, d: K.repeat_elements(c(d["x3"]), 2, axis=1),
    "tile": lambda K, c, d: K.tile(c(d["a"]), (2, 1)),
    "expand_squeeze": lambda K, c, d: [K.expand_dims(c(d["a"])), K.squeeze(K.expand_dims(c(d["a"]), 1), 1)],
    "concatenate": lambda K, c, d: K.concatenate([c(d["a"]), c(d["p"])], axis=-1),
    "stack": lambda K, c, d: K.stack([c(d["a"]), c(d["p"])], axis=1),
    "one_hot": lambda K, c, d: K.one_hot(c(d["labels"]), 5),
    "reverse": lambda K, c, d: K.reverse(c(d["x3"]), [0, 2]),
    "gather": lambda K, c, d: K.gather(c(d["a"]), c(np.array([2, 0, 2], dtype="int32"))),
    "shape": lambda K, c, d: K.shape(c(d["x3"])),
    "arange": lambda K, c, d: [K.arange(5), K.arange(1, 7, 2, dtype="float32"), K.arange(-3)],
    "temporal_padding": lambda K, c, d: K.temporal_padding(c(d["seq"]), (1, 2)),
    "spatial_2d_padding": lambda K, c, d: K.spatial_2d_padding(c(d["img"]), ((1, 0), (2, 1))),
    "spatial_2d_padding_cf": lambda K, c, d: K.spatial_2d_padding(c(d["img"]), ((1, 0), (0, 1)), "channels_first"),
    "spatial_3d_padding": lambda K, c, d: K.spatial_3d_padding(c(d["vol"]), ((1, 0), (0, 1), (1, 1))),
    "resize_images": lambda K, c, d: K.resize_images(c(d["img"]), 2, 3, "channels_last"),
    "resize_images_bilinear": lambda K, c, d: K.resize_images(c(d["img"]), 2, 2, "channels_last", "bilinear"),
    "resize_images_methods": lambda K, c, d: [K.resize_images(c(d["img"]), 2, 2, "channels_last", m) for m in (
        "area", "bicubic", "gaussian", "lanczos3", "lanczos5", "mitchellcubic")],
    "resize_images_cf": lambda K, c, d: K.resize_images(K.permute_dimensions(c(d["img"]), (0, 3, 1, 2)), 3, 1,
                                                        "channels_first"),
    "resize_volumes": lambda K, c, d: K.resize_volumes(c(d["vol"]), 2, 1, 2, "channels_last"),
    # linear algebra
    "dot": lambda K, c, d: K.dot(c(d["a"]), c(d["b"])),
    "dot_nd": lambda K, c, d: K.dot(c(d["x3"]), c(d["y3"])),
    "batch_dot_default": lambda K, c, d: K.batch_dot(c(d["x3"]), c(d["y3"])),
    "batch_dot_2d": lambda K, c, d: K.batch_dot(c(d["a"][:2]), c(d["p"][:2])),
    "batch_dot_2d_axes1": lambda K, c, d: K.batch_dot(c(d["a"][:2]), c(d["p"][:2]), axes=1),
    "batch_dot_axes_12": lambda K, c, d: K.batch_dot(c(d["x3"]), c(d["x3"]), axes=(1, 1)),
    "batch_dot_axes_21": lambda K, c, d: K.batch_dot(c(d["x3"]), c(d["y3"]), axes=[2, 1]),
    "batch_dot_3d_2d": lambda K, c, d: K.batch_dot(c(d["x3"]), c(d["a"][:2]), axes=[2, 1]),
    "batch_dot_4d_3d": lambda K, c, d: K.batch_dot(c(d["x4"]), c(d["x3"]), axes=(1, 1)),
    "batch_dot_neg": lambda K, c, d: K.batch_dot(c(d["x3"]), c(d["y3"]), axes=(-1, -2)),
    "l2_normalize": lambda K, c, d: K.l2_normalize(c(d["a"]), axis=1),
    "bias_add": lambda K, c, d: K.bias_add(c(d["img"]), c(np.array([1.0, -2.0, 0.5], "float32"))),
    "bias_add_cf": lambda K, c, d: K.bias_add(c(d["img"]), c(np.array([1.0, -2.0, 0.5, 3, 4, 5], "float32")),
                                              data_format="channels_first"),
    "batch_normalization": lambda K, c, d: K.batch_normalization(
        c(d["a"]), c(d["a"].mean(0)), c(d["a"].var(0)), c(np.full(4, 0.1, "float32")), c(np.full(4, 2.0, "float32"))),
    # activations
    "relu": lambda K, c, d: K.relu(c(d["a"])),
    "relu_alpha": lambda K, c, d: K.relu(c(d["a"]), alpha=0.1),
    "relu_max": lambda K, c, d: K.relu(c(d["a"]), max_value=1.0),
    "relu_6": lambda K, c, d: K.relu(c(d["a"]) * 5, max_value=6),
    "relu_threshold": lambda K, c, d: K.relu(c(d["a"]), alpha=0.2, max_value=1.5, threshold=0.3),
    "elu": lambda K, c, d: [K.elu(c(d["a"])), K.elu(c(d["a"]), alpha=0.5)],
    "softmax": lambda K, c, d: K.softmax(c(d["a"])),
    "softmax_axes": lambda K, c, d: K.softmax(c(d["x3"]), axis=[1, 2]),
    "softplus_softsign": lambda K, c, d: [K.softplus(c(d["a"])), K.softsign(c(d["a"]))],
    "sigmoid_tanh": lambda K, c, d: [K.sigmoid(c(d["a"])), K.hard_sigmoid(c(d["a"]) * 2), K.tanh(c(d["a"]))],
    # losses
    "bce": lambda K, c, d: K.binary_crossentropy(c(d["t"]), c(d["p"])),
    "bce_logits": lambda K, c, d: K.binary_crossentropy(c(d["t"]), c(d["a"]), from_logits=True),
    "bfce": lambda K, c, d: K.binary_focal_crossentropy(c(d["t"]), c(d["p"])),
    "bfce_logits_bal": lambda K, c, d: K.binary_focal_crossentropy(c(d["t"]), c(d["a"]), apply_class_balancing=True,
                                                                   alpha=0.4, gamma=1.5, from_logits=True),
    "cce": lambda K, c, d: K.categorical_crossentropy(K.one_hot(c(d["labels"]), 4), c(d["probs"] * 3)),
    "cce_logits": lambda K, c, d: K.categorical_crossentropy(K.one_hot(c(d["labels"]), 4), c(d["logits"]),
                                                             from_logits=True),
    "cce_axis0": lambda K, c, d: K.categorical_crossentropy(c(d["probs"].T.copy()), c(d["p"].T.copy()), axis=0),
    "cfce": lambda K, c, d: K.categorical_focal_crossentropy(K.one_hot(c(d["labels"]), 4), c(d["probs"])),
    "cfce_logits": lambda K, c, d: K.categorical_focal_crossentropy(K.one_hot(c(d["labels"]), 4), c(d["logits"]),
                                                                    alpha=0.5, gamma=1.0, from_logits=True),
    "scce": lambda K, c, d: K.sparse_categorical_crossentropy(c(d["labels"]), c(d["probs"])),
    "scce_logits": lambda K, c, d: K.sparse_categorical_crossentropy(c(d["labels"]), c(d["logits"]),
                                                                     from_logits=True),
    "scce_col": lambda K, c, d: K.sparse_categorical_crossentropy(c(d["labels"][:, None].copy()), c(d["probs"])),
    "scce_3d": lambda K, c, d: K.sparse_categorical_crossentropy(c(np.array([[0, 1, 3], [2, 2, 1]], "int32")),
                                                                 c(d["x3"]), from_logits=True),
    "scce_ignore": lambda K, c, d: K.sparse_categorical_crossentropy(c(d["labels"]), c(d["logits"]),
                                                                     from_logits=True, ignore_class=0),
    # convolution and pooling
    "conv1d": lambda K, c, d: K.conv1d(c(d["seq"]), c(d["k1"]), strides=2, padding="same"),
    "conv1d_causal": lambda K, c, d: K.conv1d(c(d["seq"]), c(d["k1"]), padding="causal", dilation_rate=2),
    "conv2d": lambda K, c, d: K.conv2d(c(d["img"]), c(d["k2"]), strides=(2, 2), padding="same"),
    "conv2d_valid_dil": lambda K, c, d: K.conv2d(c(d["img"]), c(d["k2"]), dilation_rate=(2, 2)),
    "conv2d_cf": lambda K, c, d: K.conv2d(K.permute_dimensions(c(d["img"]), (0, 3, 1, 2)), c(d["k2"]),
                                          data_format="channels_first"),
    "conv3d": lambda K, c, d: K.conv3d(c(d["vol"]), c(d["k3"]), padding="same"),
    "conv2d_transpose": lambda K, c, d: K.conv2d_transpose(c(d["img"][..., :3]), c(d["tk"][:, :, :, :3]),
                                                           (2, 12, 12, 5), strides=(2, 2), padding="same"),
    "conv2d_transpose_valid": lambda K, c, d: K.conv2d_transpose(c(d["img"]), c(d["tk"]), (None, 8, 8, 5)),
    "depthwise_conv2d": lambda K, c, d: K.depthwise_conv2d(c(d["img"]), c(d["dk"]), padding="same"),
    "separable_conv2d": lambda K, c, d: K.separable_conv2d(c(d["img"]), c(d["dk"]), c(d["pk"]), strides=(2, 2)),
    "pool2d_max": lambda K, c, d: K.pool2d(c(d["img"]), (2, 2), strides=(2, 2)),
    "pool2d_avg_same": lambda K, c, d: K.pool2d(c(d["img"]), (3, 3), strides=(2, 2), padding="same",
                                                pool_mode="avg"),
    "pool3d": lambda K, c, d: [K.pool3d(c(d["vol"]), (2, 2, 2), strides=(2, 2, 2)),
                               K.pool3d(c(d["vol"]), (2, 2, 2), pool_mode="avg")],
    # rnn, ctc, misc
    "rnn": lambda K, c, d: _flat(K.rnn(_rnn_step(K), c(d["seq"]), [K.zeros_like(c(d["seq"])[:, 0, :2])])),
    "rnn_backwards_mask": lambda K, c, d: _flat(K.rnn(_rnn_step(K), c(d["seq"]), [K.zeros_like(c(d["seq"])[:, 0, :2])],
                                                      go_backwards=True, mask=c(d["mask"]))),
    "rnn_mask_zero": lambda K, c, d: _flat(K.rnn(_rnn_step(K), c(d["seq"]), [K.zeros_like(c(d["seq"])[:, 0, :2])],
                                                 mask=c(d["mask"]), zero_output_for_mask=True)),
    "rnn_constants_last_only": lambda K, c, d: _flat(K.rnn(
        lambda x_t, st: (K.tanh(x_t[:, :2] * st[1] + st[0]), [K.tanh(x_t[:, :2] * st[1] + st[0])]), c(d["seq"]),
        [K.ones_like(c(d["seq"])[:, 0, :2])], constants=[c(np.array([0.5, -2.0], "float32"))],
        return_all_outputs=False)),
    "rnn_time_major_unroll": lambda K, c, d: _flat(K.rnn(_rnn_step(K), K.permute_dimensions(c(d["seq"]), (1, 0, 2)),
                                                         [K.zeros_like(c(d["seq"])[:, 0, :2])], time_major=True,
                                                         unroll=True)),
    "rnn_input_length": lambda K, c, d: _flat(K.rnn(_rnn_step(K), c(d["seq"]), [K.zeros_like(c(d["seq"])[:, 0, :2])],
                                                    input_length=c(np.array([5, 3], "int32")))),
    "rnn_input_length_last_only": lambda K, c, d: _flat(K.rnn(
        _rnn_step(K), c(d["seq"]), [K.zeros_like(c(d["seq"])[:, 0, :2])], input_length=c(np.array([4, 2], "int32")),
        return_all_outputs=False, go_backwards=True)),
    "ctc_batch_cost": lambda K, c, d: K.ctc_batch_cost(c(d["ctc_true"]), c(d["ctc_pred"]),
                                                       c(np.array([[6], [5]], "int32")),
                                                       c(np.array([[3], [2]], "int32"))),
    "ctc_decode": lambda K, c, d: _flat(K.ctc_decode(c(d["ctc_pred"]), c(np.array([6, 4], "int32")))),
    "ctc_decode_beam": lambda K, c, d: _flat(K.ctc_decode(c(d["ctc_pred"]), c(np.array([6, 4], "int32")),
                                                          greedy=False, beam_width=3, top_paths=2)),
    "ctc_decode_beam_wide": lambda K, c, d: _flat(K.ctc_decode(c(d["ctc_peaky"]), c(np.array([8, 7, 5], "int32")),
                                                               greedy=False, beam_width=100, top_paths=3)),
    "ctc_decode_beam_narrow": lambda K, c, d: _flat(K.ctc_decode(c(d["ctc_long"]), c(np.array([10, 9], "int32")),
                                                                 greedy=False, beam_width=5, top_paths=4)),
    "ctc_dense_to_sparse": lambda K, c, d: K.to_dense(K.ctc_label_dense_to_sparse(c(d["ctc_true"]),
                                                                                  c(np.array([3, 2], "int32")))),
    "in_top_k": lambda K, c, d: K.cast(K.in_top_k(c(d["logits"]), c(d["labels"]), 2), "int32"),
    "map_fn": lambda K, c, d: K.map_fn(lambda r: K.sum(r * 2.0), c(d["a"])),
    "foldl_foldr": lambda K, c, d: [K.foldl(lambda acc, r: acc * 0.5 + r, c(d["a"])),
                                    K.foldr(lambda acc, r: acc * 0.5 + r, c(d["a"]))],
    "stop_gradient": lambda K, c, d: K.stop_gradient(c(d["a"])),
    "variables": lambda K, c, d: _variables(K, d),
    "constants": lambda K, c, d: [K.constant(d["ints"]), K.constant(2, shape=(2, 3)), K.zeros((2, 3)),
                                  K.ones((2,), dtype="int32"), K.eye(3),
                                  K.zeros_like(c(d["a"])), K.ones_like(c(d["a"]), dtype="float16")],
    "int_shape_ndim_dtype": lambda K, c, d: [np.array(K.int_shape(c(d["x3"]))), np.array(K.ndim(c(d["x3"]))),
                                             np.array(K.count_params(K.variable(d["x3"]))),
                                             np.array(K.dtype(c(d["ints"])) == "int32")],
}


def _flat(result):
    out = []
    for item in result:
        if isinstance(item, (list, tuple)):
            out.extend(item)
        else:
            out.append(item)
    return out


def _variables(K, d):
    v = K.variable(d["a"])
    w = K.variable(d["a"], dtype="float64")
    K.set_value(v, d["p"])
    K.update_add(v, K.ones_like(v))
    K.update_sub(v, 0.5 * K.ones_like(v))
    m = K.variable(np.zeros((3, 4), "float32"))
    K.moving_average_update(m, v, 0.9)
    u = K.variable(np.zeros(2, "float32"))
    K.update(u, np.array([3.0, 4.0], "float32"))
    K.batch_set_value([(u, np.array([5.0, 6.0]))])
    return [K.get_value(v), K.eval(m), K.get_value(w) * 2] + K.batch_get_value([u, v])
