"""Golden for tests/keras/test_symbolic_activations.py (cases: symbolic_activation_cases.py): `keras.activations.*`
called on a functional model's KerasTensor (keras-io's memory-efficient-embeddings recipe:
`keras.activations.sigmoid(logits) * 5`).

Run under real TF 2.21: `/work/tfvenv/bin/python tests/golden/make_symbolic_activations.py` writes
symbolic_activations.json next to this file.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import symbolic_activation_cases as cases_module  # noqa: E402

import numpy as np  # noqa: E402
from tensorflow import keras  # noqa: E402


def main():
    out = {}
    for name, build in cases_module.cases(keras).items():
        inputs = cases_module.input_for(keras, name)
        try:
            model = keras.Model(inputs, build(inputs))
        except ValueError as error:  # TF refuses the KerasTensor (the activation converts it to a tf.Tensor)
            out[name] = {"error": str(error).splitlines()[0]}
            continue
        out[name] = {
            "shape": list(model.output.shape),
            "operations": [type(op).__name__ for op in model.operations[1:]],
            "values": np.asarray(model(cases_module.data_for(name))).round(6).tolist(),
        }
    with open(os.path.join(HERE, "symbolic_activations.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
