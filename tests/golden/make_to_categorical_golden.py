"""Write `tests/golden/to_categorical.json`: real `keras.utils.to_categorical` (Keras 3.15) and
`tf_keras.utils.to_categorical` (Keras 2, TF_USE_LEGACY_KERAS=1) on fixed labels: the returned type
(numpy array or tensor), its dtype and its values.

Run under real TensorFlow 2.21, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_to_categorical_golden.py

`tests/keras/utils/test_to_categorical.py` reads it. (Found by keras-io's conditional_gan, whose
train_step concatenates float32 noise with the one-hot labels: Keras 3 hands back float64 for numpy
labels, so that tf.concat raises on TF.)
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "to_categorical.json")
# name -> (labels, kind, num_classes, extra keyword arguments); kind "numpy" hands a list/array, "tensor" a tf tensor
CASES = {
    "list": ([0, 2, 1], "numpy", 3, {}),
    "column": ([[1], [0]], "numpy", 3, {}),
    "inferred": ([2, 0], "numpy", None, {}),
    "negative": ([-1, 0], "numpy", 3, {}),
    "tensor": ([0, 2], "tensor", 3, {}),
    "tensor_column": ([[1], [0]], "tensor", 3, {}),
    "tensor_out_of_range": ([-1, 3, 1], "tensor", 3, {}),
    "dtype_int32": ([1, 0], "numpy", 3, {"dtype": "int32"}),
}


def run(module, labels, kind, num_classes, kwargs):
    x = tf.constant(labels) if kind == "tensor" else labels
    try:
        out = module.utils.to_categorical(x, num_classes, **kwargs)
    except Exception as e:  # noqa: BLE001 - the golden records which exception
        return {"raises": type(e).__name__}
    return {"type": "numpy" if isinstance(out, np.ndarray) else "tensor",
            "dtype": np.dtype(out.dtype.as_numpy_dtype if hasattr(out.dtype, "as_numpy_dtype") else out.dtype).name,
            "value": np.asarray(out).tolist()}


def main():
    golden = {"cases": CASES}
    for keras_version, module in (("3", keras), ("2", tf_keras)):
        for name, (labels, kind, num_classes, kwargs) in CASES.items():
            golden[f"{keras_version}/{name}"] = run(module, labels, kind, num_classes, kwargs)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
