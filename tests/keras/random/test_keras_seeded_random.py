"""Seeded Keras randomness gives TF's numbers: `keras.random.*` (int seed, `SeedGenerator`, the global generator),
initializers with `seed=` (Keras 3, tf_keras, TF 2's and TF 1's own), the seeded noise/dropout layers, and models
built after `keras.utils.set_random_seed` with unseeded initializers.

Goldens: tests/golden/keras_seeded_random.json, written by tests/golden/make_keras_seeded_random.py under TF 2.21.
"""

import json
import pathlib

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike._src.ops import philox

GOLDEN = json.loads((pathlib.Path(__file__).parents[2] / "golden" / "keras_seeded_random.json").read_text())
INITIALIZERS = ["RandomNormal", "RandomUniform", "TruncatedNormal", "GlorotNormal", "GlorotUniform", "HeNormal",
                "HeUniform", "LecunNormal", "LecunUniform", "Orthogonal", "VarianceScaling"]


def close(got, want, rtol=1e-5, atol=1e-6):
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            close(g, w, rtol, atol)
        return
    np.testing.assert_allclose(np.asarray(got, dtype="float64"), np.asarray(want, dtype="float64"), rtol=rtol,
                               atol=atol)


def _random_cases():
    r = keras.random

    def generator_draws():
        g = r.SeedGenerator(5)
        return [r.normal((3,), seed=g) for _ in range(3)]

    def generator_mixed():
        g = r.SeedGenerator(5)
        return [r.uniform((2,), seed=g), r.truncated_normal((2,), seed=g), r.randint((3,), 0, 100, seed=g),
                r.shuffle(np.arange(6), seed=g), r.dropout(np.ones((6,), "float32"), 0.5, seed=g)]

    def unseeded():
        keras.utils.set_random_seed(7)
        return [r.normal((3,)), r.uniform((3,))]

    cases = {f"normal_{s}": (lambda s=s: r.normal((2, 3), seed=s)) for s in (42, 7, -3, 3_000_000_000)}
    cases.update({
        "normal_mean_std": lambda: r.normal((4,), mean=1.5, stddev=0.5, seed=1),
        "normal_float64": lambda: r.normal((3,), dtype="float64", seed=1),
        "uniform": lambda: r.uniform((5,), minval=-1.0, maxval=2.0, seed=3),
        "truncated_normal": lambda: r.truncated_normal((6,), mean=0.5, stddev=2.0, seed=4),
        "randint_int32": lambda: r.randint((6,), 0, 10, seed=5),
        "randint_int64": lambda: r.randint((6,), -5, 1000, dtype="int64", seed=5),
        "randint_uint8": lambda: r.randint((6,), 0, 200, dtype="uint8", seed=5),
        "categorical": lambda: r.categorical(np.log(np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], "float32")), 8,
                                             seed=6),
        "categorical_masked": lambda: r.categorical(np.array([[0.0, -np.inf, 1.0, 2.0, -1.0]], "float32"), 20,
                                                    dtype="int64", seed=7),
        "stateless_categorical_op": lambda: tf.random.stateless_categorical(
            np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0], [0.0, 0.0, 0.0]], "float32"), 5, seed=[4, 9]),
        "dropout": lambda: r.dropout(np.arange(1, 13, dtype="float32").reshape(3, 4), 0.5, seed=8),
        "dropout_noise_shape": lambda: r.dropout(np.ones((2, 3, 4), "float32"), 0.4, noise_shape=(None, 1, 4), seed=9),
        "shuffle": lambda: r.shuffle(np.arange(10), seed=10),
        "shuffle_axis1": lambda: r.shuffle(np.arange(12).reshape(3, 4), axis=1, seed=11),
        "generator": generator_draws, "generator_mixed": generator_mixed,
        "unseeded_after_set_random_seed": unseeded,
    })
    return cases


RANDOM_CASES = _random_cases()


@pytest.mark.parametrize("name", sorted(RANDOM_CASES))
def test_keras_random_gives_tfs_numbers(name):
    close(RANDOM_CASES[name](), GOLDEN["random"][name])


def test_seed_generator_state_after_draws():
    gen = keras.random.SeedGenerator(5)
    for _ in range(3):
        keras.random.normal((3,), seed=gen)
    np.testing.assert_array_equal(gen.state.numpy(), GOLDEN["random"]["generator_state"])


def test_set_random_seed_restarts_the_global_generator():
    keras.utils.set_random_seed(7)
    first = keras.random.normal((3,))
    keras.random.normal((3,))
    keras.utils.set_random_seed(7)
    close(keras.random.normal((3,)), first.numpy().tolist())


def _initializer_cases(legacy):
    ini = keras.initializers
    cases = {}
    for name in INITIALIZERS:
        for shape in ((2, 2), (3, 5), (3, 3, 2, 4)):
            def draw(name=name, shape=shape):
                init = getattr(ini, name)(seed=3)
                return [init(shape), init(shape)]
            cases[f"{name}_{'x'.join(map(str, shape))}"] = draw
    for mode in ("fan_in", "fan_out", "fan_avg"):
        for dist in ("truncated_normal", "untruncated_normal", "uniform"):
            cases[f"VarianceScaling_{mode}_{dist}"] = (
                lambda mode=mode, dist=dist: ini.VarianceScaling(2.0, mode, dist, seed=11)((4, 3)))
    cases["RandomNormal_args"] = lambda: ini.RandomNormal(mean=1.0, stddev=2.0, seed=5)((3,))
    cases["RandomUniform_args"] = lambda: ini.RandomUniform(minval=-3.0, maxval=1.0, seed=5)((3,))
    cases["Orthogonal_gain"] = lambda: ini.Orthogonal(gain=2.0, seed=5)((3, 4))
    cases["GlorotUniform_1e10"] = lambda: ini.GlorotUniform(seed=10_000_000_000)((2, 2))
    if not legacy:
        def generator():
            init = ini.GlorotUniform(seed=keras.random.SeedGenerator(9))
            return [init((2, 2)), init((2, 2))]
        cases["GlorotUniform_generator"] = generator
    return cases


@pytest.mark.parametrize("legacy", [False, True], ids=["keras3", "tf_keras"])
def test_seeded_initializers_give_tfs_numbers(legacy, monkeypatch):
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    golden = GOLDEN["legacy" if legacy else "initializers"]
    golden = golden["initializers"] if legacy else golden
    cases = _initializer_cases(legacy)
    assert set(cases) == set(golden)
    for name, draw in cases.items():
        close(draw(), golden[name])


def _models():
    L = keras.layers
    out = {}
    keras.utils.set_random_seed(812)
    dense = keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dropout(0.3), L.Dense(2)])
    out["dense"] = dense.get_weights()
    out["dense_dropout"] = dense.layers[1](np.ones((2, 4), "float32"), training=True)
    keras.utils.set_random_seed(3)
    out["conv"] = keras.Sequential([keras.Input((5, 5, 2)), L.Conv2D(3, 3), L.Flatten(), L.Dense(2)]).get_weights()
    keras.utils.set_random_seed(4)
    out["lstm"] = keras.Sequential([keras.Input((4,)), L.Embedding(10, 3), L.LSTM(2), L.Dense(1)]).get_weights()
    keras.utils.set_random_seed(6)
    inp = keras.Input((4, 6))
    mha = L.MultiHeadAttention(2, 3, dropout=0.1)  # made before the Dense, as the golden script does
    out["mha"] = keras.Model(inp, L.Dense(2)(mha(inp, inp))).get_weights()
    return out


@pytest.mark.parametrize("legacy", [False, True], ids=["keras3", "tf_keras"])
def test_set_random_seed_then_unseeded_initializers_give_tfs_weights(legacy, monkeypatch):
    if legacy:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    golden = GOLDEN["legacy"]["models"] if legacy else GOLDEN["models"]
    got = _models()
    for name in ("dense", "conv", "lstm", "mha"):
        close(got[name], golden[name])
    if not legacy:  # the unseeded Dropout's generator took its seed from Python's random in Keras's order
        close(got["dense_dropout"], golden["dense_dropout"])


LAYER_INPUTS = {3: np.arange(1, 25, dtype="float32").reshape(2, 3, 4) / 10,
                4: np.arange(1, 49, dtype="float32").reshape(2, 2, 3, 4) / 10,
                5: np.arange(1, 49, dtype="float32").reshape(1, 2, 2, 3, 4) / 10}
LAYERS = {"Dropout": (lambda L: L.Dropout(0.5, seed=1), 3),
          "Dropout_noise_shape": (lambda L: L.Dropout(0.5, (2, 1, 4), seed=1), 3),
          "SpatialDropout1D": (lambda L: L.SpatialDropout1D(0.5, seed=2), 3),
          "SpatialDropout2D": (lambda L: L.SpatialDropout2D(0.5, seed=2), 4),
          "SpatialDropout3D": (lambda L: L.SpatialDropout3D(0.5, seed=2), 5),
          "GaussianNoise": (lambda L: L.GaussianNoise(0.5, seed=3), 3),
          "GaussianDropout": (lambda L: L.GaussianDropout(0.3, seed=3), 3),
          "AlphaDropout": (lambda L: L.AlphaDropout(0.3, seed=4), 3)}


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_seeded_layers_give_tfs_training_outputs(name):
    make, rank = LAYERS[name]
    layer = make(keras.layers)
    x = LAYER_INPUTS[rank]
    close([layer(x, training=True), layer(x, training=True)], GOLDEN["layers"][name])


def _tf_initializer_cases():
    cases = {}
    for name in ("random_normal_initializer", "random_uniform_initializer"):
        def seeded(name=name):
            init = getattr(tf, name)(seed=3)
            return [init((2, 2)), init((2, 2))]

        def unseeded(name=name):
            tf.random.set_seed(5)
            init = getattr(tf, name)()
            return [init((3,)), init((3,))]
        cases[f"{name}_seeded"], cases[f"{name}_unseeded"] = seeded, unseeded
    for name in ("glorot_uniform_initializer", "glorot_normal_initializer", "truncated_normal_initializer",
                 "random_normal_initializer", "random_uniform_initializer", "orthogonal_initializer"):
        def v1(name=name):
            tf.random.set_seed(6)
            init = getattr(tf.compat.v1, name)(seed=3)
            return [init((3, 3)), init((3, 3))]
        cases[f"v1_{name}"] = v1

    def scaling():
        tf.random.set_seed(6)
        init = tf.compat.v1.variance_scaling_initializer(scale=2.0, mode="fan_out", distribution="uniform", seed=4)
        return [init((3, 2)), init((3, 2))]
    cases["v1_variance_scaling_initializer"] = scaling
    return cases


TF_INITIALIZERS = _tf_initializer_cases()


@pytest.mark.parametrize("name", sorted(TF_INITIALIZERS))
def test_tf_initializers_give_tfs_numbers(name):
    close(TF_INITIALIZERS[name](), GOLDEN["tf_initializers"][name])


def test_unseeded_keras3_initializer_repeats_and_follows_python_random():
    keras.utils.set_random_seed(1)
    a = keras.initializers.GlorotUniform()
    b = keras.initializers.GlorotUniform()
    assert np.array_equal(a((3, 3)), a((3, 3)))  # Keras 3: the seed is fixed when the initializer is made
    assert not np.array_equal(a((3, 3)), b((3, 3)))
    assert a.get_config() == {"seed": None, "input_axes": None, "output_axes": None}  # Keras 3.15's config


def test_attention_projections_get_their_own_seeds():
    # one unseeded initializer object for all of MultiHeadAttention's kernels: each projection clones it (Keras), so
    # the query/key/value kernels of equal shapes differ
    keras.utils.set_random_seed(2)
    init = keras.initializers.GlorotUniform()
    layer = keras.layers.MultiHeadAttention(2, 3, kernel_initializer=init)
    x = np.ones((1, 4, 6), "float32")
    layer(x, x)
    q, _, k, _, v = [w for w in layer.get_weights()][:5]
    assert not np.array_equal(q, k) and not np.array_equal(k, v)
    gqa = keras.layers.GroupQueryAttention(3, 2, 2, kernel_initializer=init)
    gqa(x, x)
    kernels = [w for w in gqa.get_weights() if w.ndim == 3]
    assert not np.array_equal(kernels[0], kernels[1]) and not np.array_equal(kernels[1], kernels[2])


def test_invalid_seed_raises():
    with pytest.raises(ValueError, match="Received: seed=1.5"):
        keras.initializers.GlorotUniform(seed=1.5)
    with pytest.raises(ValueError, match="Received: seed=x"):
        keras.random.normal((2,), seed="x")


def test_torch_philox_uniform_matches_the_numpy_stream():
    # the accelerator path of TF's uniform floats (computed by torch where the draw lands) gives the same bits


    for pair in ((1, 2), (42, 0), (2**31 - 3, 77)):
        start = philox.key_counter(*pair)
        np.testing.assert_array_equal(philox.uniform_float32_tensor(start, 10_000, "cpu").numpy(),
                                      philox.uniform_float(start, 10_000, "float32"))
    start = ((5, 6), philox.skip([0, 0, 3, 4], 2**40))
    np.testing.assert_array_equal(philox.uniform_float32_tensor(start, 5000, "cpu").numpy(),
                                  philox.uniform_float(start, 5000, "float32"))
