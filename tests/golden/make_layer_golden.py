"""Write the layer parity goldens: outputs of real Keras layers for fixed weights and inputs.

Run once under real TensorFlow (not keraslike), from the repository root:

    python3 -m venv /tmp/tfenv && /tmp/tfenv/bin/pip install tensorflow-cpu
    /tmp/tfenv/bin/python tests/golden/make_layer_golden.py

It writes `tests/golden/layers.npz`. Each case `NAME` stores
  NAME/spec      JSON: {"class", "kwargs", "inner" (wrapped layer, if any), "call" (call kwargs),
                 "training", "adapt"}: everything needed to rebuild the layer without TF;
  NAME/x0, x1..  the call inputs (a list of several inputs for merge layers and attention);
  NAME/w0, w1..  the weights, in `get_weights()` order, set after a first building call;
  NAME/y0, y1..  the output(s) of the second call (several for `return_state` / attention scores);
  NAME/after0..  for a `training=True` call, `get_weights()` after it (BatchNormalization moving stats);
  NAME/adapt_data  the array given to `adapt()` (Normalization).
`models/counts` holds JSON `{model: count_params()}` and `models/summary/<model>` JSON per-layer
`[class, output shape, params]` rows. `tests/keras/test_layer_golden_parity.py` reads it.
"""

import json
import os
import time
import zlib

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.dirname(os.path.abspath(__file__))


def _case(cls, kwargs=None, inputs=((2, 5),), inner=None, call=None, training=False, adapt=None,
          int_input=None, scale=1.0):
    """A case spec. `call` values that are lists (masks) are passed as numpy arrays."""
    return {"class": cls, "kwargs": kwargs or {}, "inputs": [list(s) for s in inputs], "inner": inner,
            "call": call or {}, "training": training, "adapt": adapt, "int_input": int_input, "scale": scale}


SEQ_MASK = [[True] * 7, [True] * 4 + [False] * 3]
CAUSAL_PAD_MASK = [[[j <= i for j in range(4)] for i in range(4)], [[j < 3 for j in range(4)]] * 4]
ACTIVATIONS = ("relu", "sigmoid", "tanh", "softmax", "log_softmax", "softplus", "softsign", "selu", "elu",
               "gelu", "swish", "silu", "hard_sigmoid", "hard_swish", "hard_silu", "relu6", "leaky_relu",
               "mish", "exponential", "linear")


IMG, SEQ, VOL = (2, 9, 9, 3), (2, 7, 3), (2, 5, 5, 5, 2)
CASES = {
    "dense": _case("Dense", {"units": 4}, [(3, 5)]),
    "dense_3d_tanh": _case("Dense", {"units": 4, "activation": "tanh"}, [(2, 3, 5)]),
    "conv1d_valid": _case("Conv1D", {"filters": 4, "kernel_size": 3}, [SEQ]),
    "conv1d_same_s2": _case("Conv1D", {"filters": 4, "kernel_size": 3, "strides": 2, "padding": "same"}, [SEQ]),
    "conv1d_causal_d2": _case("Conv1D", {"filters": 4, "kernel_size": 3, "padding": "causal",
                                         "dilation_rate": 2}, [SEQ]),
    "conv2d_valid": _case("Conv2D", {"filters": 4, "kernel_size": 3, "activation": "relu"}, [IMG]),
    "conv2d_same": _case("Conv2D", {"filters": 4, "kernel_size": 3, "padding": "same"}, [IMG]),
    "conv2d_same_s2": _case("Conv2D", {"filters": 4, "kernel_size": 3, "strides": 2, "padding": "same"}, [IMG]),
    "conv2d_valid_s2": _case("Conv2D", {"filters": 4, "kernel_size": 3, "strides": 2}, [IMG]),
    "conv2d_same_k4": _case("Conv2D", {"filters": 4, "kernel_size": 4, "padding": "same"}, [IMG]),
    "conv2d_same_k4_s2_even": _case("Conv2D", {"filters": 4, "kernel_size": 4, "strides": 2,
                                               "padding": "same"}, [(2, 8, 8, 3)]),
    "conv2d_same_k2_s2_odd": _case("Conv2D", {"filters": 4, "kernel_size": 2, "strides": 2,
                                              "padding": "same"}, [IMG]),
    "conv2d_dilation2": _case("Conv2D", {"filters": 4, "kernel_size": 3, "dilation_rate": 2}, [IMG]),
    "conv2d_same_dilation2": _case("Conv2D", {"filters": 4, "kernel_size": 3, "dilation_rate": 2,
                                              "padding": "same"}, [IMG]),
    "conv2d_no_bias_rect": _case("Conv2D", {"filters": 2, "kernel_size": (3, 2), "strides": (2, 1),
                                            "use_bias": False}, [IMG]),
    "conv3d_valid": _case("Conv3D", {"filters": 3, "kernel_size": 2}, [VOL]),
    "conv3d_same_s2": _case("Conv3D", {"filters": 3, "kernel_size": 3, "strides": 2, "padding": "same"}, [VOL]),
    "conv2d_transpose_same_s2": _case("Conv2DTranspose", {"filters": 4, "kernel_size": 3, "strides": 2,
                                                          "padding": "same"}, [(2, 5, 5, 3)]),
    "conv2d_transpose_valid_s2": _case("Conv2DTranspose", {"filters": 4, "kernel_size": 3, "strides": 2},
                                       [(2, 5, 5, 3)]),
    "conv2d_transpose_same_k4_s2": _case("Conv2DTranspose", {"filters": 2, "kernel_size": 4, "strides": 2,
                                                             "padding": "same"}, [(2, 5, 5, 3)]),
    "conv2d_transpose_valid_s1": _case("Conv2DTranspose", {"filters": 2, "kernel_size": 3}, [(2, 5, 5, 3)]),
    "separable_conv2d_same": _case("SeparableConv2D", {"filters": 4, "kernel_size": 3, "padding": "same",
                                                       "depth_multiplier": 2}, [IMG]),
    "separable_conv2d_valid_s2": _case("SeparableConv2D", {"filters": 4, "kernel_size": 3, "strides": 2},
                                       [IMG]),
    "depthwise_conv2d_valid": _case("DepthwiseConv2D", {"kernel_size": 3, "depth_multiplier": 2}, [IMG]),
    "depthwise_conv2d_same_s2": _case("DepthwiseConv2D", {"kernel_size": 3, "strides": 2, "padding": "same"},
                                      [IMG]),
    "max_pooling1d": _case("MaxPooling1D", {"pool_size": 2}, [SEQ]),
    "max_pooling1d_same_s1": _case("MaxPooling1D", {"pool_size": 3, "strides": 1, "padding": "same"}, [SEQ]),
    "max_pooling2d": _case("MaxPooling2D", {"pool_size": 2}, [IMG]),
    "max_pooling2d_same_p3_s2": _case("MaxPooling2D", {"pool_size": 3, "strides": 2, "padding": "same"},
                                      [(2, 8, 8, 3)]),
    "max_pooling3d": _case("MaxPooling3D", {"pool_size": 2}, [VOL]),
    "average_pooling1d_valid": _case("AveragePooling1D", {"pool_size": 2}, [SEQ]),
    "average_pooling1d_same": _case("AveragePooling1D", {"pool_size": 3, "strides": 2, "padding": "same"}, [SEQ]),
    "average_pooling2d_valid": _case("AveragePooling2D", {"pool_size": 2}, [IMG]),
    "average_pooling2d_same": _case("AveragePooling2D", {"pool_size": 2, "padding": "same"}, [IMG]),
    "average_pooling2d_same_p3_s2": _case("AveragePooling2D", {"pool_size": 3, "strides": 2, "padding": "same"},
                                          [(2, 8, 8, 3)]),
    "global_average_pooling1d": _case("GlobalAveragePooling1D", {}, [SEQ]),
    "global_average_pooling2d": _case("GlobalAveragePooling2D", {}, [IMG]),
    "global_average_pooling2d_keepdims": _case("GlobalAveragePooling2D", {"keepdims": True}, [IMG]),
    "global_max_pooling1d": _case("GlobalMaxPooling1D", {}, [SEQ]),
    "global_max_pooling2d": _case("GlobalMaxPooling2D", {}, [IMG]),
    "zero_padding2d": _case("ZeroPadding2D", {"padding": ((1, 2), (3, 0))}, [IMG]),
    "zero_padding2d_int": _case("ZeroPadding2D", {"padding": 1}, [IMG]),
    "up_sampling2d_nearest": _case("UpSampling2D", {"size": (2, 3)}, [(2, 4, 5, 3)]),
    "up_sampling2d_bilinear": _case("UpSampling2D", {"size": 2, "interpolation": "bilinear"}, [(2, 4, 5, 3)]),
    "cropping2d": _case("Cropping2D", {"cropping": ((1, 0), (2, 1))}, [IMG]),
    "batch_normalization": _case("BatchNormalization", {}, [IMG]),
    "batch_normalization_training": _case("BatchNormalization", {"momentum": 0.9}, [IMG], training=True),
    "batch_normalization_2d_training": _case("BatchNormalization", {}, [(6, 5)], training=True),
    "layer_normalization": _case("LayerNormalization", {}, [(2, 3, 6)]),
    "layer_normalization_axes": _case("LayerNormalization", {"axis": [1, 2], "epsilon": 1e-5}, [(2, 3, 6)]),
    "group_normalization": _case("GroupNormalization", {"groups": 2}, [(2, 4, 4, 6)]),
    "embedding": _case("Embedding", {"input_dim": 10, "output_dim": 4}, [(2, 5)], int_input=10),
    "simple_rnn": _case("SimpleRNN", {"units": 3}, [SEQ]),
    "simple_rnn_sequences": _case("SimpleRNN", {"units": 3, "return_sequences": True}, [SEQ]),
    "lstm": _case("LSTM", {"units": 3}, [SEQ]),
    "lstm_sequences_state": _case("LSTM", {"units": 3, "return_sequences": True, "return_state": True}, [SEQ]),
    "gru": _case("GRU", {"units": 3}, [SEQ]),
    "gru_sequences_state": _case("GRU", {"units": 3, "return_sequences": True, "return_state": True}, [SEQ]),
    "gru_reset_before": _case("GRU", {"units": 3, "reset_after": False}, [SEQ]),
    "bidirectional_lstm": _case("Bidirectional", {}, [SEQ],
                                inner={"class": "LSTM", "kwargs": {"units": 3, "return_sequences": True}}),
    "bidirectional_lstm_sum": _case("Bidirectional", {"merge_mode": "sum"}, [SEQ],
                                    inner={"class": "LSTM", "kwargs": {"units": 3}}),
    "time_distributed_dense": _case("TimeDistributed", {}, [SEQ],
                                    inner={"class": "Dense", "kwargs": {"units": 4}}),
    "add": _case("Add", {}, [(3, 5)] * 3),
    "subtract": _case("Subtract", {}, [(3, 5)] * 2),
    "multiply": _case("Multiply", {}, [(3, 5)] * 2),
    "average": _case("Average", {}, [(3, 5)] * 3),
    "concatenate": _case("Concatenate", {}, [(3, 5), (3, 2)]),
    "concatenate_axis1": _case("Concatenate", {"axis": 1}, [(2, 3, 4), (2, 2, 4)]),
    "dot_axes1": _case("Dot", {"axes": 1}, [(3, 5)] * 2),
    "dot_axes1_normalize": _case("Dot", {"axes": 1, "normalize": True}, [(3, 5)] * 2),
    "dot_3d": _case("Dot", {"axes": (2, 2)}, [(2, 3, 4), (2, 5, 4)]),
    "rescaling": _case("Rescaling", {"scale": 1 / 127.5, "offset": -1.0}, [IMG]),
    "normalization_adapt": _case("Normalization", {}, [(4, 3)], adapt=[20, 3]),
    "softmax": _case("Softmax", {}, [(3, 5)]),
    "softmax_axis1": _case("Softmax", {"axis": 1}, [(2, 3, 4)]),
    "relu": _case("ReLU", {}, [(3, 5)]),
    "relu_max6_slope": _case("ReLU", {"max_value": 0.6, "negative_slope": 0.1, "threshold": 0.2}, [(3, 5)]),
    "leaky_relu": _case("LeakyReLU", {"negative_slope": 0.2}, [(3, 5)]),
    "prelu": _case("PReLU", {}, [(3, 5)]),
    "prelu_shared": _case("PReLU", {"shared_axes": [1, 2]}, [IMG]),
    "elu": _case("ELU", {"alpha": 0.7}, [(3, 5)]),
    "multi_head_attention": _case("MultiHeadAttention", {"num_heads": 2, "key_dim": 3}, [(2, 4, 5), (2, 6, 5)],
                                  call={"return_attention_scores": True}),
    "multi_head_attention_value_dim": _case("MultiHeadAttention", {"num_heads": 2, "key_dim": 3, "value_dim": 2,
                                                                   "output_shape": 7}, [(2, 4, 5), (2, 6, 5)]),
    "reshape": _case("Reshape", {"target_shape": (5, 7)}, [(2, 7, 5)]),
    "reshape_infer": _case("Reshape", {"target_shape": (-1, 3)}, [(2, 4, 3, 2)]),
    "permute": _case("Permute", {"dims": (2, 1)}, [SEQ]),
    "repeat_vector": _case("RepeatVector", {"n": 3}, [(2, 5)]),
    "flatten": _case("Flatten", {}, [IMG]),
    # harder variants: groups, masks, go_backwards, wrappers with state, per-channel preprocessing
    "conv1d_groups": _case("Conv1D", {"filters": 4, "kernel_size": 3, "groups": 2}, [(2, 7, 4)]),
    "conv2d_groups": _case("Conv2D", {"filters": 6, "kernel_size": 3, "groups": 3, "padding": "same"},
                           [(2, 6, 6, 6)]),
    "conv2d_transpose_output_padding": _case("Conv2DTranspose", {"filters": 2, "kernel_size": 3, "strides": 2,
                                                                 "padding": "same", "output_padding": 0},
                                             [(2, 5, 5, 3)]),
    "conv2d_transpose_dilation2": _case("Conv2DTranspose", {"filters": 2, "kernel_size": 3, "dilation_rate": 2},
                                        [(2, 5, 5, 3)]),
    "conv1d_transpose_same_s2": _case("Conv1DTranspose", {"filters": 2, "kernel_size": 3, "strides": 2,
                                                          "padding": "same"}, [SEQ]),
    "separable_conv2d_dilation2": _case("SeparableConv2D", {"filters": 2, "kernel_size": 3, "dilation_rate": 2},
                                        [IMG]),
    "depthwise_conv2d_dilation2": _case("DepthwiseConv2D", {"kernel_size": 3, "dilation_rate": 2,
                                                            "padding": "same"}, [IMG]),
    "average_pooling2d_same_p3_s1": _case("AveragePooling2D", {"pool_size": 3, "strides": 1, "padding": "same"},
                                          [(2, 5, 5, 2)]),
    "average_pooling3d_same": _case("AveragePooling3D", {"pool_size": 2, "padding": "same"}, [VOL]),
    "global_average_pooling3d": _case("GlobalAveragePooling3D", {}, [VOL]),
    "global_average_pooling1d_masked": _case("GlobalAveragePooling1D", {}, [SEQ], call={"mask": SEQ_MASK}),
    "zero_padding1d": _case("ZeroPadding1D", {"padding": (2, 1)}, [SEQ]),
    "cropping1d": _case("Cropping1D", {"cropping": (1, 2)}, [SEQ]),
    "up_sampling1d": _case("UpSampling1D", {"size": 3}, [SEQ]),
    "up_sampling2d_bilinear_2x3": _case("UpSampling2D", {"size": (2, 3), "interpolation": "bilinear"},
                                        [(2, 3, 4, 2)]),
    "batch_normalization_axis1": _case("BatchNormalization", {"axis": 1, "center": False}, [(4, 3, 4, 4)],
                                       training=True),
    "batch_normalization_no_scale": _case("BatchNormalization", {"scale": False, "epsilon": 1e-5}, [(6, 5)]),
    "layer_normalization_rms": _case("LayerNormalization", {"rms_scaling": True}, [(2, 3, 6)]),
    "layer_normalization_no_center": _case("LayerNormalization", {"center": False}, [(2, 3, 6)]),
    "group_normalization_instance": _case("GroupNormalization", {"groups": -1}, [(2, 4, 4, 3)]),
    "group_normalization_seq": _case("GroupNormalization", {"groups": 3, "epsilon": 1e-5}, [(2, 5, 6)]),
    "simple_rnn_relu_backwards": _case("SimpleRNN", {"units": 3, "activation": "relu", "go_backwards": True,
                                                     "return_sequences": True}, [SEQ]),
    "lstm_masked_sequences": _case("LSTM", {"units": 3, "return_sequences": True}, [SEQ], call={"mask": SEQ_MASK}),
    "lstm_masked_state": _case("LSTM", {"units": 3, "return_state": True}, [SEQ], call={"mask": SEQ_MASK}),
    "lstm_go_backwards": _case("LSTM", {"units": 3, "go_backwards": True, "return_sequences": True}, [SEQ]),
    "lstm_hard_sigmoid": _case("LSTM", {"units": 3, "recurrent_activation": "hard_sigmoid",
                                        "activation": "relu"}, [SEQ], scale=3.0),
    "gru_masked": _case("GRU", {"units": 3}, [SEQ], call={"mask": SEQ_MASK}),
    "gru_go_backwards_state": _case("GRU", {"units": 3, "go_backwards": True, "return_state": True}, [SEQ]),
    "bidirectional_gru_state": _case("Bidirectional", {}, [SEQ],
                                     inner={"class": "GRU", "kwargs": {"units": 3, "return_state": True}}),
    "bidirectional_lstm_state_seq": _case("Bidirectional", {"merge_mode": "ave"}, [SEQ],
                                          inner={"class": "LSTM", "kwargs": {"units": 2, "return_state": True,
                                                                            "return_sequences": True}}),
    "bidirectional_simple_rnn_mul": _case("Bidirectional", {"merge_mode": "mul"}, [SEQ],
                                          inner={"class": "SimpleRNN", "kwargs": {"units": 3}}),
    "bidirectional_lstm_none": _case("Bidirectional", {"merge_mode": None}, [SEQ],
                                     inner={"class": "LSTM", "kwargs": {"units": 2}}),
    "bidirectional_lstm_masked": _case("Bidirectional", {}, [SEQ], call={"mask": SEQ_MASK},
                                       inner={"class": "LSTM", "kwargs": {"units": 2, "return_sequences": True}}),
    "time_distributed_conv2d": _case("TimeDistributed", {}, [(2, 3, 6, 6, 2)],
                                     inner={"class": "Conv2D", "kwargs": {"filters": 2, "kernel_size": 3}}),
    "multi_head_attention_causal": _case("MultiHeadAttention", {"num_heads": 2, "key_dim": 2},
                                         [(2, 4, 5), (2, 4, 5)],
                                         call={"use_causal_mask": True, "return_attention_scores": True}),
    "multi_head_attention_mask": _case("MultiHeadAttention", {"num_heads": 2, "key_dim": 2, "use_bias": False},
                                       [(2, 4, 5), (2, 4, 5)],
                                       call={"attention_mask": CAUSAL_PAD_MASK, "return_attention_scores": True}),
    "multi_head_attention_key": _case("MultiHeadAttention", {"num_heads": 1, "key_dim": 4},
                                      [(2, 4, 5), (2, 6, 5), (2, 6, 3)]),
    "dot_negative_axes": _case("Dot", {"axes": -1}, [(2, 3, 4), (2, 5, 4)]),
    "dot_3d_axes1": _case("Dot", {"axes": 1}, [(2, 3, 4), (2, 3, 5)]),
    "maximum": _case("Maximum", {}, [(3, 5)] * 2),
    "minimum": _case("Minimum", {}, [(3, 5)] * 2),
    "rescaling_per_channel": _case("Rescaling", {"scale": [0.5, 1.0, 2.0], "offset": [0.0, 1.0, -1.0]}, [IMG]),
    "normalization_axis_none": _case("Normalization", {"axis": None}, [(4, 3)], adapt=[20, 3]),
    "normalization_axis_2d": _case("Normalization", {"axis": (1, 2)}, [(2, 3, 4)], adapt=[10, 3, 4]),
    "normalization_given_invert": _case("Normalization", {"mean": [1.0, 2.0, -1.0], "variance": [4.0, 0.25, 1.0],
                                                          "invert": True}, [(4, 3)]),
    "softmax_masked": _case("Softmax", {}, [(2, 7)], call={"mask": SEQ_MASK}),
    "relu_max_value": _case("ReLU", {"max_value": 1.0}, [(3, 5)]),
    "flatten_2d": _case("Flatten", {}, [(2, 5)]),
    "permute_3": _case("Permute", {"dims": (3, 1, 2)}, [(2, 3, 4, 5)]),
    "embedding_mask_zero": _case("Embedding", {"input_dim": 6, "output_dim": 3, "mask_zero": True}, [(2, 5)],
                                 int_input=6),
    **{f"activation_{a}": _case("Activation", {"activation": a}, [(3, 6)], scale=3.0) for a in ACTIVATIONS},
    # issue 10: more Keras 3 layers
    "identity": _case("Identity", {}, [(3, 5)]),
    "gaussian_noise_inference": _case("GaussianNoise", {"stddev": 0.5}, [(3, 5)]),
    "gaussian_dropout_inference": _case("GaussianDropout", {"rate": 0.3}, [(3, 5)]),
    "alpha_dropout_inference": _case("AlphaDropout", {"rate": 0.3}, [(3, 5)]),
    "unit_normalization": _case("UnitNormalization", {}, [(3, 5)]),
    "unit_normalization_axes": _case("UnitNormalization", {"axis": [1, 2]}, [(2, 3, 4)]),
    "rms_normalization": _case("RMSNormalization", {}, [(2, 3, 6)]),
    "rms_normalization_axes": _case("RMSNormalization", {"axis": [1, 2], "epsilon": 1e-3}, [(2, 3, 4)]),
    "einsum_dense_2d": _case("EinsumDense", {"equation": "ab,bc->ac", "output_shape": 4, "bias_axes": "c"},
                             [(3, 5)]),
    "einsum_dense_3d": _case("EinsumDense", {"equation": "abc,cd->abd", "output_shape": (None, 4),
                                             "bias_axes": "d", "activation": "relu"}, [(2, 3, 5)]),
    "einsum_dense_heads": _case("EinsumDense", {"equation": "abc,cde->abde", "output_shape": (None, 2, 4),
                                                "bias_axes": "de"}, [(2, 3, 5)]),
    "einsum_dense_ellipsis": _case("EinsumDense", {"equation": "...b,bc->...c", "output_shape": 4}, [(2, 3, 5)]),
    "einsum_dense_contract_seq": _case("EinsumDense", {"equation": "abc,bd->adc", "output_shape": (2, 5),
                                                       "bias_axes": "d"}, [(2, 3, 5)]),
    "attention_dot": _case("Attention", {}, [(2, 4, 5), (2, 6, 5)], call={"return_attention_scores": True}),
    "attention_scale_causal": _case("Attention", {"use_scale": True}, [(2, 4, 5), (2, 4, 5)],
                                    call={"use_causal_mask": True}),
    "attention_concat_key": _case("Attention", {"score_mode": "concat", "use_scale": True},
                                  [(2, 4, 5), (2, 6, 5), (2, 6, 5)]),
    "additive_attention": _case("AdditiveAttention", {}, [(2, 4, 5), (2, 6, 5)],
                                call={"return_attention_scores": True}),
    "additive_attention_no_scale_causal": _case("AdditiveAttention", {"use_scale": False}, [(2, 4, 5), (2, 4, 5)],
                                                call={"use_causal_mask": True}),
    "zero_padding3d": _case("ZeroPadding3D", {"padding": ((1, 0), (0, 2), (1, 1))}, [VOL]),
    "cropping3d": _case("Cropping3D", {"cropping": ((1, 0), (0, 2), (1, 1))}, [VOL]),
    "up_sampling3d": _case("UpSampling3D", {"size": (2, 1, 3)}, [VOL]),
    "depthwise_conv1d": _case("DepthwiseConv1D", {"kernel_size": 3, "depth_multiplier": 2}, [SEQ]),
    "depthwise_conv1d_same_s2": _case("DepthwiseConv1D", {"kernel_size": 3, "strides": 2, "padding": "same"},
                                      [SEQ]),
    "separable_conv1d": _case("SeparableConv1D", {"filters": 4, "kernel_size": 3, "padding": "same",
                                                  "depth_multiplier": 2}, [SEQ]),
    "separable_conv1d_valid_s2": _case("SeparableConv1D", {"filters": 2, "kernel_size": 2, "strides": 2}, [SEQ]),
    "rnn_simple_cell": _case("RNN", {"return_sequences": True}, [SEQ],
                             inner={"class": "SimpleRNNCell", "kwargs": {"units": 3}}),
    "rnn_lstm_cell_state": _case("RNN", {"return_state": True}, [SEQ],
                                 inner={"class": "LSTMCell", "kwargs": {"units": 2}}),
    "rnn_gru_cell_backwards": _case("RNN", {"go_backwards": True}, [SEQ],
                                    inner={"class": "GRUCell", "kwargs": {"units": 2}}),
    # image preprocessing: deterministic (degenerate factor ranges) training-mode transforms
    "resizing_bilinear": _case("Resizing", {"height": 5, "width": 4}, [IMG]),
    "resizing_nearest_up": _case("Resizing", {"height": 12, "width": 11, "interpolation": "nearest"}, [IMG]),
    "resizing_bicubic_crop": _case("Resizing", {"height": 4, "width": 7, "interpolation": "bicubic",
                                                "crop_to_aspect_ratio": True}, [IMG]),
    "resizing_pad": _case("Resizing", {"height": 6, "width": 3, "pad_to_aspect_ratio": True, "fill_value": 0.5},
                          [IMG]),
    "center_crop": _case("CenterCrop", {"height": 5, "width": 6}, [IMG]),
    "center_crop_upscale": _case("CenterCrop", {"height": 12, "width": 10}, [IMG]),
    "random_crop_inference": _case("RandomCrop", {"height": 5, "width": 6}, [IMG]),
    "random_crop_small_training": _case("RandomCrop", {"height": 12, "width": 10}, [IMG], training=True),
    "random_rotation_fixed": _case("RandomRotation", {"factor": (0.1, 0.1)}, [IMG], training=True),
    "random_rotation_constant_nearest": _case("RandomRotation", {"factor": (-0.2, -0.2), "fill_mode": "constant",
                                                                 "interpolation": "nearest", "fill_value": 0.5},
                                              [IMG], training=True),
    "random_rotation_wrap": _case("RandomRotation", {"factor": (0.3, 0.3), "fill_mode": "wrap"}, [IMG],
                                  training=True),
    "random_zoom_fixed": _case("RandomZoom", {"height_factor": (0.2, 0.2), "width_factor": (-0.3, -0.3),
                                              "fill_mode": "constant"}, [IMG], training=True),
    "random_zoom_aspect_nearest": _case("RandomZoom", {"height_factor": (-0.25, -0.25), "fill_mode": "nearest"},
                                        [IMG], training=True),
    "random_translation_fixed": _case("RandomTranslation", {"height_factor": (0.2, 0.2),
                                                            "width_factor": (-0.1, -0.1)}, [IMG], training=True),
    "random_translation_constant": _case("RandomTranslation", {"height_factor": (-0.3, -0.3),
                                                               "width_factor": (0.25, 0.25), "fill_mode": "constant"},
                                         [IMG], training=True),
    "random_brightness_fixed": _case("RandomBrightness", {"factor": (0.1, 0.1), "value_range": (0, 1)}, [IMG],
                                     training=True),
    "random_flip_inference": _case("RandomFlip", {}, [IMG]),
    "random_contrast_inference": _case("RandomContrast", {"factor": 0.5}, [IMG]),
    "category_encoding_multi_hot": _case("CategoryEncoding", {"num_tokens": 6}, [(3, 4)], int_input=6),
    "category_encoding_one_hot": _case("CategoryEncoding", {"num_tokens": 5, "output_mode": "one_hot"}, [(4,)],
                                       int_input=5),
    "category_encoding_count": _case("CategoryEncoding", {"num_tokens": 4, "output_mode": "count"}, [(3, 6)],
                                     int_input=4),
    "discretization_boundaries": _case("Discretization", {"bin_boundaries": [-1.0, 0.0, 0.5, 1.5]}, [(3, 4)]),
    "discretization_one_hot": _case("Discretization", {"bin_boundaries": [-0.5, 0.5],
                                                       "output_mode": "one_hot"}, [(5,)]),
    "discretization_adapt": _case("Discretization", {"num_bins": 5}, [(4, 3)], adapt=[200, 3]),
    "conv_lstm2d": _case("ConvLSTM2D", {"filters": 3, "kernel_size": 3}, [(2, 3, 6, 6, 2)]),
    "conv_lstm2d_same_seq_state": _case("ConvLSTM2D", {"filters": 2, "kernel_size": 2, "padding": "same",
                                                       "return_sequences": True, "return_state": True},
                                        [(2, 3, 5, 5, 2)]),
    "conv_lstm2d_strided_backwards": _case("ConvLSTM2D", {"filters": 2, "kernel_size": 3, "strides": 2,
                                                          "go_backwards": True}, [(2, 3, 7, 7, 2)]),
    "conv_lstm1d": _case("ConvLSTM1D", {"filters": 3, "kernel_size": 3, "padding": "same"}, [(2, 4, 7, 2)]),
    "conv_lstm3d": _case("ConvLSTM3D", {"filters": 2, "kernel_size": 2}, [(1, 2, 4, 4, 4, 1)]),
    "group_query_attention": _case("GroupQueryAttention", {"head_dim": 3, "num_query_heads": 4,
                                                           "num_key_value_heads": 2},
                                   [(2, 4, 5), (2, 6, 5)], call={"return_attention_scores": True}),
    "group_query_attention_causal_window": _case("GroupQueryAttention", {"head_dim": 2, "num_query_heads": 2,
                                                                         "num_key_value_heads": 1,
                                                                         "sliding_window": 2, "use_bias": False},
                                                 [(2, 5, 4), (2, 5, 4)], call={"use_causal_mask": True}),
    "group_query_attention_gate_key": _case("GroupQueryAttention", {"head_dim": 2, "num_query_heads": 3,
                                                                    "num_key_value_heads": 3, "use_gate": True},
                                            [(2, 4, 5), (2, 6, 5), (2, 6, 3)]),
    "group_query_attention_mask": _case("GroupQueryAttention", {"head_dim": 2, "num_query_heads": 2,
                                                                "num_key_value_heads": 1},
                                        [(2, 4, 5), (2, 4, 5)],
                                        call={"attention_mask": CAUSAL_PAD_MASK, "return_attention_scores": True}),
    "auto_contrast": _case("AutoContrast", {"value_range": (0, 1)}, [IMG]),
    "auto_contrast_255": _case("AutoContrast", {}, [IMG], scale=100.0),
    "solarization_invert_all": _case("Solarization", {"threshold_factor": 0.0}, [IMG], training=True, scale=100.0),
    "solarization_unit_range": _case("Solarization", {"value_range": (0, 1)}, [IMG], training=True),
    "random_invert_always": _case("RandomInvert", {"factor": (1.0, 1.0), "value_range": (0, 1)}, [IMG],
                                  training=True),
    "random_grayscale_always": _case("RandomGrayscale", {"factor": 1.0}, [IMG], training=True),
    "spectral_normalization_dense": _case("SpectralNormalization", {}, [(3, 5)], training=True,
                                          inner={"class": "Dense", "kwargs": {"units": 4}}),
    "spectral_normalization_conv_2iter": _case("SpectralNormalization", {"power_iterations": 2}, [IMG],
                                               training=True,
                                               inner={"class": "Conv2D", "kwargs": {"filters": 2, "kernel_size": 3}}),
    "spectral_normalization_inference": _case("SpectralNormalization", {}, [(3, 5)],
                                              inner={"class": "Dense", "kwargs": {"units": 2}}),
    "reversible_embedding_reverse": _case("ReversibleEmbedding", {"input_dim": 7, "output_dim": 4}, [(2, 3, 4)],
                                          call={"reverse": True}),
    "reversible_embedding_untied_cap": _case("ReversibleEmbedding", {"input_dim": 6, "output_dim": 4,
                                                                     "tie_weights": False, "logit_soft_cap": 0.5},
                                             [(2, 4)], call={"reverse": True}),
    "reversible_embedding_forward": _case("ReversibleEmbedding", {"input_dim": 6, "output_dim": 3}, [(2, 5)],
                                          int_input=6),
    "random_gaussian_blur_fixed": _case("RandomGaussianBlur", {"factor": (1.0, 1.0), "sigma": (0.8, 0.8),
                                                              "value_range": (-10, 10)}, [IMG], training=True),
    "random_gaussian_blur_k5_clip": _case("RandomGaussianBlur", {"factor": (1.0, 1.0), "kernel_size": 5,
                                                                "sigma": (0.5, 0.5), "value_range": (0, 1)},
                                          [IMG], training=True),
    "random_posterization_3bits": _case("RandomPosterization", {"factor": (3, 3), "value_range": (-400, 400)},
                                        [IMG], training=True, scale=100.0),
    "random_posterization_unit_range": _case("RandomPosterization", {"factor": (5, 5), "value_range": (-5, 5)},
                                             [IMG], training=True),
    "random_saturation_fixed": _case("RandomSaturation", {"factor": (0.7, 0.7), "value_range": (0, 1)},
                                     [(2, 5, 6, 3)], training=True),
    "random_saturation_desaturate": _case("RandomSaturation", {"factor": (0.2, 0.2)}, [(2, 5, 6, 3)],
                                          training=True),
    "random_color_degeneration_fixed": _case("RandomColorDegeneration", {"factor": (0.6, 0.6),
                                                                        "value_range": (-1, 1)}, [IMG],
                                             training=True),
    "discretization_adapt_multi_hot": _case("Discretization", {"num_bins": 4, "output_mode": "multi_hot"},
                                            [(3, 5)], adapt=[50, 5]),
}


def _seed(name):
    return zlib.crc32(name.encode())


def _inputs(name, spec):
    rng = np.random.default_rng(_seed(name))
    if spec["int_input"]:
        return [rng.integers(0, spec["int_input"], size=s).astype("int32") for s in spec["inputs"]]
    return [(spec["scale"] * rng.standard_normal(s)).astype("float32") for s in spec["inputs"]]


def _weights(name, layer):
    """Deterministic small weights; variances positive."""
    rng = np.random.default_rng(_seed(name) + 1)
    out = []
    for w in layer.weights:
        shape = tuple(w.shape)
        if "variance" in w.path:
            out.append(rng.uniform(0.5, 1.5, size=shape).astype("float32"))
        else:
            out.append((0.3 * rng.standard_normal(shape)).astype("float32"))
    return out


def _build_layer(spec):
    kwargs = dict(spec["kwargs"])
    if spec["inner"]:
        inner = getattr(keras.layers, spec["inner"]["class"])(**spec["inner"]["kwargs"])
        return getattr(keras.layers, spec["class"])(inner, **kwargs)
    return getattr(keras.layers, spec["class"])(**kwargs)


def _call(layer, spec, xs, training):
    call = {k: np.array(v) if isinstance(v, list) else v for k, v in spec["call"].items()}
    if spec["class"] in ("MultiHeadAttention", "GroupQueryAttention"):
        return layer(*xs, training=training, **call)
    arg = xs if len(xs) > 1 else xs[0]
    return layer(arg, training=training, **call)


def _as_list(y):
    if isinstance(y, (list, tuple)):
        return [np.asarray(v) for v in y]
    return [np.asarray(y)]


def make_case(name, spec, out):
    xs = _inputs(name, spec)
    layer = _build_layer(spec)
    if spec["adapt"]:
        data = (np.random.default_rng(_seed(name) + 2).standard_normal(spec["adapt"]) * 3 + 1).astype("float32")
        layer.adapt(data)
        out[f"{name}/adapt_data"] = data
    _call(layer, spec, xs, False)             # build
    if not spec["adapt"]:
        layer.set_weights(_weights(name, layer))
    weights = layer.get_weights()
    ys = _as_list(_call(layer, spec, xs, spec["training"]))
    out[f"{name}/spec"] = np.array(json.dumps(spec))
    for i, x in enumerate(xs):
        out[f"{name}/x{i}"] = x
    for i, w in enumerate(weights):
        out[f"{name}/w{i}"] = np.asarray(w)
    for i, y in enumerate(ys):
        out[f"{name}/y{i}"] = y
    if spec["training"]:
        for i, w in enumerate(layer.get_weights()):
            out[f"{name}/after{i}"] = np.asarray(w)


def mnist_convnet():
    return keras.Sequential([
        keras.Input(shape=(28, 28, 1)),
        keras.layers.Conv2D(32, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Conv2D(64, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(10, activation="softmax"),
    ])


def lstm_text():
    return keras.Sequential([
        keras.Input(shape=(100,), dtype="int32"),
        keras.layers.Embedding(2000, 64),
        keras.layers.Bidirectional(keras.layers.LSTM(32, return_sequences=True)),
        keras.layers.LSTM(16),
        keras.layers.Dense(1, activation="sigmoid"),
    ])


def _summary_rows(model):
    return [[layer.__class__.__name__, list(layer.output.shape), layer.count_params()] for layer in model.layers]


def make_models(out):
    counts = {}
    for name, fn in (("mnist_convnet", mnist_convnet), ("lstm_text", lstm_text)):
        model = fn()
        counts[name] = model.count_params()
        out[f"models/summary/{name}"] = np.array(json.dumps(_summary_rows(model)))
    start = time.time()
    resnet = keras.applications.ResNet50(weights=None)
    if time.time() - start < 60:
        counts["resnet50"] = resnet.count_params()
        counts["resnet50_trainable"] = int(sum(np.prod(w.shape) for w in resnet.trainable_weights))
    out["models/counts"] = np.array(json.dumps(counts))
    return counts


if __name__ == "__main__":
    out = {"versions": np.array(json.dumps({"tensorflow": tf.__version__, "keras": keras.__version__}))}
    for case_name, case_spec in CASES.items():
        make_case(case_name, case_spec, out)
    counts = make_models(out)
    np.savez_compressed(os.path.join(OUT, "layers.npz"), **out)
    print(f"wrote {len(CASES)} layer cases and model counts {counts} "
          f"with TF {tf.__version__} Keras {keras.__version__}")
