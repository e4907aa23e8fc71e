"""Which torch kernels masked inputs go through, and that each route gives TF 2.21's values and gradients.

A fused kernel is only as exact as what it is handed. The table below is the contract: for every layer that
takes a Keras mask, the torch kernel family it reaches (recorded at the ATen dispatch level), and for the
fused attention kernel, that no query row it receives is fully masked (those rows are where torch's kernels
disagree with TF; `keraslike/_src/ops/masked_attention.py`). The RNN and pooling routes are then checked
against TF goldens (`tests/golden/make_masked_sequence_golden.py`: post-, pre- and fully padded sequences,
values, output masks and gradients); the attention routes in `test_masked_attention.py`.

Run:
    OMP_NUM_THREADS=1 python -m pytest -q tests/keras/layers/test_masked_kernel_routes.py
"""

import pathlib

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode

import keraslike as tf
from keraslike.keras import layers, ops

GOLD = np.load(pathlib.Path(__file__).resolve().parents[2] / "golden" / "masked_sequence.npz")
TOKENS = np.array([[4, 7, 2, 0, 0], [9, 0, 0, 0, 0]])  # padded steps: fully masked query rows


class _Kernels(TorchDispatchMode):
    """The ATen ops a computation dispatches."""

    def __init__(self):
        super().__init__()
        self.ops = set()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops.add(str(func.overloadpacket))
        return func(*args, **(kwargs or {}))


class _TorchCalls(TorchFunctionMode):
    """The torch functions a computation calls, and the `attn_mask` of every `scaled_dot_product_attention`."""

    def __init__(self):
        super().__init__()
        self.masks = []
        self.names = set()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.names.add(getattr(func, "__name__", str(func)))
        if func is F.scaled_dot_product_attention:
            self.masks.append(kwargs.get("attn_mask", args[3] if len(args) > 3 else None))
        return func(*args, **kwargs)


def _family(calls, kernels):
    """The kernel family of the torch functions called and the ATen ops dispatched."""
    names = calls.names | kernels.ops
    if any("scaled_dot_product" in n for n in names):
        return "fused attention"
    if calls.names & {"lstm", "gru", "rnn_tanh", "rnn_relu"}:  # torch._VF's whole-sequence RNN kernels
        return "fused rnn"
    if any("softmax" in n for n in names):
        return "softmax"
    if any("pool" in n for n in names):
        return "pooling kernel"
    return "elementwise"


def _embedded():
    return layers.Embedding(12, 6, mask_zero=True)(TOKENS)


def _mha(**kwargs):
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=3, **kwargs)
    return lambda e: layer(e, e)


def _scores_mha():
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=3)
    return lambda e: layer(e, e, return_attention_scores=True)


def _gqa():
    layer = layers.GroupQueryAttention(3, 4, 2)
    return lambda e: layer(e, e)


def _attention():
    layer = layers.Attention()
    return lambda e: layer([e, e], mask=[e._keras_mask, e._keras_mask])


def _ops_attention(e):
    q = e.reshape(2, 5, 2, 3)
    return ops.dot_product_attention(q, q, q, mask=e._keras_mask[:, None, None, :])


def _wrap(layer):
    return lambda e: layer(e)


# layer on an Embedding(mask_zero=True) output -> the torch kernel family its masked input goes through
ROUTES = {
    "MultiHeadAttention": (_mha, "fused attention"),
    "MultiHeadAttention(return_attention_scores=True)": (_scores_mha, "softmax"),
    "MultiHeadAttention(dropout=0.1)": (lambda: _mha(dropout=0.1), "softmax"),
    "GroupQueryAttention": (_gqa, "fused attention"),
    "Attention": (_attention, "softmax"),
    "keras.ops.dot_product_attention": (lambda: _ops_attention, "softmax"),
    "LSTM": (lambda: _wrap(layers.LSTM(3)), "elementwise"),  # a step loop with where, not torch's fused LSTM
    "GRU": (lambda: _wrap(layers.GRU(3)), "elementwise"),
    "SimpleRNN": (lambda: _wrap(layers.SimpleRNN(3)), "elementwise"),
    "Bidirectional(LSTM)": (lambda: _wrap(layers.Bidirectional(layers.LSTM(3))), "elementwise"),
    "GlobalAveragePooling1D": (lambda: _wrap(layers.GlobalAveragePooling1D()), "elementwise"),
}


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_masked_inputs_route(name):
    make, family = ROUTES[name]
    run = make()
    e = _embedded()
    run(e)  # build
    with _TorchCalls() as calls, _Kernels() as kernels:
        run(e)
    assert _family(calls, kernels) == family, sorted(calls.names | kernels.ops)
    for mask in calls.masks:  # the fused kernel never sees a query row with nothing to attend to
        assert mask is not None and mask.dtype == torch.bool
        assert bool(mask.any(dim=-1).all()), "a fully masked row reached scaled_dot_product_attention"


def test_unmasked_rnn_uses_torch_fused_kernel():
    """Without a mask (or dropout) the RNN layers run torch's fused kernel."""
    x = tf.constant(GOLD["x"])
    for layer in (layers.LSTM(3), layers.GRU(3), layers.SimpleRNN(3)):
        layer(x)
        with _TorchCalls() as calls, _Kernels() as kernels:
            layer(x)
        assert _family(calls, kernels) == "fused rnn", (type(layer).__name__, sorted(calls.names))


SEQUENCE_CASES = {
    "lstm_seq": lambda: layers.LSTM(3, return_sequences=True),
    "lstm_last_state": lambda: layers.LSTM(3, return_state=True),
    "lstm_backwards": lambda: layers.LSTM(3, return_sequences=True, go_backwards=True),
    "lstm_zero_output": lambda: layers.LSTM(3, return_sequences=True, zero_output_for_mask=True),
    "gru_seq": lambda: layers.GRU(3, return_sequences=True),
    "gru_v1_last": lambda: layers.GRU(3, reset_after=False),
    "simple_rnn_seq": lambda: layers.SimpleRNN(3, return_sequences=True),
    "bidirectional_lstm": lambda: layers.Bidirectional(layers.LSTM(3, return_sequences=True)),
    "global_average_pooling_inf": lambda: layers.GlobalAveragePooling1D(),
}


@pytest.mark.parametrize("name", sorted(SEQUENCE_CASES))
def test_masked_sequences_match_tf(name):
    """Post-, pre- and fully padded sequences: outputs, output masks and gradients (weights and inputs) as TF.
    `global_average_pooling_inf` has +inf at the masked steps, which TF's `where` keeps out of the mean."""
    prefix = name + "/"
    c = {k[len(prefix):]: GOLD[k] for k in GOLD.files if k.startswith(prefix)}
    layer = SEQUENCE_CASES[name]()
    data = GOLD["x_inf"] if name.endswith("_inf") else GOLD["x"]
    x = tf.Variable(data)
    mask = tf.constant(GOLD["mask"])
    layer(x, mask=mask)
    layer.set_weights([c[f"w{i}"] for i in range(len(layer.get_weights()))])
    with tf.GradientTape() as tape:
        outs = layer(x, mask=mask)
        out = outs[0] if isinstance(outs, (list, tuple)) else outs
        loss = tf.reduce_sum(tf.where(tf.math.is_finite(out), out * tf.constant(c["r"]), 0.0))
    grads = tape.gradient(loss, [x, *layer.trainable_weights])
    np.testing.assert_allclose(out.numpy(), c["out"], rtol=1e-4, atol=1e-6)
    if "out_mask" in c:
        np.testing.assert_array_equal(out._keras_mask.numpy(), c["out_mask"])
    else:
        assert getattr(out, "_keras_mask", None) is None
    np.testing.assert_allclose(grads[0].numpy(), c["gx"], rtol=1e-4, atol=1e-6, err_msg="input gradient")
    for i, g in enumerate(grads[1:]):
        np.testing.assert_allclose(g.numpy(), c[f"g{i}"], rtol=1e-4, atol=1e-6, err_msg=f"gradient {i}")


MERGES = {
    "add_both": (lambda: layers.Add(), (True, True)),
    "add_one": (lambda: layers.Add(), (True, False)),
    "average_both": (lambda: layers.Average(), (True, True)),
    "concat_features": (lambda: layers.Concatenate(), (True, True)),
    "concat_features_one": (lambda: layers.Concatenate(), (False, True)),
    "concat_time_one": (lambda: layers.Concatenate(axis=1), (True, False)),
    "dot": (lambda: layers.Dot(axes=2), (True, True)),
}


@pytest.mark.parametrize("name", sorted(MERGES))
def test_merge_layers_pass_masks_as_keras(name):
    """Elementwise merges: OR of the masks, none if an input has none; Concatenate: the masks (all True for
    an unmasked input) concatenated along its axis; Dot: none."""
    make, masked = MERGES[name]
    a = layers.Embedding(12, 3, mask_zero=masked[0])(GOLD["merge/a_tokens"])
    b = layers.Embedding(12, 3, mask_zero=masked[1])(GOLD["merge/b_tokens"])
    out_mask = getattr(make()([a, b]), "_keras_mask", None)
    want = GOLD[f"merge_{name}/mask"]
    if want.ndim == 0:
        assert out_mask is None
    else:
        np.testing.assert_array_equal(out_mask.numpy(), want)
