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


def _classifier(optimizer=None, **dense_kwargs):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(
        3, kernel_initializer=keras.initializers.Constant(0.1), bias_initializer="zeros", **dense_kwargs)])
    model.compile(optimizer=optimizer or keras.optimizers.SGD(0.1),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
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


CASES = [class_weight_cases]


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
