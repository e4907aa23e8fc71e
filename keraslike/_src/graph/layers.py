"""`tf.compat.v1.layers`: TF1's functional layers on graph variables (`dense`, `conv2d`, `max_pooling2d`, ...).

Mirrors `tensorflow/python/keras/legacy_tf_layers/core.py` and `convolutional.py`: each call opens a
variable scope named like the layer ("dense", "dense_1", ... or `name`), creates its variables with
`get_variable` ("dense/kernel", "dense/bias"; Keras layouts) and records the computation.
`batch_normalization` adds its moving-average updates to `tf.GraphKeys.UPDATE_OPS`, as TF1 does.
"""

import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import SymbolicTensor
from keraslike._src.graph.variable_scope import get_variable, variable_scope
from keraslike._src.keras.initializers import get as get_initializer
from keraslike._src.ops import nn as nn_ops
from keraslike._src.ops import nn_conv


@record.op_function
def _dense(x, kernel, bias, activation):
    y = torch.matmul(x, kernel)
    if bias is not None:
        y = y + bias
    return activation(y) if activation is not None else y


@record.op_function
def _bias_add(x, bias, data_format):
    return nn_ops.bias_add(x, bias, data_format)


def _init(initializer, default):
    return get_initializer(initializer if initializer is not None else default)


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None,
          bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
          activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
          reuse=None):
    """`tf.compat.v1.layers.dense(inputs, units, activation=None, ...)`: `activation(inputs @ kernel + bias)`.

    Raises:
        ValueError: if the last dimension of `inputs` is unknown, or for `activity_regularizer`.
    """
    if activity_regularizer is not None:
        raise ValueError("keraslike's tf.layers.dense does not support activity_regularizer; add the penalty "
                         f"to the loss. Received: activity_regularizer={activity_regularizer!r}")
    last = inputs.shape.as_list()[-1] if inputs.shape.rank else None
    if last is None:
        raise ValueError("The last dimension of the inputs to a Dense layer should be defined. Found None. "
                         f"Full input shape received: {inputs.shape}")
    with variable_scope(name, default_name="dense", reuse=reuse):
        kernel = get_variable("kernel", [last, units], initializer=_init(kernel_initializer, "glorot_uniform"),
                              regularizer=kernel_regularizer, constraint=kernel_constraint, trainable=trainable,
                              dtype=inputs.dtype)
        bias = get_variable("bias", [units], initializer=_init(bias_initializer, "zeros"),
                            regularizer=bias_regularizer, constraint=bias_constraint, trainable=trainable,
                            dtype=inputs.dtype) if use_bias else None
        out = record.apply(_dense, inputs, kernel, None, None, op_type="MatMul")  # TF's ops: `d1/MatMul`,
        if use_bias:
            out = record.apply(_bias_add, out, bias, "NHWC", op_type="BiasAdd")  # `d1/BiasAdd`,
        return activation(out) if activation is not None else out  # `d1/Relu`


@record.op_function
def _conv(x, kernel, bias, strides, padding, dilation, activation, data_format):
    fmt = "NHWC" if data_format == "channels_last" else "NCHW"
    y = nn_conv.conv2d(x, kernel, strides, padding.upper(), fmt, dilation)
    if bias is not None:
        y = nn_ops.bias_add(y, bias, fmt)
    return activation(y) if activation is not None else y


def _pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
           dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer=None,
           bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
           kernel_constraint=None, bias_constraint=None, trainable=True, name=None, reuse=None):
    """`tf.compat.v1.layers.conv2d(inputs, filters, kernel_size, ...)`: kernel `(kh, kw, in, filters)`."""
    if activity_regularizer is not None:
        raise ValueError("keraslike's tf.layers.conv2d does not support activity_regularizer. "
                         f"Received: activity_regularizer={activity_regularizer!r}")
    channels = inputs.shape.as_list()[-1 if data_format == "channels_last" else 1]
    kh, kw = _pair(kernel_size)
    with variable_scope(name, default_name="conv2d", reuse=reuse):
        kernel = get_variable("kernel", [kh, kw, channels, filters],
                              initializer=_init(kernel_initializer, "glorot_uniform"), regularizer=kernel_regularizer,
                              constraint=kernel_constraint, trainable=trainable, dtype=inputs.dtype)
        bias = get_variable("bias", [filters], initializer=_init(bias_initializer, "zeros"),
                            regularizer=bias_regularizer, constraint=bias_constraint, trainable=trainable,
                            dtype=inputs.dtype) if use_bias else None
        out = record.apply(_conv, inputs, kernel, None, _pair(strides), padding, _pair(dilation_rate), None,
                           data_format, op_type="Conv2D")  # TF's ops: `conv2d/Conv2D`,
        if use_bias:
            out = record.apply(_bias_add, out, bias, "NHWC" if data_format == "channels_last" else "NCHW",
                               op_type="BiasAdd")  # `conv2d/BiasAdd`,
        return activation(out) if activation is not None else out  # `conv2d/Relu`


def _pool(kind):
    def pool(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
        fmt = "NHWC" if data_format == "channels_last" else "NCHW"
        fn = nn_conv.max_pool2d if kind == "max" else nn_conv.avg_pool2d
        graph = graph_lib.get_default_graph()
        with graph.name_scope(name or f"{kind}_pooling2d"):
            return record.apply(fn, inputs, _pair(pool_size), _pair(strides), padding.upper(), fmt,
                                op_type="MaxPool" if kind == "max" else "AvgPool")
    pool.__name__ = f"{kind}_pooling2d"
    pool.__doc__ = f"`tf.compat.v1.layers.{kind}_pooling2d(inputs, pool_size, strides, padding='valid')`."
    return pool


max_pooling2d = _pool("max")
average_pooling2d = _pool("average")


@record.op_function
def _dropout(x, rate, noise_shape, seed, training):
    if not bool(training):
        return x
    return nn_ops.dropout(x, rate, noise_shape, seed)


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    """`tf.compat.v1.layers.dropout(inputs, rate=0.5, training=False)`; `training` may be a bool tensor."""
    graph = graph_lib.get_default_graph()
    with graph.name_scope(name or "dropout"):
        return record.apply(_dropout, inputs, rate, noise_shape, seed, training, op_type="dropout")


@record.op_function
def _flatten(x):
    return torch.reshape(x, (x.shape[0], -1))


def flatten(inputs, name=None, data_format="channels_last"):
    """`tf.compat.v1.layers.flatten(inputs)`: `(batch, -1)`."""
    graph = graph_lib.get_default_graph()
    with graph.name_scope(name or "flatten"):
        return record.apply(_flatten, inputs, op_type="Reshape")


def _bn_train(x, gamma, beta, mean, var, axes, epsilon):
    m = torch.mean(x, dim=axes)
    v = torch.var(x, dim=axes, unbiased=False)
    return (x - m) / torch.sqrt(v + epsilon) * gamma + beta, m, v


def _bn_infer(x, gamma, beta, mean, var, axes, epsilon):
    return (x - mean) / torch.sqrt(var + epsilon) * gamma + beta


@record.op_function
def _bn(x, gamma, beta, mean, var, axes, epsilon, training):
    if bool(training):
        return _bn_train(x, gamma, beta, mean, var, axes, epsilon)[0]
    return _bn_infer(x, gamma, beta, mean, var, axes, epsilon)


@record.op_function
def _moving(moving, x, axes, momentum, training, which):
    if not bool(training):
        return moving
    stat = torch.mean(x, dim=axes) if which == "mean" else torch.var(x, dim=axes, unbiased=False)
    return moving * momentum + stat * (1 - momentum)


def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                        beta_initializer="zeros", gamma_initializer="ones", moving_mean_initializer="zeros",
                        moving_variance_initializer="ones", beta_regularizer=None, gamma_regularizer=None,
                        beta_constraint=None, gamma_constraint=None, training=False, trainable=True, name=None,
                        reuse=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None,
                        virtual_batch_size=None, adjustment=None):
    """`tf.compat.v1.layers.batch_normalization`: batch statistics when `training`, moving ones otherwise.

    The moving-average assignments go to `tf.GraphKeys.UPDATE_OPS` (run them with the train op, as TF1
    programs do with `tf.control_dependencies(update_ops)`).

    Raises:
        ValueError: for renorm, virtual_batch_size or adjustment (not supported).
    """
    if renorm or virtual_batch_size is not None or adjustment is not None:
        raise ValueError("keraslike's tf.layers.batch_normalization does not support renorm, virtual_batch_size "
                         f"or adjustment. Received: renorm={renorm!r}, virtual_batch_size={virtual_batch_size!r}, "
                         f"adjustment={adjustment!r}")
    rank = inputs.shape.rank
    axis = axis % rank
    channels = inputs.shape.as_list()[axis]
    axes = [i for i in range(rank) if i != axis]
    shape = [channels] if axis == rank - 1 else [channels if i == axis else 1 for i in range(rank)][1:]
    graph = graph_lib.default_graph()
    with variable_scope(name, default_name="batch_normalization", reuse=reuse):
        gamma = get_variable("gamma", [channels], initializer=get_initializer(gamma_initializer),
                             regularizer=gamma_regularizer, constraint=gamma_constraint, trainable=trainable) \
            if scale else 1.0
        beta = get_variable("beta", [channels], initializer=get_initializer(beta_initializer),
                            regularizer=beta_regularizer, constraint=beta_constraint, trainable=trainable) \
            if center else 0.0
        mean = get_variable("moving_mean", [channels], initializer=get_initializer(moving_mean_initializer),
                            trainable=False)
        var = get_variable("moving_variance", [channels],
                           initializer=get_initializer(moving_variance_initializer), trainable=False)
        view = [1] * rank
        view[axis] = channels
        g, b, m, v = (record.apply(torch.reshape, t, view, op_type="Reshape") if isinstance(t, SymbolicTensor)
                      else t for t in (gamma, beta, mean, var))
        out = record.apply(_bn, inputs, g, b, m, v, axes, epsilon, training, op_type="FusedBatchNormV3")
        new_mean = record.apply(_moving, mean, inputs, axes, momentum, training, "mean", op_type="AssignMovingAvg")
        new_var = record.apply(_moving, var, inputs, axes, momentum, training, "var", op_type="AssignMovingAvg")
        if graph is None:  # eager (a track_tf1_style_variables call): the moving statistics update now, as TF
            with torch.no_grad():
                mean.assign(new_mean)
                var.assign(new_var)
        else:
            graph.add_to_collection(GraphKeys.UPDATE_OPS, mean.assign(new_mean).op)
            graph.add_to_collection(GraphKeys.UPDATE_OPS, var.assign(new_var).op)
    del shape
    return out
