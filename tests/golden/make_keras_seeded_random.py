"""Writes tests/golden/keras_seeded_random.json under real TF 2.21: seeded Keras randomness (TF backend).

Keras 3 (`keras.random.*` with an int seed and with a `SeedGenerator`, the unseeded global generator after
`keras.utils.set_random_seed`, every random initializer with `seed=`, the seeded noise/dropout layers with
`training=True`, and the initial weights of models built after `set_random_seed` with unseeded initializers),
then, in a child process under `TF_USE_LEGACY_KERAS=1`, tf_keras's seeded and unseeded initializers.

    /work/tfvenv/bin/python tests/golden/make_keras_seeded_random.py
"""

import json
import os
import subprocess
import sys

import numpy as np

LEGACY = os.environ.get("TF_USE_LEGACY_KERAS") == "1"
HERE = os.path.dirname(os.path.abspath(__file__))

import tensorflow as tf  # noqa: E402

if LEGACY:
    import tf_keras as keras  # noqa: E402
else:
    import keras  # noqa: E402


def val(x):
    return np.asarray(x).tolist()


def random_cases():
    r = keras.random
    out = {}
    for seed in (42, 7, -3, 3_000_000_000):
        out[f"normal_{seed}"] = val(r.normal((2, 3), seed=seed))
    out["normal_mean_std"] = val(r.normal((4,), mean=1.5, stddev=0.5, seed=1))
    out["normal_float64"] = val(r.normal((3,), dtype="float64", seed=1))
    out["uniform"] = val(r.uniform((5,), minval=-1.0, maxval=2.0, seed=3))
    out["truncated_normal"] = val(r.truncated_normal((6,), mean=0.5, stddev=2.0, seed=4))
    out["randint_int32"] = val(r.randint((6,), 0, 10, seed=5))
    out["randint_int64"] = val(r.randint((6,), -5, 1000, dtype="int64", seed=5))
    out["randint_uint8"] = val(r.randint((6,), 0, 200, dtype="uint8", seed=5))
    out["categorical"] = val(r.categorical(np.log(np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], "float32")), 8,
                                           seed=6))
    out["categorical_masked"] = val(r.categorical(np.array([[0.0, -np.inf, 1.0, 2.0, -1.0]], "float32"), 20,
                                                  dtype="int64", seed=7))
    out["stateless_categorical_op"] = val(tf.random.stateless_categorical(
        np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0], [0.0, 0.0, 0.0]], "float32"), 5, seed=[4, 9]))
    out["dropout"] = val(r.dropout(np.arange(1, 13, dtype="float32").reshape(3, 4), 0.5, seed=8))
    out["dropout_noise_shape"] = val(r.dropout(np.ones((2, 3, 4), "float32"), 0.4, noise_shape=(None, 1, 4),
                                               seed=9))
    out["shuffle"] = val(r.shuffle(np.arange(10), seed=10))
    out["shuffle_axis1"] = val(r.shuffle(np.arange(12).reshape(3, 4), axis=1, seed=11))
    out["gamma"] = val(r.gamma((4,), 2.0, seed=12))
    out["binomial"] = val(r.binomial((4,), 10.0, 0.3, seed=13))
    out["beta"] = val(r.beta((4,), 2.0, 3.0, seed=14))
    gen = r.SeedGenerator(5)
    out["generator"] = [val(r.normal((3,), seed=gen)) for _ in range(3)]
    out["generator_state"] = val(gen.state.value)
    gen = r.SeedGenerator(5)
    out["generator_mixed"] = [val(r.uniform((2,), seed=gen)), val(r.truncated_normal((2,), seed=gen)),
                              val(r.randint((3,), 0, 100, seed=gen)), val(r.shuffle(np.arange(6), seed=gen)),
                              val(r.dropout(np.ones((6,), "float32"), 0.5, seed=gen))]
    keras.utils.set_random_seed(7)
    out["unseeded_after_set_random_seed"] = [val(r.normal((3,))), val(r.uniform((3,)))]
    return out


INITIALIZERS = ["RandomNormal", "RandomUniform", "TruncatedNormal", "GlorotNormal", "GlorotUniform", "HeNormal",
                "HeUniform", "LecunNormal", "LecunUniform", "Orthogonal", "VarianceScaling"]


def initializer_cases():
    ini = keras.initializers
    out = {}
    for name in INITIALIZERS:
        cls = getattr(ini, name)
        for shape in ((2, 2), (3, 5), (3, 3, 2, 4)):
            key = f"{name}_{'x'.join(map(str, shape))}"
            init = cls(seed=3)
            out[key] = [val(init(shape)), val(init(shape))]  # the same on both calls
    for mode in ("fan_in", "fan_out", "fan_avg"):
        for dist in ("truncated_normal", "untruncated_normal", "uniform"):
            init = ini.VarianceScaling(scale=2.0, mode=mode, distribution=dist, seed=11)
            out[f"VarianceScaling_{mode}_{dist}"] = val(init((4, 3)))
    out["RandomNormal_args"] = val(ini.RandomNormal(mean=1.0, stddev=2.0, seed=5)((3,)))
    out["RandomUniform_args"] = val(ini.RandomUniform(minval=-3.0, maxval=1.0, seed=5)((3,)))
    out["Orthogonal_gain"] = val(ini.Orthogonal(gain=2.0, seed=5)((3, 4)))
    out["GlorotUniform_1e10"] = val(ini.GlorotUniform(seed=10_000_000_000)((2, 2)))
    if not LEGACY:
        gen = keras.random.SeedGenerator(9)
        init = ini.GlorotUniform(seed=gen)
        out["GlorotUniform_generator"] = [val(init((2, 2))), val(init((2, 2)))]
    return out


def layer_cases():
    L = keras.layers
    x = np.arange(1, 25, dtype="float32").reshape(2, 3, 4) / 10
    x4 = np.arange(1, 49, dtype="float32").reshape(2, 2, 3, 4) / 10
    x5 = np.arange(1, 49, dtype="float32").reshape(1, 2, 2, 3, 4) / 10
    out = {}
    cases = {"Dropout": (L.Dropout(0.5, seed=1), x), "Dropout_noise_shape": (L.Dropout(0.5, (2, 1, 4), seed=1), x),
             "SpatialDropout1D": (L.SpatialDropout1D(0.5, seed=2), x),
             "SpatialDropout2D": (L.SpatialDropout2D(0.5, seed=2), x4),
             "SpatialDropout3D": (L.SpatialDropout3D(0.5, seed=2), x5),
             "GaussianNoise": (L.GaussianNoise(0.5, seed=3), x), "GaussianDropout": (L.GaussianDropout(0.3, seed=3), x),
             "AlphaDropout": (L.AlphaDropout(0.3, seed=4), x)}
    for name, (layer, inp) in cases.items():
        out[name] = [val(layer(inp, training=True)), val(layer(inp, training=True))]
    return out


def model_cases():
    L = keras.layers
    out = {}
    keras.utils.set_random_seed(812)
    dense = keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dropout(0.3), L.Dense(2)])
    out["dense"] = [val(w) for w in dense.get_weights()]
    out["dense_dropout"] = val(dense.layers[1](np.ones((2, 4), "float32"), training=True))
    keras.utils.set_random_seed(3)
    conv = keras.Sequential([keras.Input((5, 5, 2)), L.Conv2D(3, 3), L.Flatten(), L.Dense(2)])
    out["conv"] = [val(w) for w in conv.get_weights()]
    keras.utils.set_random_seed(4)
    rnn = keras.Sequential([keras.Input((4,)), L.Embedding(10, 3), L.LSTM(2), L.Dense(1)])
    out["lstm"] = [val(w) for w in rnn.get_weights()]
    keras.utils.set_random_seed(6)
    inp = keras.Input((4, 6))
    mha = L.MultiHeadAttention(2, 3, dropout=0.1)
    att = keras.Model(inp, L.Dense(2)(mha(inp, inp)))
    out["mha"] = [val(w) for w in att.get_weights()]
    return out


def tf_initializer_cases():
    """TF's own initializers: TF 2's (stateless on [seed, 0] when seeded, the stateful op otherwise) and TF 1's (the
    stateful op with the seed as op seed)."""
    out = {}
    for name in ("random_normal_initializer", "random_uniform_initializer"):
        init = getattr(tf, name)(seed=3)
        out[f"{name}_seeded"] = [val(init((2, 2))), val(init((2, 2)))]
        tf.random.set_seed(5)
        init = getattr(tf, name)()
        out[f"{name}_unseeded"] = [val(init((3,))), val(init((3,)))]
    v1 = tf.compat.v1
    for name in ("glorot_uniform_initializer", "glorot_normal_initializer", "truncated_normal_initializer",
                 "random_normal_initializer", "random_uniform_initializer", "orthogonal_initializer"):
        tf.random.set_seed(6)
        init = getattr(v1, name)(seed=3)
        out[f"v1_{name}"] = [val(init((3, 3))), val(init((3, 3)))]
    tf.random.set_seed(6)
    init = v1.variance_scaling_initializer(scale=2.0, mode="fan_out", distribution="uniform", seed=4)
    out["v1_variance_scaling_initializer"] = [val(init((3, 2))), val(init((3, 2)))]
    return out


def shuffle_cases():
    """`tf.data.Dataset.shuffle` orders (two passes each): the global seed, an op seed, both, a buffer smaller than
    the data, `reshuffle_each_iteration=False`, shuffled batches of arrays."""
    out = {}

    def passes(ds, n=2):
        return [[val(v) for v in ds] for _ in range(n)]

    tf.random.set_seed(812)
    tf.random.uniform(())  # an op drawn before takes the first op seed
    out["global"] = passes(tf.data.Dataset.range(50).shuffle(50))
    out["global_small_buffer"] = passes(tf.data.Dataset.range(40).shuffle(7))
    out["global_and_op"] = passes(tf.data.Dataset.range(30).shuffle(100, seed=5))
    out["no_reshuffle"] = passes(tf.data.Dataset.range(30).shuffle(10, seed=5, reshuffle_each_iteration=False))
    out["batched_arrays"] = passes(tf.data.Dataset.from_tensor_slices(np.arange(20).reshape(10, 2)).shuffle(10)
                                   .batch(4))
    tf.random.set_seed(None)
    out["op_only"] = passes(tf.data.Dataset.range(30).shuffle(8, seed=9))
    return out


def fit_epoch_orders():
    """The shuffle order each epoch of `fit` trains on (3 epochs, with validation): Keras 3 makes and drops an
    iterator at each epoch's end, tf_keras one before the first epoch, and TF's shuffle draws a pass for each."""
    seen = []

    class Record(keras.layers.Layer):
        def call(self, x, training=None):
            if training:
                seen.append(np.asarray(x).ravel().astype(int).tolist())
            return x

    x = np.arange(10, dtype="float32")[:, None]
    tf.random.set_seed(3)
    data = tf.data.Dataset.from_tensor_slices((x, np.zeros((10, 1), "float32"))).shuffle(10).batch(10)
    net = keras.Sequential([Record(), keras.layers.Dense(1)])
    net.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    val = tf.data.Dataset.from_tensor_slices((np.ones((4, 1), "float32"), np.zeros((4, 1), "float32"))).batch(2)
    net.fit(data, epochs=3, verbose=0, validation_data=val)
    return seen


def main():
    out = {"initializers": initializer_cases(), "models": model_cases(), "fit_epochs": fit_epoch_orders()}
    if LEGACY:
        print(json.dumps(out))
        return
    out["random"] = random_cases()
    out["layers"] = layer_cases()
    out["tf_initializers"] = tf_initializer_cases()
    out["shuffle"] = shuffle_cases()
    child = subprocess.run([sys.executable, os.path.abspath(__file__)], env={**os.environ, "TF_USE_LEGACY_KERAS": "1"},
                           check=True, capture_output=True, text=True)
    out["legacy"] = json.loads(child.stdout.strip().splitlines()[-1])
    with open(os.path.join(HERE, "keras_seeded_random.json"), "w") as f:
        json.dump(out, f)
    print(sorted(out["random"]))


if __name__ == "__main__":
    main()
