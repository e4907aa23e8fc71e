"""Writes tests/golden/artefact_sweep/ under real TF 2.21: trained artefacts that keraslike loaded wrongly.

    /work/tfvenv/bin/python tests/golden/make_artefact_sweep.py             # Keras 3 files
    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_artefact_sweep.py   # Keras 2 files

Keras 3 (`k3_*`):
- `k3_mha_rmsprop`: `tf.train.Checkpoint(model=, optimizer=).write` of a functional MultiHeadAttention model
  trained 2 steps with RMSprop (momentum 0: Keras 3 saves an empty `_momentums` list);
Keras 2 (`k2_*`, tf_keras):
- `k2_depthwise`: `save_weights(prefix)` (TF format) of SeparableConv2D + DepthwiseConv2D + DepthwiseConv1D
  (tf_keras names the depthwise kernel `depthwise_kernel`), trained 2 steps with Adam;
- `k2_hard_sigmoid.h5`: `model.save` of ConvLSTM2D (default recurrent activation: Keras 2's hard_sigmoid)
  and LSTM(recurrent_activation="hard_sigmoid");
- `k2_nested.h5`: a functional and a Sequential model, both built from an Input, each called twice inside
  another model (Keras 2 numbers their calls from 1: node 0 is their construction), and its `summary()`;
- `bn_moving_variance`: BatchNormalization's moving variance after one training call (tf_keras's fused kernel,
  used for rank 4/5 inputs over the first or last axis, moves towards the unbiased batch variance);
- `k3_preproc.keras`: an adapted Normalization and a one-hot Discretization of a `(None, 1)` tensor
  concatenated (`discretization_shapes`: its symbolic output shapes, both Kerases);
- `weight_names`: the weight names (Keras 3: `path`) of a subclassed model, of layers that build or call a
  sublayer, of Bidirectional/TimeDistributed/ConvLSTM1D (each Keras scopes them by the outer layers' names);
- `k2_expected.json`/`k3_expected.json`: inputs, predictions, weights after one more train step on the restored
  model, `weights` names, `summary()` of the Sequential models as built, `hard_sigmoid` values.
"""

import contextlib
import io
import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from artefact_sweep_cases import weight_name_models  # noqa: E402

keras = tf.keras
LEGACY = os.environ.get("TF_USE_LEGACY_KERAS") == "1"
TAG = "k2" if LEGACY else "k3"
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artefact_sweep")
os.makedirs(HERE, exist_ok=True)
L = keras.layers


def values(seed, model):
    """Non-default weights (positive moving variances)."""
    r = np.random.default_rng(seed)
    model.set_weights([r.uniform(-0.5, 0.5, size=tuple(w.shape)).astype("float32") for w in model.weights])


def summary(model):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        model.summary()
    return buf.getvalue()


def trained(model, x, y, optimizer):
    values(1, model)
    model.compile(optimizer=optimizer, loss="mse")
    model.train_on_batch(x, y)
    model.train_on_batch(x, y * 0.5)
    return model


def record(out, name, model, x, y):
    out[name] = {"pred": model.predict(x, verbose=0).tolist(),
                 "names": [w.name if LEGACY else w.path for w in model.weights]}


def next_weights(model, x, y):
    model.train_on_batch(x, y * 2.0)
    return [w.tolist() for w in model.get_weights()]


rng = np.random.default_rng(3)
out = {}
if not LEGACY:
    def mha_model():
        i = keras.Input((4, 6), name="x")
        a = L.MultiHeadAttention(num_heads=2, key_dim=3, name="mha")(i, i)
        o = L.Dense(2, name="d")(L.GlobalAveragePooling1D(name="g")(L.Add(name="add")([i, a])))
        return keras.Model(i, o, name="mha_model")
    x = rng.normal(size=(2, 4, 6)).astype("float32")
    y = rng.normal(size=(2, 2)).astype("float32")
    m = trained(mha_model(), x, y, keras.optimizers.RMSprop(0.01))
    tf.train.Checkpoint(model=m, optimizer=m.optimizer).write(os.path.join(HERE, "k3_mha_rmsprop"))
    record(out, "mha_rmsprop", m, x, y)
    out["mha_rmsprop"].update(x=x.tolist(), y=y.tolist(), iterations=int(m.optimizer.iterations))
    fresh = mha_model()  # what TF restores from the file
    fresh.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="mse")
    tf.train.Checkpoint(model=fresh, optimizer=fresh.optimizer).read(
        os.path.join(HERE, "k3_mha_rmsprop")).expect_partial()
    out["mha_rmsprop"]["restored_pred"] = fresh.predict(x, verbose=0).tolist()
    out["mha_rmsprop"]["next"] = next_weights(fresh, x, y)
else:
    def depthwise_model():
        return keras.Sequential([keras.Input((6, 6, 3)), L.SeparableConv2D(4, 3, depth_multiplier=2, name="s"),
                                 L.DepthwiseConv2D(2, depth_multiplier=2, name="dw"), L.Reshape((9, 8), name="r"),
                                 L.DepthwiseConv1D(2, name="dw1"), L.Flatten(name="f"), L.Dense(2, name="d")],
                                name="depthwise")
    x = rng.normal(size=(2, 6, 6, 3)).astype("float32")
    y = rng.normal(size=(2, 2)).astype("float32")
    m = trained(depthwise_model(), x, y, keras.optimizers.Adam(0.01))
    m.save_weights(os.path.join(HERE, "k2_depthwise"))
    os.remove(os.path.join(HERE, "checkpoint"))
    record(out, "depthwise", m, x, y)
    out["depthwise"].update(x=x.tolist(), y=y.tolist(), summary=summary(m))
    fresh = depthwise_model()
    fresh.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    fresh.load_weights(os.path.join(HERE, "k2_depthwise"))
    out["depthwise"]["next"] = next_weights(fresh, x, y)

    def hard_model():
        return keras.Sequential([keras.Input((3, 4, 4, 2)), L.ConvLSTM2D(2, 3, padding="same", name="cl",
                                                                          return_sequences=True),
                                 L.Reshape((3, 32), name="r"), L.LSTM(3, recurrent_activation="hard_sigmoid",
                                                                      name="l"),
                                 L.Dense(2, name="d")], name="hard")
    x = rng.normal(size=(2, 3, 4, 4, 2)).astype("float32")
    m = hard_model()
    values(2, m)
    m.save(os.path.join(HERE, "k2_hard_sigmoid.h5"))
    record(out, "hard_sigmoid", m, x, None)
    out["hard_sigmoid"].update(x=x.tolist(), summary=summary(m),
                               recurrent_activation=m.get_layer("cl").get_config()["recurrent_activation"])
    def nested_model():  # a functional and a Sequential model, each built from an Input and called twice
        ii = keras.Input((4,))
        inner = keras.Model(ii, L.Dense(3, name="i1")(ii), name="innerf")
        inner2 = keras.Sequential([keras.Input((4,)), L.Dense(3, name="j1")], name="inners")
        a, b = keras.Input((4,), name="a"), keras.Input((4,), name="b")
        h = L.Concatenate(name="cat")([inner(a), inner(b), inner2(a), inner2(b)])
        return keras.Model([a, b], L.Dense(2, name="d")(h), name="outer")
    m = nested_model()
    values(4, m)
    m.save(os.path.join(HERE, "k2_nested.h5"))
    xa, xb = rng.normal(size=(2, 4)).astype("float32"), rng.normal(size=(2, 4)).astype("float32")
    record(out, "nested", m, [xa, xb], None)
    out["nested"].update(xa=xa.tolist(), xb=xb.tolist(), summary=summary(m),
                         cat_inbound=m.get_config()["layers"][4]["inbound_nodes"])
    xb = rng.normal(size=(2, 3, 3, 2, 2)).astype("float32")  # moving variance after one training call
    out["bn_moving_variance"] = []
    for shape, kwargs in [((2, 6, 3, 2), {}), ((2, 6, 3, 2), {"axis": 1}), ((2, 6, 3, 2), {"fused": False}),
                          ((36, 2), {}), ((2, 18, 2), {}), ((2, 3, 3, 2, 2), {}), ((2, 3, 3, 2, 2), {"axis": 2})]:
        bn = L.BatchNormalization(momentum=0.5, **kwargs)
        bn(xb.reshape(shape), training=True)
        out["bn_moving_variance"].append({"shape": shape, "kwargs": kwargs,
                                          "moving_variance": np.asarray(bn.moving_variance).tolist()})
    out["bn_x"] = xb.tolist()


def weight_names(model):
    return [w.name if LEGACY else w.path for w in model.weights]


out["weight_names"] = {case: weight_names(model) for case, model in weight_name_models(keras).items()}
out["discretization_shapes"] = [list(L.Discretization(bin_boundaries=[-0.5, 0.0, 0.5], output_mode=mode)(
    keras.Input((1,))).shape) for mode in ("one_hot", "multi_hot", "count")]
if not LEGACY:
    xp = rng.normal(size=(6, 3)).astype("float32")
    norm = L.Normalization(name="norm")
    norm.adapt(xp)
    i = keras.Input((3,), name="x")
    one_hot = L.Discretization(bin_boundaries=[-0.5, 0.0, 0.5], output_mode="one_hot", name="disc")(
        L.Dense(1, name="pre")(i))
    m = keras.Model(i, L.Dense(2, name="d")(L.Concatenate(name="cat")([norm(i), one_hot])), name="preproc")
    m.save(os.path.join(HERE, "k3_preproc.keras"))
    out["preproc"] = {"x": xp.tolist(), "pred": m.predict(xp, verbose=0).tolist()}
out["hard_sigmoid_values"] = keras.activations.hard_sigmoid(tf.constant([-3.0, -1.0, 0.5, 2.0, 4.0])).numpy().tolist()
with open(os.path.join(HERE, f"{TAG}_expected.json"), "w") as f:
    json.dump(out, f)
