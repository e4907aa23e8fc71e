"""Functional models whose `layers` list (and what follows from it) is compared with real Keras.

Shared by `make_functional_layers_golden.py` (under real TF 2.21: Keras 3, and tf_keras with
`TF_USE_LEGACY_KERAS=1`) and `tests/keras/test_functional_layers.py` (under keraslike). `tf` is the module
(`tensorflow` or `keraslike`); `legacy` says whether tf_keras semantics are in force. Keras 3 graphs use
`keras.ops`; tf_keras has no `keras.ops`, so its graph uses the `tf.*` ops that make `TFOpLambda` layers.
"""

def _mlp(tf):
    x = tf.keras.Input((4,), name="x")
    h = tf.keras.layers.Dense(8, activation="relu", name="hidden")(x)
    return tf.keras.Model(x, tf.keras.layers.Dense(2, name="head")(h))


def _two_inputs(tf):
    a, b = tf.keras.Input((4,), name="a"), tf.keras.Input((3,), name="b")
    h = tf.keras.layers.Concatenate(name="cat")([tf.keras.layers.Dense(2, name="da")(a), b])
    return tf.keras.Model([a, b], tf.keras.layers.Dense(1, name="out")(h))


def _with_ops(tf, legacy):
    x = tf.keras.Input((4,), name="x")
    h = tf.keras.layers.Dense(3, name="d1")(x)
    if legacy:
        h = tf.add(tf.multiply(tf.nn.relu(h), 2.0), 1.0)
    else:
        ops = tf.keras.ops
        h = ops.add(ops.multiply(ops.relu(h), 2.0), 1.0)
    return tf.keras.Model(x, tf.keras.layers.Dense(1, name="d2")(h))


def _nested(tf):
    ix = tf.keras.Input((4,), name="inner_x")
    inner = tf.keras.Model(ix, tf.keras.layers.Dense(3, name="inner_dense")(ix), name="inner")
    x = tf.keras.Input((4,), name="outer_x")
    h = tf.keras.layers.Dense(4, name="pre")(x)
    return tf.keras.Model(x, tf.keras.layers.Dense(1, name="post")(inner(h)), name="outer")


def _unused_input(tf):
    a, b = tf.keras.Input((4,), name="used"), tf.keras.Input((2,), name="unused")
    return tf.keras.Model([a, b], tf.keras.layers.Dense(1, name="only")(a))


def _sequential(tf):
    return tf.keras.Sequential([tf.keras.Input((4,), name="seq_in"), tf.keras.layers.Dense(2, name="s1"),
                                tf.keras.layers.Dense(1, name="s2")], name="seq")


def checkpoint_keys(tf, prefix):
    """The Keras 3 `_operations/<i>` keys of a two-input model with a `keras.ops` node, written by
    `tf.train.Checkpoint` (i counts Keras 3's `model.operations`: input layers interleaved, ops included)."""
    tf.keras.backend.clear_session()
    a, b = tf.keras.Input((4,), name="a"), tf.keras.Input((3,), name="b")
    h = tf.keras.layers.Concatenate(name="cat")([tf.keras.layers.Dense(2, name="da")(a), b])
    model = tf.keras.Model([a, b], tf.keras.layers.Dense(1, name="out")(tf.keras.ops.relu(h)))
    path = tf.train.Checkpoint(model=model).write(prefix)
    keys = sorted(name for name, _ in tf.train.list_variables(path) if name.startswith("model/_operations/"))
    return {"keys": keys, "operations": [op.name for op in model.operations]}


def describe(model):
    """What a user reads off `model.layers` and friends."""
    layers = model.layers
    return {"names": [layer.name for layer in layers], "classes": [type(layer).__name__ for layer in layers],
            "index_0": model.get_layer(index=0).name, "index_last": model.get_layer(index=len(layers) - 1).name,
            "weight_shapes": [[list(w.shape) for w in layer.weights] for layer in layers],
            "flatten": [layer.name for layer in model._flatten_layers(include_self=False)]}


def summary(model):
    lines = []
    model.summary(line_length=76, print_fn=lambda text, **kwargs: lines.append(text))
    return "\n".join(lines)


def run_all(tf, legacy=False):
    """{case: describe(model)} (and Keras 3's summary texts), each case from a fresh session."""
    out = {}
    for name, build in [("mlp", _mlp), ("two_inputs", _two_inputs), ("with_ops", lambda tf: _with_ops(tf, legacy)),
                        ("nested", _nested), ("unused_input", _unused_input), ("sequential", _sequential)]:
        tf.keras.backend.clear_session()
        model = build(tf)
        out[name] = describe(model)
        if not legacy and name in ("mlp", "two_inputs", "with_ops", "nested"):
            out[name]["summary"] = summary(model)
            out[name]["operations"] = [op.name for op in model.operations]
    return out

