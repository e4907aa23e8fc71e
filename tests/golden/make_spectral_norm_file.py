"""Write `tests/golden/keras3_files/spectral_norm.keras` and `spectral_norm.json`: a small model with
`SpectralNormalization` saved by real Keras 3 (the wrapper's own variables are `[kernel, vector_u]`), with its
outputs at inference and in a training call (which normalises the kernel and updates `vector_u`).

    /work/tfvenv/bin/python tests/golden/make_spectral_norm_file.py
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
X = (np.sin(np.arange(12, dtype="float64") * 0.9) * 0.7).reshape(3, 4).astype("float32")


def pattern(shape, i):
    size = int(np.prod(shape))
    return (np.sin(np.arange(size, dtype="float64") * 0.6 + i) * 0.8).reshape(shape).astype("float32")


def main():
    model = keras.Sequential([keras.Input((4,)), keras.layers.SpectralNormalization(keras.layers.Dense(3)),
                              keras.layers.Dense(2)])
    model.set_weights([pattern(w.shape, i) for i, w in enumerate(model.get_weights())])
    model.save(os.path.join(HERE, "keras3_files", "spectral_norm.keras"))
    facts = {"weights": [w.astype("float64").tolist() for w in model.get_weights()],
             "paths": [v.path for v in model.weights],
             "inference": np.asarray(model(X, training=False)).astype("float64").tolist()}
    facts["training"] = np.asarray(model(X, training=True)).astype("float64").tolist()
    facts["weights_after_training_call"] = [w.astype("float64").tolist() for w in model.get_weights()]
    with open(os.path.join(HERE, "spectral_norm.json"), "w") as f:
        json.dump({"x": X.astype("float64").tolist(), **facts}, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
