"""SimpleRNN/LSTM/GRU against hand-written numpy steps in Keras's gate order; masking, wrappers."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike.keras import layers

RNG = np.random.default_rng(3)


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def np_lstm(x, k, r, b, h=None, c=None):
    u = r.shape[0]
    h = np.zeros((x.shape[0], u)) if h is None else h
    c = np.zeros((x.shape[0], u)) if c is None else c
    outs = []
    for t in range(x.shape[1]):
        z = x[:, t] @ k + h @ r + b
        i, f, g, o = sigmoid(z[:, :u]), sigmoid(z[:, u:2 * u]), np.tanh(z[:, 2 * u:3 * u]), sigmoid(z[:, 3 * u:])
        c = f * c + i * g
        h = o * np.tanh(c)
        outs.append(h)
    return np.stack(outs, 1), h, c


def np_gru(x, k, r, b, reset_after=True):
    u = r.shape[0]
    h = np.zeros((x.shape[0], u))
    outs = []
    for t in range(x.shape[1]):
        xp = x[:, t] @ k + (b[0] if reset_after else b)
        if reset_after:
            rp = h @ r + b[1]
            z, rr = sigmoid(xp[:, :u] + rp[:, :u]), sigmoid(xp[:, u:2 * u] + rp[:, u:2 * u])
            hh = np.tanh(xp[:, 2 * u:] + rr * rp[:, 2 * u:])
        else:
            z = sigmoid(xp[:, :u] + h @ r[:, :u])
            rr = sigmoid(xp[:, u:2 * u] + h @ r[:, u:2 * u])
            hh = np.tanh(xp[:, 2 * u:] + (rr * h) @ r[:, 2 * u:])
        h = z * h + (1 - z) * hh
        outs.append(h)
    return np.stack(outs, 1), h


def randomize(layer):
    layer.set_weights([RNG.standard_normal(w.shape).astype("float32") * 0.5 for w in layer.get_weights()])
    return [w.astype(np.float64) for w in layer.get_weights()]


def np_of(t):
    return t.detach().cpu().numpy()


X = RNG.standard_normal((3, 6, 4)).astype("float32")


@pytest.mark.parametrize("mask_steps", [False, True])
def test_lstm_matches_numpy(mask_steps):
    layer = layers.LSTM(5, return_sequences=True, return_state=True)
    layer(X)
    k, r, b = randomize(layer)
    assert (k.shape, r.shape, b.shape) == ((4, 20), (5, 20), (20,))
    mask = None
    if mask_steps:  # post-padding: the masked tail must leave the states untouched
        mask = torch.tensor([[1, 1, 1, 1, 1, 1], [1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 0]], dtype=torch.bool)
    seq, h, c = layer(torch.tensor(X), mask=mask)
    if not mask_steps:
        rseq, rh, rc = np_lstm(X, k, r, b)
        np.testing.assert_allclose(np_of(seq), rseq, rtol=1e-4, atol=1e-5)
    else:
        _, rh, rc = np_lstm(X[1:2, :3], k, r, b)
        np.testing.assert_allclose(np_of(h)[1:2], rh, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(np_of(c)[1:2], rc, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(np_of(seq)[1, 3:], np.repeat(rh, 3, 0), rtol=1e-4, atol=1e-5)
        rh, rc = np_lstm(X, k, r, b)[1:]
    np.testing.assert_allclose(np_of(h)[0], rh[0], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np_of(c)[0], rc[0], rtol=1e-4, atol=1e-5)


def test_lstm_forget_bias_init_and_initial_state_and_backwards():
    layer = layers.LSTM(3)
    layer(X)
    bias = layer.get_weights()[2]
    np.testing.assert_array_equal(bias, np.r_[np.zeros(3), np.ones(3), np.zeros(6)])
    k, r, b = randomize(layer)
    h0, c0 = RNG.standard_normal((3, 3)), RNG.standard_normal((3, 3))
    out = layer(torch.tensor(X), initial_state=[torch.tensor(h0, dtype=torch.float32),
                                                torch.tensor(c0, dtype=torch.float32)])
    np.testing.assert_allclose(np_of(out), np_lstm(X, k, r, b, h0, c0)[1], rtol=1e-4, atol=1e-5)
    back = layers.LSTM(3, go_backwards=True, return_sequences=True)
    back(X)
    back.set_weights(layer.get_weights())
    np.testing.assert_allclose(np_of(back(X)), np_lstm(X[:, ::-1], k, r, b)[0], rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("reset_after", [True, False])
def test_gru_matches_numpy(reset_after):
    layer = layers.GRU(4, reset_after=reset_after, return_sequences=True)
    layer(X)
    k, r, b = randomize(layer)
    assert b.shape == ((2, 12) if reset_after else (12,))
    np.testing.assert_allclose(np_of(layer(X)), np_gru(X, k, r, b, reset_after)[0], rtol=1e-4, atol=1e-5)


def test_simple_rnn_fused_and_loop_paths():
    for activation, fn in (("tanh", np.tanh), ("sigmoid", sigmoid)):
        layer = layers.SimpleRNN(4, activation=activation, return_state=True)
        layer(X)
        k, r, b = randomize(layer)
        h = np.zeros((3, 4))
        for t in range(6):
            h = fn(X[:, t] @ k + b + h @ r)
        out, state = layer(X)
        np.testing.assert_allclose(np_of(out), h, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(np_of(state), h, rtol=1e-4, atol=1e-5)


def test_embedding_mask_zero_feeds_lstm():
    emb = layers.Embedding(10, 3, mask_zero=True)
    ids = np.array([[4, 2, 7, 0, 0], [1, 0, 0, 0, 0]])
    model = tf.keras.Sequential([emb, layers.LSTM(2)])
    out = np_of(model(ids))
    assert emb.get_weights()[0].shape == (10, 3)
    np.testing.assert_array_equal(np_of(emb.compute_mask(ids)), ids != 0)
    lstm = model.layers[1]
    unpadded = np_of(lstm(emb(np.array([[4, 2, 7]]))))
    np.testing.assert_allclose(out[:1], unpadded, rtol=1e-5, atol=1e-6)
    w = emb.get_weights()[0]
    assert np.abs(w).max() <= 0.05


def test_dropout_paths_run_and_are_identity_at_inference():
    layer = layers.LSTM(3, dropout=0.5, recurrent_dropout=0.5)
    a = np_of(layer(X))
    np.testing.assert_allclose(np_of(layer(X, training=False)), a)
    assert not np.allclose(np_of(layer(X, training=True)), a)


def test_bidirectional_and_time_distributed():
    bi = layers.Bidirectional(layers.GRU(3, return_sequences=True))
    y = bi(X)
    assert tuple(y.shape) == (3, 6, 6)
    fk, fr, fb, bk, br, bb = (w.astype(np.float64) for w in bi.get_weights())
    np.testing.assert_allclose(np_of(y)[..., :3], np_gru(X, fk, fr, fb)[0], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np_of(y)[..., 3:], np_gru(X[:, ::-1], bk, br, bb)[0][:, ::-1], rtol=1e-4,
                               atol=1e-5)
    assert bi.forward_layer.name.startswith("forward_") and bi.backward_layer.go_backwards
    summed = layers.Bidirectional(layers.LSTM(2, return_state=True), merge_mode="sum")
    out = summed(X)
    assert len(out) == 5 and tuple(out[0].shape) == (3, 2)
    with pytest.raises(ValueError, match="Received: merge_mode='max'"):
        layers.Bidirectional(layers.LSTM(2), merge_mode="max")
    td = layers.TimeDistributed(layers.Dense(2))
    out = td(X)
    k, b = td.get_weights()
    np.testing.assert_allclose(np_of(out), X @ k + b, rtol=1e-5, atol=1e-6)
    inp = layers.Input((6, 4))
    sym = layers.Bidirectional(layers.LSTM(5))(inp)
    assert sym.shape == (None, 10)


def test_rnn_config_and_errors():
    cfg = layers.LSTM(7, return_sequences=True, dropout=0.1).get_config()
    clone = layers.LSTM.from_config(cfg)
    assert clone.units == 7 and clone.return_sequences and clone.cell.dropout == 0.1
    assert layers.GRU.from_config(layers.GRU(3, reset_after=False).get_config()).cell.reset_after is False
    assert layers.SimpleRNN.from_config(layers.SimpleRNN(2).get_config()).units == 2
    with pytest.raises(ValueError, match="Received: units=0"):
        layers.LSTM(0)
    with pytest.raises(ValueError, match="3D input"):
        layers.LSTM(2)(np.zeros((2, 3), "float32"))
