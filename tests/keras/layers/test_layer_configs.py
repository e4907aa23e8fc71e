"""Every layer of issue 5: `input_shape=` on a first layer, config round trip, symbolic shapes."""

import numpy as np
import pytest

import keraslike as tf
from keraslike.keras import layers

CASES = [
    (lambda **k: layers.Conv1D(4, 3, **k), (10, 3)),
    (lambda **k: layers.Conv2D(4, 3, padding="same", **k), (6, 6, 2)),
    (lambda **k: layers.Conv3D(2, 2, **k), (4, 4, 4, 1)),
    (lambda **k: layers.Conv2DTranspose(3, 3, strides=2, padding="same", **k), (4, 4, 2)),
    (lambda **k: layers.SeparableConv2D(3, 3, **k), (6, 6, 2)),
    (lambda **k: layers.DepthwiseConv2D(3, depth_multiplier=2, **k), (6, 6, 2)),
    (lambda **k: layers.MaxPooling1D(**k), (8, 3)),
    (lambda **k: layers.MaxPooling2D(padding="same", **k), (5, 5, 2)),
    (lambda **k: layers.MaxPooling3D(**k), (4, 4, 4, 1)),
    (lambda **k: layers.AveragePooling1D(**k), (8, 3)),
    (lambda **k: layers.AveragePooling2D(3, 2, "same", **k), (5, 5, 2)),
    (lambda **k: layers.GlobalAveragePooling1D(**k), (8, 3)),
    (lambda **k: layers.GlobalAveragePooling2D(**k), (5, 5, 2)),
    (lambda **k: layers.GlobalMaxPooling1D(**k), (8, 3)),
    (lambda **k: layers.GlobalMaxPooling2D(**k), (5, 5, 2)),
    (lambda **k: layers.ZeroPadding2D(**k), (5, 5, 2)),
    (lambda **k: layers.UpSampling2D(**k), (3, 3, 2)),
    (lambda **k: layers.Cropping2D(1, **k), (5, 5, 2)),
    (lambda **k: layers.Reshape((2, 6), **k), (3, 4)),
    (lambda **k: layers.Permute((2, 1), **k), (3, 4)),
    (lambda **k: layers.RepeatVector(3, **k), (4,)),
    (lambda **k: layers.SpatialDropout2D(0.3, **k), (5, 5, 2)),
    (lambda **k: layers.BatchNormalization(**k), (5, 5, 2)),
    (lambda **k: layers.LayerNormalization(**k), (5, 4)),
    (lambda **k: layers.GroupNormalization(2, **k), (5, 4)),
    (lambda **k: layers.Embedding(20, 4, mask_zero=True, **k), (6,)),
    (lambda **k: layers.SimpleRNN(3, **k), (5, 2)),
    (lambda **k: layers.LSTM(3, return_sequences=True, **k), (5, 2)),
    (lambda **k: layers.GRU(3, **k), (5, 2)),
    (lambda **k: layers.Bidirectional(layers.LSTM(3), **k), (5, 2)),
    (lambda **k: layers.TimeDistributed(layers.Dense(2), **k), (5, 3)),
    (lambda **k: layers.Rescaling(0.5, 1.0, **k), (4,)),
    (lambda **k: layers.Normalization(mean=1.0, variance=4.0, **k), (4,)),
    (lambda **k: layers.Softmax(**k), (4,)),
    (lambda **k: layers.ReLU(6.0, **k), (4,)),
    (lambda **k: layers.LeakyReLU(**k), (4,)),
    (lambda **k: layers.PReLU(**k), (4,)),
    (lambda **k: layers.ELU(**k), (4,)),
    (lambda **k: layers.Lambda(lambda t: t * 2, **k), (4,)),
]


@pytest.mark.parametrize("make,shape", CASES, ids=lambda c: getattr(c, "__name__", None) if callable(c) else None)
def test_input_shape_kwarg_config_and_symbolic_shape(make, shape):
    layer = make(input_shape=shape)
    model = tf.keras.Sequential([layer])
    x = np.abs(np.random.default_rng(0).standard_normal((2, *shape))).astype("float32")
    if isinstance(layer, layers.Embedding):
        x = (x * 5).astype("int64")
    out = model(x)
    symbolic = layer(layers.Input(shape))
    assert symbolic.shape == (None, *tuple(out.shape)[1:])
    if hasattr(layer, "compute_output_shape") and layer.compute_output_shape((None, *shape)) is not None:
        assert tuple(layer.compute_output_shape((None, *shape))) == symbolic.shape
    config = layer.get_config()
    if isinstance(layer, layers.Lambda):
        return  # a function is not serialized (nothing is unpickled)
    config.pop("name")
    clone = type(layer).from_config(config)
    clone_config = clone.get_config()
    clone_config.pop("name")
    assert _without_names(clone_config) == _without_names(config)
    if isinstance(layer, (layers.Bidirectional, layers.TimeDistributed)):
        clone(x)
        assert [w.shape for w in clone.get_weights()] == [w.shape for w in layer.get_weights()]


def _without_names(config):
    """`config` without names, nor the build configs of wrapped layers (a built layer's has one, a clone's not)."""
    if isinstance(config, dict):
        return {k: _without_names(v) for k, v in config.items() if k not in ("name", "build_config")}
    return config
