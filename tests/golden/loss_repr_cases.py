"""Keras 3 loss objects whose repr TF's docstrings print (`<LossFunctionWrapper(<function ...>, kwargs=...)>`).
`reprs(keras)` runs under Keras 3 (make_loss_repr_golden.py) or keraslike (tests/keras/losses/test_loss_repr.py);
addresses are dropped. No TF import here."""

import re

NAMES = ["BinaryCrossentropy", "CategoricalCrossentropy", "MeanSquaredError", "Huber",
         "SparseCategoricalCrossentropy", "BinaryFocalCrossentropy", "CosineSimilarity", "LogCosh", "Hinge",
         "KLDivergence", "Poisson", "Tversky", "Dice", "CategoricalFocalCrossentropy", "MeanAbsoluteError",
         "SquaredHinge", "CategoricalHinge", "MeanAbsolutePercentageError", "MeanSquaredLogarithmicError"]


def reprs(keras):
    out = {name: repr(getattr(keras.losses, name)()) for name in NAMES}
    out["BinaryCrossentropy_from_logits"] = repr(keras.losses.BinaryCrossentropy(from_logits=True, axis=0))
    return {k: re.sub(r" at 0x[0-9a-fA-F]+", "", v) for k, v in out.items()}
