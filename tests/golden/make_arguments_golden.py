"""Write `tests/golden/arguments.json`: values real TF 2.21 / Keras 3.15 gives for arguments issue 12 found dropped.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_arguments_golden.py

Each case is a small, fully seeded-by-construction program (constant initializers, fixed data, no shuffle);
`tests/keras/arguments/` runs the same program on keraslike and compares. Keys are case names.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "arguments.json")

X = np.array([[0.5, -1.0], [1.0, 2.0], [-0.3, 0.8], [2.0, 0.1], [0.0, -0.7], [1.5, 1.5]], "float32")
Y = np.array([0, 1, 2, 1, 0, 2])
CLASS_WEIGHT = {0: 1.0, 1: 5.0, 2: 0.5}
Y_OPT = np.array([0, 1, 1, 2, 1])  # optimizer cases: uneven classes and an uneven kernel, so that no gradient
KERNEL_OPT = [[0.3, -0.2, 0.1], [0.05, 0.2, -0.4]]  # is exactly zero (Adam would amplify its rounding noise)


def _classifier(optimizer=None, kernel=None, **dense_kwargs):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(
        3, kernel_initializer=keras.initializers.Constant(0.1), bias_initializer="zeros", **dense_kwargs)])
    model.compile(optimizer=optimizer or keras.optimizers.SGD(0.1),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    if kernel is not None:
        model.layers[0].set_weights([np.asarray(kernel, "float32"), np.zeros(3, "float32")])
    return model


def _fit_record(model, **kwargs):
    history = model.fit(epochs=2, verbose=0, shuffle=False, **kwargs)
    return {"loss": history.history["loss"], "weights": [w.tolist() for w in model.get_weights()]}


def class_weight_cases():
    class Batches(keras.utils.PyDataset):
        def __len__(self):
            return 2

        def __getitem__(self, i):
            return X[i * 4:(i + 1) * 4], Y[i * 4:(i + 1) * 4]

    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    return {
        "class_weight/arrays": _fit_record(_classifier(), x=X, y=Y, batch_size=4, class_weight=CLASS_WEIGHT),
        "class_weight/dataset": _fit_record(_classifier(), x=dataset, class_weight=CLASS_WEIGHT),
        "class_weight/py_dataset": _fit_record(_classifier(), x=Batches(), class_weight=CLASS_WEIGHT),
        "class_weight/missing_class": _fit_record(_classifier(), x=X, y=Y, batch_size=6, class_weight={1: 5.0}),
    }


def activity_layers(keras_module):
    """`name -> (layer, input)` for the activity-regularizer cases (shared with the keraslike test)."""
    L, c = keras_module.layers, keras_module.initializers.Constant
    reg = keras_module.regularizers.L2(0.1)
    rng = np.random.RandomState(0)
    img = rng.uniform(-1, 1, (3, 5, 5, 2)).astype("float32")
    seq = rng.uniform(-1, 1, (3, 4, 2)).astype("float32")
    return {
        "dense": (L.Dense(3, kernel_initializer=c(0.1), activity_regularizer=reg), X),
        "conv1d": (L.Conv1D(2, 2, kernel_initializer=c(0.2), activity_regularizer=reg), seq),
        "conv2d": (L.Conv2D(2, 3, kernel_initializer=c(0.2), activity_regularizer=reg), img),
        "depthwise_conv2d": (L.DepthwiseConv2D(3, depthwise_initializer=c(0.3), activity_regularizer=reg), img),
        "separable_conv2d": (L.SeparableConv2D(2, 3, depthwise_initializer=c(0.3), pointwise_initializer=c(0.4),
                                               activity_regularizer=reg), img),
        "layer": (L.Activation("relu", activity_regularizer=keras_module.regularizers.L1(0.5)), X),
    }


def activity_cases():
    out = {}
    for name, (layer, x) in activity_layers(keras).items():
        layer(x)
        out[f"activity/{name}"] = [float(v) for v in layer.losses]
    mha = keras.layers.MultiHeadAttention(2, 2, kernel_initializer=keras.initializers.Constant(0.1),
                                          activity_regularizer=keras.regularizers.L2(0.1))
    seq = np.random.RandomState(1).uniform(-1, 1, (3, 4, 2)).astype("float32")
    mha(seq, seq)
    out["activity/multi_head_attention"] = [float(v) for v in mha.losses]
    model = _classifier(activity_regularizer=keras.regularizers.L2(0.1))
    out["activity/fit"] = _fit_record(model, x=X, y=Y, batch_size=4)
    return out


OPTIMIZER_CASES = {  # name -> (optimizer class name, kwargs); fit 2 epochs, batch 4, on X/Y
    "sgd_ema": ("SGD", {"learning_rate": 0.1, "use_ema": True, "ema_momentum": 0.9}),
    "adam_ema_overwrite": ("Adam", {"learning_rate": 0.05, "use_ema": True, "ema_momentum": 0.5,
                                    "ema_overwrite_frequency": 3}),
    "sgd_accumulate": ("SGD", {"learning_rate": 0.1, "momentum": 0.9, "gradient_accumulation_steps": 2}),
    "adam_accumulate": ("Adam", {"learning_rate": 0.05, "gradient_accumulation_steps": 3}),
    "sgd_loss_scale": ("SGD", {"learning_rate": 0.1, "loss_scale_factor": 128.0, "clipnorm": 0.5}),
}


def optimizer_cases():
    out = {}
    for name, (cls, kwargs) in OPTIMIZER_CASES.items():
        model = _classifier(getattr(keras.optimizers, cls)(**kwargs), kernel=KERNEL_OPT)
        record = _fit_record(model, x=X[:5], y=Y_OPT, batch_size=2)
        record["iterations"] = int(model.optimizer.iterations.numpy())
        out[f"optimizer/{name}"] = record
    model = _classifier(keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.9), kernel=KERNEL_OPT)
    history = model.fit(X, Y, batch_size=2, epochs=2, verbose=0, shuffle=False, validation_data=(X, Y),
                        callbacks=[keras.callbacks.SwapEMAWeights()])
    out["optimizer/swap_ema_weights"] = {"val_loss": history.history["val_loss"], "loss": history.history["loss"],
                                         "weights": [w.tolist() for w in model.get_weights()]}
    return out


def renorm_batches():
    rng = np.random.RandomState(2)
    return [(rng.normal(1.0 + i, 2.0, (8, 3)).astype("float32")) for i in range(3)]


RENORM_KWARGS = {"renorm": True, "renorm_clipping": {"rmax": 1.5, "rmin": 0.5, "dmax": 0.3}, "momentum": 0.5,
                 "renorm_momentum": 0.6}


def renorm_cases():
    layer = keras.layers.BatchNormalization(**RENORM_KWARGS)
    upstream = np.arange(24, dtype="float32").reshape(8, 3) / 10.0
    outputs, grads = [], []
    for x in renorm_batches():
        with tf.GradientTape() as tape:
            y = layer(x, training=True)
            loss = tf.reduce_sum(y * upstream)
        grads.append([g.numpy().tolist() for g in tape.gradient(loss, [layer.gamma, layer.beta])])
        outputs.append(y.numpy().tolist())
    return {"renorm": {"outputs": outputs, "grads": grads, "weights": [w.tolist() for w in layer.get_weights()],
                       "names": [w.name for w in layer.weights],
                       "inference": layer(renorm_batches()[0], training=False).numpy().tolist()}}


CASES = [class_weight_cases, activity_cases, optimizer_cases, renorm_cases]


def main():
    golden = {}
    for make in CASES:
        golden.update(make())
    with open(OUT + ".tmp", "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    os.replace(OUT + ".tmp", OUT)
    print(f"wrote {len(golden)} cases to {OUT}")


if __name__ == "__main__":
    main()
