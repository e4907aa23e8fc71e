"""A functional model lists its layers (and so its weights) in Keras's order: by decreasing depth from the
outputs, ties by first visit in a depth-first walk from the outputs (Keras 3's `map_graph`). The expected
order below is what real Keras 3.15 prints for the same graph; `get_weights()` lists then line up with
Keras's on branched graphs (ResNet shortcuts, Inception branches)."""

import keraslike as tf

L = tf.keras.layers


def _branched():
    x = tf.keras.Input((4,), name="x")
    short = L.Dense(5, name="short")(x)           # a shortcut created before the long branch
    h = L.Dense(3, name="h1")(x)
    h = L.Dense(4, name="h2")(h)
    h = L.Dense(5, name="h3")(h)
    s = L.Add(name="add")([short, h])
    side = L.Dense(6, name="side")(s)
    out = L.Concatenate(name="cat")([L.Dense(2, name="tail")(s), side])
    return tf.keras.Model(x, out)


def test_layers_and_weights_in_keras_order():
    model = _branched()
    assert [layer.name for layer in model.layers if layer.weights] == ["h1", "h2", "short", "h3", "tail", "side"]
    assert [tuple(w.shape) for w in model.get_weights()] == [
        (4, 3), (3,), (3, 4), (4,), (4, 5), (5,), (4, 5), (5,), (5, 2), (2,), (5, 6), (6,)]


def test_order_does_not_change_results():
    import numpy as np

    model = _branched()
    x = np.random.default_rng(0).normal(size=(3, 4)).astype("float32")
    by = {layer.name: layer for layer in model.layers}
    relu_free = lambda name, v: v @ by[name].kernel.numpy() + by[name].bias.numpy()  # noqa: E731
    s = relu_free("short", x) + relu_free("h3", relu_free("h2", relu_free("h1", x)))
    expected = np.concatenate([relu_free("tail", s), relu_free("side", s)], axis=-1)
    np.testing.assert_allclose(model(x).detach().numpy(), expected, rtol=1e-5, atol=1e-6)
