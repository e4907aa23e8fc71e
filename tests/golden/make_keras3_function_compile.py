"""A Keras 3 `.keras` file compiled with loss and metric *functions*, and what evaluating it gives.

Keras 3.15 writes such a compile config as `{"module": "builtins", "class_name": "function",
"config": "mean_squared_error", "registered_name": "function"}` per function; loading it in keraslike failed
("Could not interpret activation identifier: 'mean_squared_error'").

Run under real TensorFlow 2.21 / Keras 3.15, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_keras3_function_compile.py

It writes `tests/golden/keras3_files/function_compile.keras` and `function_compile.json`;
`tests/keras/saving/test_keras3_function_compile.py` reads them.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras3_files")


def main():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones",
                                                                     bias_initializer="zeros")])
    model.compile(optimizer="sgd", loss=keras.losses.mean_squared_error,
                  metrics=[keras.metrics.mean_absolute_error, keras.metrics.binary_accuracy,
                           keras.metrics.categorical_crossentropy])
    model.save(os.path.join(DIR, "function_compile.keras"))
    x = np.array([[0.1, 0.2, 0.3], [0.3, -0.2, 0.1], [0.0, 0.5, -0.25], [0.2, 0.2, 0.2]], "float32")
    y = np.array([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5], [1.0, 1.0]], "float32")
    loaded = keras.models.load_model(os.path.join(DIR, "function_compile.keras"))
    result = {"x": x.tolist(), "y": y.tolist(),
              "evaluate": loaded.evaluate(x, y, verbose=0, return_dict=True),
              "metrics_names": [m.name for m in loaded.metrics]}
    with open(os.path.join(DIR, "function_compile.json"), "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    print(result)


if __name__ == "__main__":
    main()
