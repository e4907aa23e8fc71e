"""Write the distributions of RandomFlip's and RandomContrast's draws under real Keras 3.15 and tf_keras.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_augmentation_draws_golden.py

It writes `tests/golden/augmentation_draws.json`, for `"keras3"` (TF 2.21's `tf.keras`) and `"keras2"` (tf_keras,
what `TF_USE_LEGACY_KERAS=1` selects):
- `flip`: the fraction of `RandomFlip("horizontal_and_vertical")` outputs that are the input, its left-right
  flip, its up-down flip and both, over `FLIPS` copies of one 2x2 image;
- `contrast`: for each factor in `CONTRAST_FACTORS`, over `CONTRAST_CALLS` calls on batches of `CONTRAST_BATCH`
  images, the smallest and largest contrast factor applied (recovered from the output: no pixel is clipped) and
  the largest spread (max - min) of the factors within one batch (0 to float error: one factor per batch), or
  the error's class when the layer refuses the factor.
`tests/keras/layers/test_augmentation_draws.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tf_keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "augmentation_draws.json")
FLIPS = 4000
CONTRAST_CALLS = 300
CONTRAST_BATCH = 8
CONTRAST_FACTORS = [0.5, 1.0, [0.2, 0.5], [0.5, 0.2], [-0.3, 0.4], -0.1, 1.5, [1.2, 1.5], [0.2, -0.1]]


def flip_fractions(layers):
    image = np.arange(4, dtype="float32").reshape(1, 2, 2, 1)
    out = np.asarray(layers.RandomFlip("horizontal_and_vertical")(np.repeat(image, FLIPS, 0), training=True))
    views = {"none": image[0], "left_right": image[0, :, ::-1], "up_down": image[0, ::-1], "both": image[0, ::-1, ::-1]}
    return {name: float(np.mean(np.all(out == view, axis=(1, 2, 3)))) for name, view in views.items()}


def contrast_draws(layers, factor):
    x = np.random.RandomState(0).uniform(100, 150, (CONTRAST_BATCH, 6, 6, 3)).astype("float32")
    try:
        layer = layers.RandomContrast(tuple(factor) if isinstance(factor, list) else factor)
    except ValueError as error:
        return {"error": type(error).__name__}
    mean = x.mean(axis=(1, 2), keepdims=True)
    applied = np.stack([((np.asarray(layer(x, training=True)) - mean) * (x - mean)).sum((1, 2, 3))
                        / ((x - mean) ** 2).sum((1, 2, 3)) for _ in range(CONTRAST_CALLS)])
    return {"min": float(applied.min()), "max": float(applied.max()),
            "batch_spread": float(max(a.max() - a.min() for a in applied))}


def main():
    golden = {"flips": FLIPS, "contrast_calls": CONTRAST_CALLS, "contrast_batch": CONTRAST_BATCH,
              "contrast_factors": CONTRAST_FACTORS}
    for name, layers in (("keras3", keras.layers), ("keras2", tf_keras.layers)):
        golden[name] = {"flip": flip_fractions(layers),
                        "contrast": [contrast_draws(layers, f) for f in CONTRAST_FACTORS]}
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
