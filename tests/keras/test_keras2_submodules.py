"""Keras 2 layers are `tf.Module`s: `model.submodules` (the intro-to-modules guide's `my_sequential_model.
submodules`). Expected orders are TF 2.21's with TF_USE_LEGACY_KERAS=1 (tf_keras), probed on these classes:
`['FD', 'FD', 'Dense', 'Dense', 'Dense', 'Dense']` (each node's children, then theirs), a Sequential's
`(InputLayer, Dense)`. Keras 3 layers are not tf.Modules and have no `submodules`."""

import pytest

import keraslike as tf


class FD(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = tf.keras.layers.Dense(2)
        self.lst = [tf.keras.layers.Dense(1)]

    def call(self, x):
        return self.lst[0](self.d(x))


class M(tf.keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a = FD()
        self.b = FD()

    def call(self, x):
        return self.b(self.a(x))


def test_keras2_submodules(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    m = M(name="the_model")
    m(tf.ones([1, 3]))
    subs = m.submodules
    assert isinstance(subs, tuple)
    assert [type(x).__name__ for x in subs] == ["FD", "FD", "Dense", "Dense", "Dense", "Dense"]
    assert subs[0] is m.a and subs[1] is m.b and subs[2] is m.a.d and subs[3] is m.a.lst[0] and subs[4] is m.b.d
    assert m.a.submodules == (m.a.d, m.a.lst[0])
    s = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    assert [type(x).__name__ for x in s.submodules] == ["InputLayer", "Dense"]


def test_keras3_layers_have_no_submodules():
    with pytest.raises(AttributeError):
        _ = M().submodules
