"""`tf.image.stateless_sample_distorted_bounding_box` (and its raw op) give TF's crop for every seed
(`tests/golden/distorted_bounding_box.json` from `tests/golden/make_distorted_bounding_box_golden.py`)."""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

with open(os.path.join(os.path.dirname(__file__), "..", "golden", "distorted_bounding_box.json")) as _f:
    GOLDEN = json.load(_f)


def _boxes(case):
    boxes = case["boxes"]
    return tf.constant(boxes, tf.float32, shape=[1, len(boxes), 4]) if boxes else tf.zeros([1, 0, 4])


@pytest.mark.parametrize("index", range(0, len(GOLDEN["cases"]), 10))
def test_crops_match_tensorflow(index):
    for case in GOLDEN["cases"][index:index + 10]:
        kwargs = {k: case[k] for k in ("seed", "min_object_covered", "aspect_ratio_range", "area_range",
                                       "max_attempts")}
        begin, size, box = tf.image.stateless_sample_distorted_bounding_box(
            case["image_size"], _boxes(case), use_image_if_no_bounding_boxes=True, **kwargs)
        assert begin.tolist() == case["begin"] and size.tolist() == case["size"], case
        assert begin.dtype == torch.int32 and box.dtype == torch.float32 and tuple(box.shape) == (1, 1, 4)
        np.testing.assert_allclose(box.numpy().reshape(-1), case["bbox"], rtol=1e-6)


def test_raw_op_is_the_same_op():
    case = GOLDEN["cases"][3]
    begin, size, _ = tf.raw_ops.StatelessSampleDistortedBoundingBox(
        image_size=case["image_size"], bounding_boxes=_boxes(case), min_object_covered=case["min_object_covered"],
        seed=case["seed"], aspect_ratio_range=case["aspect_ratio_range"], area_range=case["area_range"],
        max_attempts=case["max_attempts"], use_image_if_no_bounding_boxes=True)
    assert begin.tolist() == case["begin"] and size.tolist() == case["size"]


def test_outputs_take_the_image_size_dtype():
    begin, size, _ = tf.image.stateless_sample_distorted_bounding_box(
        tf.constant([5, 6, 3], tf.int64), tf.zeros([1, 0, 4]), seed=[1, 2], use_image_if_no_bounding_boxes=True)
    assert begin.dtype == size.dtype == torch.int64 and size.tolist() == [5, 6, -1]


@pytest.mark.parametrize("bad, error", GOLDEN["errors"])
def test_rejects_what_tensorflow_rejects(bad, error):
    kwargs = {"image_size": [5, 6, 3], "bounding_boxes": tf.zeros([1, 0, 4]), "seed": [1, 2]}
    bad = json.loads(bad)
    if bad:
        kwargs["use_image_if_no_bounding_boxes"] = True
    kwargs.update(bad)
    with pytest.raises(getattr(tf.errors, error), match="Received"):
        tf.image.stateless_sample_distorted_bounding_box(**kwargs)
