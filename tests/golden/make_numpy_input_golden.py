"""Writes tests/golden/numpy_inputs.json under real TF 2.21: tensors and datasets made from a numpy array keep
their values when the caller changes the array afterwards (TF copies its numpy inputs); a dataset made from a
variable keeps the value the variable had then.

    /work/tfvenv/bin/python tests/golden/make_numpy_input_golden.py
"""

import json
import os

import keras
import numpy as np
import tensorflow as tf

CASES = {
    "tf.constant": lambda x: tf.constant(x),
    "tf.convert_to_tensor": lambda x: tf.convert_to_tensor(x),
    "tf.reshape": lambda x: tf.reshape(x, [-1]),
    "tf.identity": lambda x: tf.identity(x),
    "keras.ops.convert_to_tensor": lambda x: keras.ops.convert_to_tensor(x),
    "keras.ops.reshape": lambda x: keras.ops.reshape(x, (-1,)),
    "Dataset.from_tensor_slices": lambda x: tf.data.Dataset.from_tensor_slices(x),
    "Dataset.from_tensors": lambda x: tf.data.Dataset.from_tensors(x),
}


def values(result):
    if isinstance(result, tf.data.Dataset):
        return [np.asarray(e).tolist() for e in result.as_numpy_iterator()]
    return np.asarray(result).tolist()


out = {}
for name, make in CASES.items():
    x = np.arange(6, dtype="float32").reshape(3, 2)
    result = make(x)
    x[...] = -1.0
    out[name] = values(result)

buffer = np.zeros(2, "float32")


def generate():
    for i in range(3):
        buffer[:] = i
        yield buffer


ds = tf.data.Dataset.from_generator(generate, output_signature=tf.TensorSpec((2,), tf.float32))
out["Dataset.from_generator (reused buffer), list(ds)"] = [e.numpy().tolist() for e in list(ds)]
variable = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
from_variable = [tf.data.Dataset.from_tensor_slices(variable), tf.data.Dataset.from_tensors(variable)]
variable.assign_add(tf.ones((2, 2)) * 10.0)
out["Dataset from a variable, later assigned"] = [values(d) for d in from_variable]
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "numpy_inputs.json"), "w") as f:
    json.dump(out, f, indent=1)
print(json.dumps(out))
