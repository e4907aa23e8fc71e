"""Write the golden for a stateful RNN's `layer.states` reused as another RNN's `initial_state` (keras-io
"Working with RNNs", RNN state reuse).

Run under real TensorFlow 2.21 / Keras 3.15 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_rnn_states_golden.py

It writes `tests/golden/rnn_states.npz`: three paragraphs, the LSTM weights, the states after two batches, the
output of a fresh LSTM started from them, and the states after `reset_states()`;
`tests/keras/layers/test_rnn_states.py` reads it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402


def main():
    rng = np.random.default_rng(0)
    p1, p2, p3 = (rng.random((4, 5, 6)).astype("float32") for _ in range(3))
    lstm = keras.layers.LSTM(3, stateful=True)
    lstm(p1)
    weights = [rng.normal(scale=0.5, size=w.shape).astype("float32") for w in lstm.get_weights()]
    lstm.set_weights(weights)
    lstm.reset_states()
    lstm(p1)
    lstm(p2)
    states = [np.asarray(s) for s in lstm.states]
    new = keras.layers.LSTM(3)
    new(p3)
    new.set_weights(weights)
    out = np.asarray(new(p3, initial_state=lstm.states))
    lstm.reset_states()
    reset = [np.asarray(s) for s in lstm.states]
    here = os.path.dirname(os.path.abspath(__file__))
    np.savez(os.path.join(here, "rnn_states.npz"), p1=p1, p2=p2, p3=p3, w0=weights[0], w1=weights[1],
             w2=weights[2], h=states[0], c=states[1], out=out, reset_h=reset[0], reset_c=reset[1])


if __name__ == "__main__":
    main()
