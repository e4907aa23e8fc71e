"""Golden for Keras 2's loss dict that names only some outputs (keras.io's training-with-built-in-methods guide:
`loss={"class_output": keras.losses.CategoricalCrossentropy()}` on a two-output model; the other output gets no
loss). Run under real TensorFlow 2.21 with tf_keras, from the repository root:

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_keras2_partial_loss_dict_golden.py

It writes `tests/golden/keras2_partial_loss_dict.npz`; `tests/keras/test_keras2_partial_loss_dict.py` reads it.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_USE_LEGACY_KERAS"] = "1"

import numpy as np  # noqa: E402
from tensorflow import keras  # noqa: E402
from tensorflow.keras import layers  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras2_partial_loss_dict.npz")


def main():
    rng = np.random.RandomState(0)
    inputs = keras.Input(shape=(6,), name="x")
    h = layers.Dense(4, activation="relu")(inputs)
    model = keras.Model(inputs, [layers.Dense(1, name="score_output")(h), layers.Dense(5, name="class_output")(h)])
    weights = [rng.normal(0, 0.5, w.shape).astype("float32") for w in model.get_weights()]
    model.set_weights(weights)
    model.compile(optimizer=keras.optimizers.SGD(0.1),
                  loss={"class_output": keras.losses.CategoricalCrossentropy(from_logits=True)})
    x = rng.uniform(0, 1, (16, 6)).astype("float32")
    score = rng.uniform(0, 1, (16, 1)).astype("float32")
    classes = np.eye(5, dtype="float32")[rng.randint(0, 5, 16)]
    ev = model.evaluate(x, {"score_output": score, "class_output": classes}, batch_size=8, return_dict=True,
                        verbose=0)
    hist = model.fit(x, [score, classes], batch_size=8, epochs=1, shuffle=False, verbose=0).history
    out = {f"w{i}": w for i, w in enumerate(weights)}
    out.update(x=x, score=score, classes=classes, eval_keys=np.array(sorted(ev)),
               eval_values=np.array([ev[k] for k in sorted(ev)]), fit_keys=np.array(sorted(hist)),
               fit_values=np.array([hist[k][0] for k in sorted(hist)]))
    np.savez_compressed(OUT, **out)
    print(f"wrote {OUT}: {ev} {hist}")


if __name__ == "__main__":
    main()
