"""Write `tests/golden/distorted_bounding_box.json`: TF 2.21's `tf.image.stateless_sample_distorted_bounding_box`
on random sizes, boxes, seeds and ranges (and the errors it raises). Run under real TensorFlow, from the repository
root:

    /work/tfvenv/bin/python tests/golden/make_distorted_bounding_box_golden.py
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# each: keyword arguments that TF rejects (on top of a valid call with no boxes)
ERRORS = [{}, {"area_range": [0.1, 1.5]}, {"area_range": [0.0, 1.0]}, {"aspect_ratio_range": [0.0, 1.0]},
          {"min_object_covered": -0.5}, {"max_attempts": 0}, {"image_size": [5, 6]}, {"seed": [1, 2, 3]},
          {"bounding_boxes": [[0.1, 0.1, 0.9, 0.9]]}]


def cases():
    rng = np.random.default_rng(25)
    out = []
    for _ in range(120):
        height, width = int(rng.integers(1, 60)), int(rng.integers(1, 60))
        boxes = []
        for _ in range(int(rng.integers(0, 3))):
            y0, x0 = rng.uniform(0, 0.6, 2)
            boxes.append([float(y0), float(x0), float(y0 + rng.uniform(0.1, 0.4)), float(x0 + rng.uniform(0.1, 0.4))])
        out.append({"image_size": [height, width, 3], "boxes": boxes,
                    "seed": [int(rng.integers(-2**31, 2**31)), int(rng.integers(-2**31, 2**31))],
                    "min_object_covered": float(rng.choice([0.0, 0.1, 0.5, 0.9])),
                    "aspect_ratio_range": [float(rng.choice([0.5, 0.75])), float(rng.choice([1.0, 1.33, 2.0]))],
                    "area_range": [float(rng.choice([0.05, 0.3])), float(rng.choice([0.6, 1.0]))],
                    "max_attempts": int(rng.choice([1, 5, 100]))})
    return out


def main():
    results = []
    for case in cases():
        boxes = case["boxes"]
        bb = tf.constant(boxes, tf.float32, shape=[1, len(boxes), 4]) if boxes else tf.zeros([1, 0, 4])
        kwargs = {k: v for k, v in case.items() if k not in ("image_size", "boxes")}
        begin, size, box = tf.image.stateless_sample_distorted_bounding_box(
            case["image_size"], bb, use_image_if_no_bounding_boxes=True, **kwargs)
        results.append(dict(case, begin=begin.numpy().tolist(), size=size.numpy().tolist(),
                            bbox=box.numpy().reshape(-1).tolist()))
    errors = []
    for bad in ERRORS:
        kwargs = {"image_size": [5, 6, 3], "bounding_boxes": tf.zeros([1, 0, 4]), "seed": [1, 2]}
        if bad:
            kwargs["use_image_if_no_bounding_boxes"] = True
        kwargs.update(bad)
        try:
            tf.image.stateless_sample_distorted_bounding_box(**kwargs)
            errors.append(None)
        except tf.errors.InvalidArgumentError as e:
            errors.append(type(e).__name__)
    with open(os.path.join(HERE, "distorted_bounding_box.json"), "w") as f:
        json.dump({"cases": results, "errors": list(zip([json.dumps(b) for b in ERRORS], errors))}, f)
        f.write("\n")


if __name__ == "__main__":
    main()
