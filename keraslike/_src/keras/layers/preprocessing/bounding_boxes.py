"""`keras.layers.MaxNumBoundingBoxes`: pad or truncate each image's bounding boxes to a fixed count
(keras/src/layers/preprocessing/image_preprocessing/max_num_bounding_box.py).

Input is Keras 3's detection dict `{"images": ..., "bounding_boxes": {"boxes": (batch, n, 4),
"labels": (batch, n)}}` (one image: `(n, 4)` and `(n,)`), optionally with "labels" and
"segmentation_masks", which pass through unchanged. As in Keras, a dict with "bounding_boxes" needs
`bounding_box_format` (e.g. "xyxy"); the boxes are not converted, only counted.
"""

import torch

from keraslike._src.keras.layers.layer import Layer

_KEYS = ("images", "bounding_boxes", "labels", "segmentation_masks")


class MaxNumBoundingBoxes(Layer):
    """Keep the first `max_number` boxes of each image and pad with `fill_value` up to it.

    Args:
        max_number: int, the number of boxes per image in the output.
        fill_value: int, default -1: the padding value of `boxes` and `labels`.
        bounding_box_format: str, e.g. "xyxy"; required when the input has "bounding_boxes" (as Keras).

    Input/Output: the detection dict described in the module docstring; `boxes` become
    `(batch, max_number, 4)` and `labels` `(batch, max_number)`. A plain image tensor passes through.

    Raises:
        ValueError: for a dict without `bounding_box_format`, or unknown keys; KeyError for keys of
            `bounding_boxes` other than "boxes" and "labels" (as Keras).
    """

    def __init__(self, max_number, fill_value=-1, bounding_box_format=None, **kwargs):
        super().__init__(**kwargs)
        self.max_number = int(max_number)
        self.fill_value = int(fill_value)
        self.bounding_box_format = bounding_box_format

    def _fit(self, values, trailing):
        values = values if isinstance(values, torch.Tensor) else torch.as_tensor(values)
        kept = values[:, :self.max_number]
        pad = self.max_number - kept.shape[1]
        if pad > 0:
            filler = torch.full((kept.shape[0], pad) + trailing, self.fill_value, dtype=kept.dtype, device=kept.device)
            kept = torch.cat([kept, filler], dim=1)
        return kept

    def call(self, data, training=True):
        if not isinstance(data, dict):
            return data if isinstance(data, torch.Tensor) else torch.as_tensor(data)
        unknown = [k for k in data if k not in _KEYS]
        if unknown:
            raise ValueError(f"MaxNumBoundingBoxes takes a dict with keys among {list(_KEYS)}. "
                             f"Received: keys={sorted(data)}")
        out = dict(data)
        if "bounding_boxes" not in data:
            return out
        if not self.bounding_box_format:
            raise ValueError("You passed an input with a 'bounding_boxes' key, but you didn't specify a bounding box "
                             "format. Pass a `bounding_box_format` argument to your MaxNumBoundingBoxes layer, e.g. "
                             "`bounding_box_format='xyxy'`.")
        boxes_dict = data["bounding_boxes"]
        extra = set(boxes_dict) - {"boxes", "labels"}
        if extra:
            raise KeyError(f"There are unsupported keys in `bounding_boxes`: {sorted(extra)}. "
                           f"Only `boxes` and `labels` are supported.")
        boxes = torch.as_tensor(boxes_dict["boxes"])
        labels = torch.as_tensor(boxes_dict["labels"])
        single = boxes.dim() == 2
        if single:
            boxes, labels = boxes.unsqueeze(0), labels.unsqueeze(0)
        boxes, labels = self._fit(boxes, (4,)), self._fit(labels, ())
        out["bounding_boxes"] = {**boxes_dict, "boxes": boxes[0] if single else boxes,
                                 "labels": labels[0] if single else labels}
        return out

    def compute_output_shape(self, input_shape):
        if isinstance(input_shape, dict) and "bounding_boxes" in input_shape:
            shapes = dict(input_shape["bounding_boxes"])
            shapes["boxes"] = tuple(shapes["boxes"][:1]) + (self.max_number, 4)
            shapes["labels"] = tuple(shapes["labels"][:1]) + (self.max_number,)
            return {**input_shape, "bounding_boxes": shapes}
        return input_shape

    def get_config(self):
        return {**super().get_config(), "max_number": self.max_number, "fill_value": self.fill_value,
                "bounding_box_format": self.bounding_box_format}
