"""Write preprocessing_image.npz: real TF 2.21's `tf.keras.preprocessing.image` transforms on fixed images.

Run with real TensorFlow: `python tests/golden/make_preprocessing_image_golden.py`. Every case's inputs are
generated here from fixed numpy seeds and stored next to the outputs (`<case>/x`, `<case>/out`); the arguments
are in `cases` (JSON). tests/keras/preprocessing/test_legacy_image_golden.py replays them on keraslike.
"""

import json
import os
import tempfile

import numpy as np
import tensorflow as tf

image = tf.keras.preprocessing.image

AFFINE_CASES = [
    {"theta": 30.0, "row_axis": 0, "col_axis": 1, "channel_axis": 2},
    {"theta": -47.0, "zx": 0.8, "zy": 1.3, "fill_mode": "constant", "cval": 0.25, "row_axis": 0, "col_axis": 1,
     "channel_axis": 2},
    {"tx": 2.5, "ty": -3.25, "fill_mode": "reflect", "row_axis": 0, "col_axis": 1, "channel_axis": 2},
    {"shear": 20.0, "tx": 1.0, "fill_mode": "wrap", "row_axis": 0, "col_axis": 1, "channel_axis": 2},
    {"theta": 15.0, "tx": -1.5, "ty": 2.0, "shear": -10.0, "zx": 1.2, "zy": 0.9, "fill_mode": "nearest"},
    {"theta": 60.0, "fill_mode": "constant", "cval": -1.0, "order": 0, "row_axis": 0, "col_axis": 1,
     "channel_axis": 2},
    {"theta": 33.0, "zx": 0.7, "zy": 0.7, "fill_mode": "reflect", "row_axis": 1, "col_axis": 0, "channel_axis": 2},
    {"theta": 12.0, "shear": 5.0, "fill_mode": "wrap", "order": 0},
]
GENERATOR_CASES = [
    {"rotation_range": 40, "width_shift_range": 0.2, "height_shift_range": 0.2, "shear_range": 0.2,
     "zoom_range": 0.2, "horizontal_flip": True, "fill_mode": "nearest"},
    {"rotation_range": 20, "width_shift_range": 3, "height_shift_range": [-2, 0, 2], "zoom_range": [0.8, 1.1],
     "vertical_flip": True, "fill_mode": "constant", "cval": 0.5, "channel_shift_range": 0.3, "rescale": 0.5},
    {"samplewise_center": True, "samplewise_std_normalization": True, "horizontal_flip": True},
    {"brightness_range": [0.5, 1.5], "rescale": 1.0},
    {"rotation_range": 25, "data_format": "channels_first", "fill_mode": "reflect"},
]
FIT_CASES = [
    {"featurewise_center": True, "featurewise_std_normalization": True},
    {"zca_whitening": True, "zca_epsilon": 0.1},
    {"featurewise_center": True, "rescale": 0.5},
]
DIRECTORY_FILES = ["cat/a.png", "cat/b.PNG", "cat/sub/c.png", "dog/d.png", "dog/e.png", "dog/f.png", "dog/notes.txt",
                   "bird/g.png", "bird/h.jpg.png"]
DIRECTORY_CASES = [
    {"generator": {}, "flow": {"target_size": [6, 5], "shuffle": False, "batch_size": 3}},
    {"generator": {}, "flow": {"target_size": [4, 4], "shuffle": False, "batch_size": 4, "class_mode": "sparse",
                               "color_mode": "grayscale", "interpolation": "bilinear"}},
    {"generator": {}, "flow": {"target_size": [5, 5], "shuffle": False, "batch_size": 10, "class_mode": "binary",
                               "classes": ["dog", "cat"], "color_mode": "rgba"}},
    {"generator": {"rotation_range": 30, "horizontal_flip": True, "rescale": 1 / 255.0},
     "flow": {"target_size": [6, 6], "shuffle": True, "seed": 3, "batch_size": 4, "class_mode": "input"}},
    {"generator": {"validation_split": 0.4}, "flow": {"target_size": [3, 3], "shuffle": False, "batch_size": 8,
                                                      "subset": "validation"}},
    {"generator": {"validation_split": 0.4, "data_format": "channels_first"},
     "flow": {"target_size": [3, 4], "shuffle": False, "batch_size": 8, "subset": "training", "class_mode": None,
              "keep_aspect_ratio": True}},
]
DATAFRAME = {"filename": ["cat/a.png", "dog/d.png", "missing.png", "bird/g.png", "dog/notes.txt", "cat/sub/c.png",
                         "dog/e.png"],
             "class": ["cat", "dog", "dog", "bird", "dog", "cat", "dog"],
             "tags": [["cat", "pet"], ["dog", "pet"], ["dog"], ["bird"], ["dog"], ["cat"], ["pet"]],
             "weight": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
             "score": [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5]}
DATAFRAME_CASES = [
    {"generator": {}, "flow": {"target_size": [4, 5], "shuffle": False, "batch_size": 3}},
    {"generator": {}, "flow": {"target_size": [4, 4], "shuffle": False, "batch_size": 5, "y_col": "tags",
                               "weight_col": "weight"}},
    {"generator": {}, "flow": {"target_size": [3, 3], "shuffle": False, "batch_size": 8, "class_mode": "sparse",
                               "classes": ["dog", "cat"]}},
    {"generator": {}, "flow": {"target_size": [3, 3], "shuffle": False, "batch_size": 8, "class_mode": "raw",
                               "y_col": "score"}},
    {"generator": {}, "flow": {"target_size": [3, 3], "shuffle": False, "batch_size": 8,
                               "class_mode": "multi_output", "y_col": ["score", "weight"]}},
    {"generator": {"validation_split": 0.5, "rotation_range": 20}, "flow": {
        "target_size": [5, 5], "shuffle": True, "seed": 1, "batch_size": 2, "subset": "training",
        "class_mode": "binary", "classes": ["dog", "cat"], "color_mode": "grayscale"}},
]
SMART_RESIZE_CASES = [{"shape": [9, 13, 3], "size": [5, 5]}, {"shape": [2, 10, 6, 1], "size": [4, 8]},
                      {"shape": [7, 7, 3], "size": [3, 9], "interpolation": "nearest"}]


def main():
    rng = np.random.RandomState(0)
    arrays, cases = {}, {}
    img = rng.rand(11, 8, 3).astype("float32")
    for k, case in enumerate(AFFINE_CASES):
        x = img if case.get("channel_axis", 0) == 2 else np.transpose(img, (2, 0, 1)).copy()
        arrays[f"affine{k}/x"], arrays[f"affine{k}/out"] = x, image.apply_affine_transform(x, **case)
    cases["affine"] = AFFINE_CASES
    arrays["channel_shift/x"] = img
    for k, (intensity, axis) in enumerate([(0.3, 2), (-0.45, 2), (0.2, 0)]):
        arrays[f"channel_shift{k}/out"] = image.apply_channel_shift(img, intensity, channel_axis=axis)
    cases["channel_shift"] = [[0.3, 2], [-0.45, 2], [0.2, 0]]
    pixels = (rng.rand(6, 5, 3) * 255).astype("float32")
    wide = (rng.rand(6, 5, 3) * 600 - 100).astype("float32")
    arrays["brightness/x"], arrays["brightness/wide"] = pixels, wide
    brightness = [[0.5, True], [1.7, True], [0.8, False]]
    for k, (b, scale) in enumerate(brightness):
        arrays[f"brightness{k}/out"] = image.apply_brightness_shift(pixels, b, scale)
        arrays[f"brightness{k}/wide_out"] = image.apply_brightness_shift(wide, b, scale)
    cases["brightness"] = brightness
    random_fns = {
        "rotation": lambda x: image.random_rotation(x, 30, row_axis=0, col_axis=1, channel_axis=2),
        "shift": lambda x: image.random_shift(x, 0.2, 0.3, row_axis=0, col_axis=1, channel_axis=2),
        "shear": lambda x: image.random_shear(x, 25, row_axis=0, col_axis=1, channel_axis=2, fill_mode="constant"),
        "zoom": lambda x: image.random_zoom(x, (0.7, 1.2), row_axis=0, col_axis=1, channel_axis=2),
        "channel_shift": lambda x: image.random_channel_shift(x, 0.4, channel_axis=2),
    }
    for name, fn in random_fns.items():
        np.random.seed(123)
        arrays[f"random_{name}/out"] = fn(img)
    batch = rng.rand(10, 8, 6, 3).astype("float32")
    labels = np.arange(10) % 3
    arrays["flow/x"], arrays["flow/y"] = batch, labels
    for k, config in enumerate(GENERATOR_CASES):
        generator = tf.keras.preprocessing.image.ImageDataGenerator(**config)
        x = np.transpose(batch, (0, 3, 1, 2)).copy() if config.get("data_format") == "channels_first" else batch
        if config.get("brightness_range"):
            x = x * 255
        arrays[f"flow{k}/input"] = x
        iterator = generator.flow(x, labels, batch_size=4, shuffle=True, seed=7 + k)
        for b in range(len(iterator)):
            bx, by = iterator[b]
            arrays[f"flow{k}/batch{b}_x"], arrays[f"flow{k}/batch{b}_y"] = bx, by
        np.random.seed(5)
        arrays[f"flow{k}/random_transform"] = generator.random_transform(x[0].copy(), seed=99)
    cases["flow"] = GENERATOR_CASES
    for k, config in enumerate(FIT_CASES):
        generator = tf.keras.preprocessing.image.ImageDataGenerator(**config)
        generator.fit(batch[:, :4, :4])
        for attr in ("mean", "std", "zca_whitening_matrix"):
            if getattr(generator, attr) is not None:
                arrays[f"fit{k}/{attr}"] = getattr(generator, attr)
        arrays[f"fit{k}/standardized"] = generator.standardize(batch[:3, :4, :4].copy())
    cases["fit"] = FIT_CASES
    for k, case in enumerate(SMART_RESIZE_CASES):
        x = rng.rand(*case["shape"]).astype("float32")
        arrays[f"smart_resize{k}/x"] = x
        arrays[f"smart_resize{k}/out"] = image.smart_resize(
            x, case["size"], interpolation=case.get("interpolation", "bilinear"))
    cases["smart_resize"] = SMART_RESIZE_CASES
    from PIL import Image  # noqa: PLC0415 - golden script only

    directory = tempfile.mkdtemp()
    for k, name in enumerate(DIRECTORY_FILES):
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        pixels = (rng.rand(7 + k % 3, 6 + k % 4, 3) * 255).astype("uint8")
        arrays[f"file{k}"] = pixels
        if name.endswith(".txt"):
            with open(path, "w") as f:
                f.write("not an image")
        else:
            Image.fromarray(pixels).save(path, format="PNG")
    for k, case in enumerate(DIRECTORY_CASES):
        generator = tf.keras.preprocessing.image.ImageDataGenerator(**case["generator"])
        iterator = generator.flow_from_directory(directory, **case["flow"])
        arrays[f"directory{k}/filenames"] = np.array(iterator.filenames)
        arrays[f"directory{k}/classes"] = iterator.classes
        arrays[f"directory{k}/class_indices"] = np.array(json.dumps(iterator.class_indices))
        for b in range(len(iterator)):
            batch = iterator[b]
            if isinstance(batch, tuple):
                arrays[f"directory{k}/batch{b}_x"], arrays[f"directory{k}/batch{b}_y"] = batch
            else:
                arrays[f"directory{k}/batch{b}_x"] = batch
    cases["directory_files"], cases["directory"] = DIRECTORY_FILES, DIRECTORY_CASES
    import pandas as pd  # noqa: PLC0415 - golden script only

    for k, case in enumerate(DATAFRAME_CASES):
        generator = tf.keras.preprocessing.image.ImageDataGenerator(**case["generator"])
        iterator = generator.flow_from_dataframe(pd.DataFrame(DATAFRAME), directory, **case["flow"])
        arrays[f"dataframe{k}/filenames"] = np.array(iterator.filenames)
        for b in range(len(iterator)):
            batch = iterator[b]
            arrays[f"dataframe{k}/batch{b}_x"] = batch[0]
            for part, value in enumerate(batch[1] if isinstance(batch[1], list) else [batch[1]]):
                arrays[f"dataframe{k}/batch{b}_y{part}"] = value
            if len(batch) == 3:
                arrays[f"dataframe{k}/batch{b}_w"] = batch[2]
    cases["dataframe_table"], cases["dataframe"] = DATAFRAME, DATAFRAME_CASES
    arrays["cases"] = np.array(json.dumps({"tensorflow": tf.__version__, **cases}))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "preprocessing_image.npz")
    np.savez_compressed(path + ".tmp.npz", **arrays)
    os.replace(path + ".tmp.npz", path)
    print("wrote preprocessing_image.npz with TF", tf.__version__)


if __name__ == "__main__":
    main()
