"""Cases for issue 25's docstring classes (seeded random streams, tf.raw_ops, missing ops). `run(tf, keras)`
evaluates every case with real TF 2.21 / Keras 3 (make_issue25_docb_golden.py) or keraslike
(tests/ops/test_issue25_docb_golden.py) and returns {case#i: numpy array}; a case that raises is recorded as the
exception's class name. Random cases set the global seed first: their values depend only on what they call.
No TF import here."""

import numpy as np


def _random_cases(tf, c):
    def seq(global_seed, *calls):
        def run():
            tf.random.set_seed(global_seed)
            return [call() for call in calls]
        return run

    for gs in (None, 0, 5, 1234, 2**40 + 3):
        c[f"uniform_seeded_g{gs}"] = seq(gs, lambda: tf.random.uniform([5], seed=3),
                                         lambda: tf.random.uniform([5], seed=3),
                                         lambda: tf.random.uniform([2, 3], seed=3),
                                         lambda: tf.random.uniform([7], seed=-9))
        c[f"normal_seeded_g{gs}"] = seq(gs, lambda: tf.random.normal([7], seed=1),
                                        lambda: tf.random.normal([3, 2], seed=1),
                                        lambda: tf.random.normal([5], mean=2.0, stddev=3.0, seed=2))
        c[f"truncated_seeded_g{gs}"] = seq(gs, lambda: tf.random.truncated_normal([9], seed=4),
                                           lambda: tf.random.truncated_normal([3], seed=4),
                                           lambda: tf.random.truncated_normal([5], dtype=tf.float64, seed=4))
    for gs in (0, 5, 77):  # op seeds from the global seed's sequence
        c[f"global_only_g{gs}"] = seq(gs, lambda: tf.random.uniform([3]), lambda: tf.random.normal([4]),
                                      lambda: tf.random.truncated_normal([5]), lambda: tf.random.uniform([2]),
                                      lambda: tf.random.uniform([], maxval=10, dtype=tf.int32))
    c["uniform_dtypes"] = seq(11, lambda: tf.random.uniform([6], seed=1, dtype=tf.float64),
                              lambda: tf.random.uniform([6], seed=1, dtype=tf.float16),
                              lambda: tf.random.uniform([6], seed=1, dtype=tf.bfloat16),
                              lambda: tf.random.uniform([6], minval=-3, maxval=17, seed=1, dtype=tf.int32),
                              lambda: tf.random.uniform([6], minval=-3, maxval=2**40, seed=1, dtype=tf.int64),
                              lambda: tf.random.uniform([6], minval=-1.5, maxval=2.5, seed=1))
    c["normal_dtypes"] = seq(12, lambda: tf.random.normal([5], seed=1, dtype=tf.float64),
                             lambda: tf.random.normal([5], seed=1, dtype=tf.float16),
                             lambda: tf.random.truncated_normal([3], seed=2, dtype=tf.float16))
    c["truncated_large"] = seq(3, lambda: tf.random.truncated_normal([1000], seed=5))
    c["seed_zero_pair"] = seq(0, lambda: tf.random.uniform([3], seed=0))
    ones = np.ones((3, 10), np.float32)
    c["dropout_seeded"] = seq(0, lambda: tf.nn.dropout(ones, rate=0.5, seed=1),
                              lambda: tf.nn.dropout(ones, 0.8, seed=1),
                              lambda: tf.nn.dropout(ones, rate=2 / 3, noise_shape=[1, 10], seed=1),
                              lambda: tf.nn.dropout(ones, 0.0), lambda: tf.nn.dropout(ones, 0.3))
    img = np.arange(8).reshape(2, 2, 2, 1)
    c["random_flips"] = seq(None, lambda: tf.image.random_flip_left_right(img[0], 5),
                            lambda: tf.image.random_flip_left_right(img, 6),
                            lambda: tf.image.random_flip_up_down(img[0], 3),
                            lambda: tf.image.random_flip_up_down(img, 4))

    def generator():
        out = []
        for seed in (1234, 7, 2**63 + 11):
            g = tf.random.Generator.from_seed(seed)
            out += [g.normal([2, 3]), g.uniform([5]), g.uniform([4], minval=3, maxval=90, dtype=tf.int32),
                    g.uniform([3], maxval=2**35, dtype=tf.int64), g.truncated_normal([6]),
                    g.uniform_full_int([3], dtype=tf.int64), g.uniform_full_int([3], dtype=tf.int32),
                    g.make_seeds(2), g.normal([3], dtype=tf.float64), g.state]
        g = tf.random.Generator.from_key_counter(5, [2**40, 3], "philox")
        out += [g.normal([4]), g.state]
        g = tf.random.Generator.from_seed(7)
        out += [tf.nn.experimental.general_dropout(np.ones(5, np.float32), 0.5, g.uniform),
                tf.nn.experimental.stateless_dropout(np.ones(5, np.float32), 0.5, g.make_seeds(1)[:, 0])]
        return out
    c["generator"] = generator
    c["stateless_truncated"] = lambda: [tf.random.stateless_truncated_normal([9], seed=[1, 2]),
                                        tf.random.stateless_truncated_normal([3, 2], seed=[7, -3], dtype=tf.float64),
                                        tf.random.stateless_truncated_normal([4], seed=[0, 0], mean=1.0, stddev=0.5)]


def _cases(tf, keras):
    c = {}
    _random_cases(tf, c)
    return c


def _arrays(value):
    """A result as a list of numpy arrays (ragged: flat values and row splits; sparse: its three parts)."""
    if isinstance(value, (tuple, list)):
        return [a for v in value for a in _arrays(v)]
    if hasattr(value, "flat_values") and hasattr(value, "nested_row_splits"):
        return [_arrays(value.flat_values)[0]] + [np.asarray(s).astype(np.int64) for s in value.nested_row_splits]
    if all(hasattr(value, a) for a in ("indices", "values", "dense_shape")):
        return [a for part in (value.indices, value.values, value.dense_shape) for a in _arrays(part)]
    if "bfloat16" in str(getattr(value, "dtype", "")) and hasattr(value, "float"):  # a torch tensor
        value = value.float()
    if hasattr(value, "numpy"):
        value = value.numpy()
    arr = np.asarray(value)
    if arr.dtype == object:  # strings
        arr = np.array([v.decode() if isinstance(v, bytes) else v for v in arr.reshape(-1)]).reshape(arr.shape)
    if str(arr.dtype) == "bfloat16":
        arr = arr.astype(np.float32)
    return [arr]


def run(tf, keras):
    out = {}
    for name, fn in _cases(tf, keras).items():
        try:
            value = fn()
        except Exception as e:  # recorded: both sides must raise the same class
            out[name] = type(e).__name__
            continue
        for i, v in enumerate(_arrays(value)):
            out[f"{name}#{i}"] = v
    return out
