"""The weight-naming models of the artefact sweep, written once for the TF golden script
(make_artefact_sweep.py) and the keraslike test (tests/keras/saving/test_artefact_sweep.py)."""

import numpy as np


def weight_name_models(keras):
    """{case: built model} in the order TF built them (default names depend on it): a subclassed model holding
    an LSTM, a layer that builds its sublayer in `build`, one that calls it in `call`, and a functional model of
    Bidirectional, TimeDistributed and ConvLSTM1D; each Keras scopes the inner weights by the outer names."""
    L = keras.layers

    class Sub(keras.Model):
        def __init__(self):
            super().__init__(name="mm")
            self.d = L.Dense(2, name="dd")
            self.r = L.LSTM(2, name="rr")

        def call(self, x):
            return self.d(self.r(x))

    class BuildsInner(L.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.inner = L.Dense(2, name="inner")

        def build(self, shape):
            self.inner.build(shape)
            self.w = self.add_weight(name="w", shape=(2,))

        def call(self, x):
            return self.inner(x) + self.w

    class CallsInner(L.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.inner = L.Dense(2, name="inner")

        def call(self, x):
            return self.inner(x)

    sub = Sub()
    sub(np.ones((1, 3, 2), "float32"))
    builds, calls = BuildsInner(name="cc"), CallsInner(name="cc2")
    builds(np.ones((1, 2), "float32"))
    calls(np.ones((1, 2), "float32"))
    i = keras.Input((3, 2))
    o = L.Bidirectional(L.GRU(2), name="bi")(i)
    o = L.TimeDistributed(L.Dense(2), name="td")(L.Reshape((2, 2))(o))
    o = L.ConvLSTM1D(2, 1, name="cl")(L.Reshape((2, 2, 1))(o))
    return {"subclassed": sub, "builds_inner": builds, "calls_inner": calls, "functional": keras.Model(i, o)}
