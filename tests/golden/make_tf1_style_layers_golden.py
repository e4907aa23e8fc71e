"""Writes tests/golden/tf1_style_layers.json under real TF 2.21 with Keras 2 (tf_keras), the model-mapping guide's
`track_tf1_style_variables` layers (tests/golden/tf1_style_layer_cases.py): variable names, output and
regularization losses with every variable set to fixed values.

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_tf1_style_layers_golden.py
"""

import json
import os
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import tf1_style_layer_cases as cases  # noqa: E402

out = {name: cases.run(tf, make(), x) for name, (make, x) in cases.build(tf).items()}
with open(os.path.join(HERE, "tf1_style_layers.json"), "w") as f:
    json.dump(out, f, indent=1)
for name, value in out.items():
    print(name, value["names"], value["losses"])
