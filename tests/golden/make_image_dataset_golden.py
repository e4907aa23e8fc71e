"""Write `tests/golden/image_dataset.npz`: real Keras 3.15 `image_dataset_from_directory` batches.

Run under real TensorFlow 2.21 / Keras 3.15, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_image_dataset_golden.py

`build_directory(root)` writes a small deterministic directory of PNGs (3 classes, unequal counts,
odd sizes, one nested folder, one non-image file); the test rebuilds it with the same function.
"""

import json
import os
import sys
import tempfile

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "image_dataset.npz")
CASES = {
    "rgb": dict(image_size=(20, 24), batch_size=4, shuffle=False),
    "gray_nearest_cat": dict(image_size=(9, 9), batch_size=5, shuffle=False, color_mode="grayscale",
                             interpolation="nearest", label_mode="categorical"),
    "crop_binary_classes": dict(image_size=(16, 16), batch_size=3, shuffle=False, crop_to_aspect_ratio=True,
                                class_names=["cats", "dogs"], label_mode="binary"),
    "val_split": dict(image_size=(8, 8), batch_size=4, shuffle=False, validation_split=0.25, subset="both", seed=3),
}


def _write_png(path, pixels):
    try:
        from PIL import Image
    except ImportError:  # the TF venv has no Pillow: TF writes the same pixels
        import tensorflow as tf

        with open(path, "wb") as f:
            f.write(tf.io.encode_png(pixels).numpy())
        return
    Image.fromarray(pixels).save(path)


def build_directory(root):
    """Deterministic PNGs: class `c`, image `i` has pixels from a fixed RandomState."""
    rng = np.random.RandomState(7)
    sizes = {"cats": [(30, 40), (33, 27), (40, 40), (25, 31)], "dogs": [(28, 36), (31, 31), (45, 20)],
             "zebras": [(26, 26), (35, 29)]}
    for name, shapes in sizes.items():
        os.makedirs(os.path.join(root, name, "nested"), exist_ok=True)
        for i, (h, w) in enumerate(shapes):
            pixels = rng.randint(0, 256, size=(h, w, 3)).astype("uint8")
            sub = "nested" if i == len(shapes) - 1 else ""
            _write_png(os.path.join(root, name, sub, f"img_{i}.png"), pixels)
        with open(os.path.join(root, name, "notes.txt"), "w") as f:
            f.write("not an image")


def main():
    import keras

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        full, two = os.path.join(tmp, "all"), os.path.join(tmp, "two")
        build_directory(full)
        os.makedirs(two)
        for c in ("cats", "dogs"):  # a directory with two of the classes, as symlinks
            os.symlink(os.path.join(full, c), os.path.join(two, c))
        for name, kwargs in CASES.items():
            kwargs = dict(kwargs)
            if "class_names" in kwargs:
                root = two
                kwargs["follow_links"] = True
            else:
                root = full
            result = keras.utils.image_dataset_from_directory(root, verbose=False, **kwargs)
            parts = result if isinstance(result, list) else [result]
            for p, ds in enumerate(parts):
                out[f"{name}/{p}/class_names"] = np.array(json.dumps(ds.class_names))
                out[f"{name}/{p}/files"] = np.array(json.dumps([os.path.relpath(f, root) for f in ds.file_paths]))
                for b, (x, y) in enumerate(ds):
                    out[f"{name}/{p}/x{b}"] = np.asarray(x)
                    out[f"{name}/{p}/y{b}"] = np.asarray(y)
    np.savez_compressed(OUT, **out)
    print(f"wrote {len(out)} arrays")


if __name__ == "__main__":
    sys.exit(main())
