"""A stateful RNN's `layer.states`, reused as another RNN's `initial_state` (keras-io "Working with RNNs":
`existing_state = lstm_layer.states; new_lstm_layer(paragraph3, initial_state=existing_state)`). Values against
TF 2.21 / Keras 3.15 (`tests/golden/make_rnn_states_golden.py`)."""

from pathlib import Path

import numpy as np

from keraslike.keras import layers

GOLDEN = np.load(Path(__file__).parents[2] / "golden" / "rnn_states.npz")
WEIGHTS = [GOLDEN["w0"], GOLDEN["w1"], GOLDEN["w2"]]


def test_stateful_states_feed_another_rnn():
    lstm = layers.LSTM(3, stateful=True)
    lstm(GOLDEN["p1"])
    lstm.set_weights(WEIGHTS)
    lstm.reset_states()
    lstm(GOLDEN["p1"])
    lstm(GOLDEN["p2"])
    h, c = lstm.states
    np.testing.assert_allclose(np.asarray(h), GOLDEN["h"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(c), GOLDEN["c"], rtol=1e-5, atol=1e-6)
    new = layers.LSTM(3)
    new(GOLDEN["p3"])
    new.set_weights(WEIGHTS)
    out = new(GOLDEN["p3"], initial_state=lstm.states)
    np.testing.assert_allclose(np.asarray(out), GOLDEN["out"], rtol=1e-5, atol=1e-6)
    lstm.reset_states()
    np.testing.assert_array_equal(np.asarray(lstm.states[0]), GOLDEN["reset_h"])
    np.testing.assert_array_equal(np.asarray(lstm.states[1]), GOLDEN["reset_c"])


def test_states_of_a_layer_that_is_not_stateful(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    assert layers.LSTM(3).states is None
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    assert layers.LSTM(3).states == [None, None]
