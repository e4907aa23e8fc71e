"""Write goldens for the deterministic cases of Keras 3.15's newer augmentation layers.

Run under real TensorFlow 2.21 / Keras 3.15 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_augmentation_golden.py

It writes `tests/golden/augmentation.npz`: for each case NAME, `NAME/x` (the input), `NAME/y`
(Keras's output) and `NAME/spec` (JSON: class, kwargs, call kwargs). Cases are deterministic:
Equalization and CLAHE always are; RandomSharpness with a `factor` range of zero width draws a constant.
`tests/keras/layers/test_augmentation_layers.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "augmentation.npz")


def cases(rng):
    batch = rng.uniform(0, 255, (3, 7, 9, 3)).astype("float32")
    skewed = (rng.beta(2.0, 6.0, (2, 8, 8, 3)) * 255).astype("float32")
    unit = rng.uniform(0, 1, (2, 6, 6, 3)).astype("float32")
    flat = np.full((1, 4, 4, 3), 77.0, "float32")
    return {
        "equalization_batch": ("Equalization", {}, batch),
        "equalization_skewed": ("Equalization", {}, skewed),
        "equalization_unit_range_64_bins": ("Equalization", {"value_range": (0, 1), "bins": 64}, unit),
        "equalization_single_image": ("Equalization", {}, skewed[0]),
        "equalization_flat_channel": ("Equalization", {}, flat),
        "equalization_channels_first": ("Equalization", {"data_format": "channels_first"},
                                        np.transpose(skewed, (0, 3, 1, 2)).copy()),
        "sharpness_blur": ("RandomSharpness", {"factor": (0.0, 0.0)}, batch),
        "sharpness_sharpen": ("RandomSharpness", {"factor": (0.9, 0.9)}, skewed),
        "sharpness_unit_range": ("RandomSharpness", {"factor": (0.3, 0.3), "value_range": (0, 1)}, unit),
        "sharpness_channels_first": ("RandomSharpness", {"factor": (0.8, 0.8), "data_format": "channels_first"},
                                     np.transpose(batch, (0, 3, 1, 2)).copy()),
        "clahe_float_uneven_tiles": ("ContrastLimitedAdaptiveHistogramEqualization", {"tile_grid_size": (3, 4)},
                                     batch),
        "clahe_skewed_default": ("ContrastLimitedAdaptiveHistogramEqualization", {}, np.repeat(skewed, 2, axis=1)),
        "clahe_no_clip_unit_range": ("ContrastLimitedAdaptiveHistogramEqualization",
                                     {"clip_limit": 0.0, "tile_grid_size": (2, 2), "value_range": (0, 1)}, unit),
        "clahe_uint8": ("ContrastLimitedAdaptiveHistogramEqualization", {"tile_grid_size": (2, 3), "clip_limit": 2.0},
                        np.round(batch).astype("uint8")),
        "clahe_channels_first": ("ContrastLimitedAdaptiveHistogramEqualization",
                                 {"tile_grid_size": (2, 2), "data_format": "channels_first"},
                                 np.transpose(skewed, (0, 3, 1, 2)).copy()),
    }


def main():
    rng = np.random.RandomState(20261201)
    arrays = {}
    for name, (cls, kwargs, x) in cases(rng).items():
        layer = getattr(keras.layers, cls)(**kwargs)
        y = np.asarray(layer(x, training=True))
        arrays[f"{name}/x"] = x
        arrays[f"{name}/y"] = y if y.dtype == np.uint8 else y.astype("float32")
        arrays[f"{name}/spec"] = np.array(json.dumps({"class": cls, "kwargs": kwargs}))
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {len(arrays) // 3} cases to {OUT} (keras {keras.__version__})")


if __name__ == "__main__":
    main()
