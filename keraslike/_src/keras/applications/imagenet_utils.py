"""`keras.applications.imagenet_utils`: ImageNet input preprocessing, prediction decoding and the input-shape
rules every application builder shares (mirrors `keras/src/applications/imagenet_utils.py`, Keras 3.15).

Images are `channels_last` (keraslike's only image layout for applications): `(batch, height, width, 3)`.
"""

import json
import warnings

import numpy as np
import torch

from keraslike._src.keras import activations
from keraslike._src.keras.layers.keras_tensor import KerasTensor
from keraslike._src.keras.utils.file_utils import get_file

CLASS_INDEX_PATH = "https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json"
_CLASS_INDEX = {}
_CAFFE_MEAN_BGR = (103.939, 116.779, 123.68)
_TORCH_MEAN, _TORCH_STD = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)


def check_data_format(data_format):
    """`None` or `"channels_last"` -> `"channels_last"`; anything else raises."""
    if data_format is None or data_format == "channels_last":
        return "channels_last"
    if data_format == "channels_first":
        raise ValueError("keraslike's applications take channels_last images (batch, height, width, channels); "
                         "transpose the input instead. Received: data_format=channels_first")
    raise ValueError(f"Expected data_format to be one of `channels_first` or `channels_last`. "
                     f"Received: data_format={data_format}")


def preprocess_input(x, data_format=None, mode="caffe"):
    """Preprocess a batch of RGB images with values in [0, 255] for an ImageNet model.

    Args:
        x: float numpy array or tensor, 3D `(h, w, 3)` or 4D `(batch, h, w, 3)`; a float numpy
            array is modified in place (as Keras does; a tensor is not), integer arrays are converted to
            float32. A functional-API tensor (`keras.Input`) gives the symbolic result (op nodes of the model).
        data_format: `None` or `"channels_last"`.
        mode: `"caffe"` (RGB -> BGR, minus the ImageNet BGR means, no scaling; default),
            `"tf"` (scale to [-1, 1]) or `"torch"` (scale to [0, 1], then per-channel ImageNet
            mean/std normalisation).

    Returns:
        The preprocessed array (numpy in, numpy out) or tensor, float.

    Raises:
        ValueError: for an unknown `mode` or `data_format`.
    """
    if mode not in {"caffe", "tf", "torch"}:
        raise ValueError(f"Expected mode to be one of `caffe`, `tf` or `torch`. Received: mode={mode}")
    check_data_format(data_format)
    if isinstance(x, np.ndarray):
        if not issubclass(x.dtype.type, np.floating):
            x = x.astype("float32", copy=False)
        return _preprocess(x, mode, flip=lambda v: v[..., ::-1], const=lambda v: np.asarray(v, x.dtype))
    if isinstance(x, KerasTensor):  # a functional model's input: keras.ops nodes (Keras records the same ops)
        return _preprocess(x, mode, flip=lambda v: v[..., ::-1], const=lambda v: np.asarray(v, "float32"))
    given = x
    x = torch.as_tensor(x)
    if not x.is_floating_point():
        x = x.to(torch.float32)
    elif x is given:
        x = x.clone()  # a tensor is a value (TF's are immutable): the caller's stays as it was
    return _preprocess(x, mode, flip=lambda v: v.flip(-1),
                       const=lambda v: torch.tensor(v, dtype=x.dtype, device=x.device))


def _preprocess(x, mode, flip, const):
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
        x -= const(_TORCH_MEAN)
        x /= const(_TORCH_STD)
        return x
    return flip(x) - const(_CAFFE_MEAN_BGR)  # RGB -> BGR, then zero-centred per channel


def decode_predictions(preds, top=5):
    """The `top` ImageNet classes of each row of `preds`, as `(class_id, class_name, score)` tuples, best first.

    The class index is `imagenet_class_index.json` from the Keras cache (`~/.keras/models/`),
    downloaded with `get_file` when missing.

    Args:
        preds: `(samples, 1000)` array or tensor of scores.
        top: how many classes per row.

    Returns:
        list (one per row) of lists of `(str, str, float)` tuples.

    Raises:
        ValueError: if `preds` is not `(samples, 1000)`.
        OSError: if the class index is not cached and cannot be downloaded.
    """
    preds = preds.detach().cpu().numpy() if isinstance(preds, torch.Tensor) else np.asarray(preds)
    if preds.ndim != 2 or preds.shape[1] != 1000:
        raise ValueError("`decode_predictions` expects a batch of predictions (i.e. a 2D array of shape "
                         f"(samples, 1000)). Received array with shape: {preds.shape}")
    index = _class_index()
    results = []
    for row in preds:
        best = row.argsort()[-top:][::-1]
        result = [tuple(index[str(i)]) + (row[i],) for i in best]
        result.sort(key=lambda item: item[2], reverse=True)
        results.append(result)
    return results


def _class_index():
    if "index" not in _CLASS_INDEX:
        path = get_file("imagenet_class_index.json", CLASS_INDEX_PATH, cache_subdir="models",
                        file_hash="c2c37ea517e94d9795004a39431a14cb")
        with open(path) as handle:
            _CLASS_INDEX["index"] = json.load(handle)
    return _CLASS_INDEX["index"]


def obtain_input_shape(input_shape, default_size, min_size, data_format, require_flatten, weights=None):
    """The model's input shape `(h, w, c)` from the user's `input_shape` and the model's constraints.

    Raises:
        ValueError: a shape that is not 3 integers, smaller than `min_size`, not 3 channels with
            ImageNet weights, not the default size with `include_top` and ImageNet weights, or not
            static with `include_top`.
    """
    check_data_format(data_format)
    if input_shape is not None:
        input_shape = tuple(input_shape)
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        if input_shape[-1] not in {1, 3}:
            warnings.warn("This model usually expects 1 or 3 input channels. However, it was passed an "
                          f"input_shape with {input_shape[-1]} input channels.", stacklevel=3)
        default_shape = (default_size, default_size, input_shape[-1])
    else:
        default_shape = (default_size, default_size, 3)
    if weights == "imagenet" and require_flatten:
        if input_shape is not None and input_shape != default_shape:
            raise ValueError(f"When setting `include_top=True` and loading `imagenet` weights, `input_shape` "
                             f"should be {default_shape}.  Received: input_shape={input_shape}")
        return default_shape
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError(f"`input_shape` must be a tuple of three integers. Received: input_shape={input_shape}")
        if input_shape[-1] != 3 and weights == "imagenet":
            raise ValueError(f"The input must have 3 channels; Received `input_shape={input_shape}`")
        if any(size is not None and size < min_size for size in input_shape[:2]):
            raise ValueError(f"Input size must be at least {min_size}x{min_size}; Received: "
                             f"input_shape={input_shape}")
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = (None, None, 3)
    if require_flatten and None in input_shape:
        raise ValueError("If `include_top` is True, you should specify a static `input_shape`. "
                         f"Received: input_shape={input_shape}")
    return input_shape


def correct_pad(inputs, kernel_size):
    """ZeroPadding2D padding `((top, bottom), (left, right))` that makes a stride-2 'valid' conv match TF's 'same'.

    Args:
        inputs: a 4D channels_last KerasTensor.
        kernel_size: int or 2-tuple.
    """
    size = tuple(inputs.shape[1:3])
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    adjust = (1, 1) if size[0] is None else (1 - size[0] % 2, 1 - size[1] % 2)
    correct = (kernel_size[0] // 2, kernel_size[1] // 2)
    return ((correct[0] - adjust[0], correct[0]), (correct[1] - adjust[1], correct[1]))


def validate_activation(classifier_activation, weights):
    """With pretrained weights only `None` and `"softmax"` classifier activations are allowed.

    Raises:
        ValueError: for any other activation when `weights` is not None.
    """
    if weights is None:
        return
    fn = activations.get(classifier_activation)
    if fn not in {activations.get("softmax"), activations.get(None)}:
        raise ValueError("Only `None` and `softmax` activations are allowed for the `classifier_activation` "
                         "argument when using pretrained weights, with `include_top=True`; Received: "
                         f"classifier_activation={classifier_activation}")
