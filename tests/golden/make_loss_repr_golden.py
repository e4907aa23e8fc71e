"""Writes tests/golden/loss_reprs.json (loss_repr_cases.py under Keras 3):

    /work/tfvenv/bin/python tests/golden/make_loss_repr_golden.py
"""

import json
import os
import sys

import keras

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import loss_repr_cases  # noqa: E402

with open(os.path.join(HERE, "loss_reprs.json"), "w") as f:
    json.dump(loss_repr_cases.reprs(keras), f, indent=1)
