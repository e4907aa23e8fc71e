"""`keras.utils` image helpers: `image_dataset_from_directory`, `load_img`, `img_to_array`, `array_to_img`,
`save_img` (keras/src/utils/{image_dataset_utils,image_utils}.py).

`image_dataset_from_directory` reads files lazily, one per element, as Keras's TF loader does:
`tf.io.decode_image`, then `tf.image.resize` (float32; uint8 for "nearest"), `resize_with_pad`
or a centred crop; so a directory gives the same batches as Keras. `load_img` & co use Pillow.
"""

import os

import numpy as np
import torch

from keraslike._src.data.dataset import Dataset
from keraslike._src.image import codecs
from keraslike._src.image import image_ops as tf_image_ops
from keraslike._src.image import resize as tf_resize
from keraslike._src.keras.ops import image as ops_image

ALLOWED_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")
_CHANNELS = {"grayscale": 1, "rgb": 3, "rgba": 4}
_PIL_MODES = {"grayscale": "L", "rgb": "RGB", "rgba": "RGBA"}


def _pil():
    try:
        from PIL import Image  # noqa: PLC0415 - optional dependency, imported where used
    except ImportError as err:
        raise ImportError("Loading images requires Pillow (`pip install pillow`).") from err
    return Image


def load_img(path, color_mode="rgb", target_size=None, interpolation="nearest", keep_aspect_ratio=False):
    """`keras.utils.load_img`: a PIL image, converted to `color_mode` and optionally resized.

    Args:
        path: file path.
        color_mode: "grayscale", "rgb" (default) or "rgba".
        target_size: optional `(height, width)`.
        interpolation: PIL resampling name: "nearest" (default), "bilinear", "bicubic", "hamming", "box", "lanczos".
        keep_aspect_ratio: crop the centre to the target aspect ratio before resizing.

    Raises:
        ValueError: for an unknown color_mode or interpolation.
    """
    Image = _pil()
    if color_mode not in _PIL_MODES:
        raise ValueError(f'color_mode must be "grayscale", "rgb", or "rgba". Received: color_mode={color_mode}')
    with open(path, "rb") as f:
        img = Image.open(f)
        img.load()
    img = img.convert(_PIL_MODES[color_mode]) if img.mode != _PIL_MODES[color_mode] else img
    if target_size is not None:
        width_height = (target_size[1], target_size[0])
        if img.size != width_height:
            methods = {"nearest": Image.NEAREST, "bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC,
                       "hamming": Image.HAMMING, "box": Image.BOX, "lanczos": Image.LANCZOS}
            if interpolation not in methods:
                raise ValueError(f"Invalid interpolation method {interpolation} specified. Supported methods are "
                                 f"{', '.join(methods)}")
            if keep_aspect_ratio:
                width, height = img.size
                crop_height = (width * target_size[0]) // target_size[1]
                crop_width = (height * target_size[1]) // target_size[0]
                crop_height, crop_width = min(height, crop_height), min(width, crop_width)
                top, left = (height - crop_height) // 2, (width - crop_width) // 2
                img = img.crop((left, top, left + crop_width, top + crop_height))
            img = img.resize(width_height, methods[interpolation])
    return img


def img_to_array(img, data_format=None, dtype=None):
    """`keras.utils.img_to_array`: a PIL image -> float32 numpy `(h, w, c)` (or `(c, h, w)`)."""
    x = np.asarray(img, dtype=dtype or "float32")
    if x.ndim == 2:
        x = x[:, :, None]
    if x.ndim != 3:
        raise ValueError(f"Unsupported image shape: {x.shape}")
    return np.transpose(x, (2, 0, 1)) if data_format == "channels_first" else x


def array_to_img(x, data_format=None, scale=True, dtype=None):
    """`keras.utils.array_to_img`: a 3-D array -> PIL image; `scale` maps the values to [0, 255].

    Raises:
        ValueError: for arrays that are not 3-D or have 2 or more than 4 channels.
    """
    Image = _pil()
    x = np.asarray(x.detach().cpu() if isinstance(x, torch.Tensor) else x, dtype=dtype or "float32")
    if x.ndim != 3:
        raise ValueError(f"Expected image array to have rank 3 (single image). Got array with shape: {x.shape}")
    if data_format == "channels_first":
        x = np.transpose(x, (1, 2, 0))
    if scale:
        x = x - np.min(x)
        top = np.max(x)
        if top != 0:
            x = x / top
        x = x * 255
    channels = x.shape[2]
    if channels not in (1, 3, 4):
        raise ValueError(f"Unsupported channel number: {channels}")
    mode = {1: "L", 3: "RGB", 4: "RGBA"}[channels]
    data = x[:, :, 0] if channels == 1 else x
    return Image.fromarray(data.astype("uint8"), mode)


def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """`keras.utils.save_img`: write array `x` as an image file (format from `file_format` or the extension)."""
    img = array_to_img(x, data_format=data_format, scale=scale)
    if img.mode == "RGBA" and (file_format == "jpg" or file_format == "jpeg" or str(path).lower().endswith(
            (".jpg", ".jpeg"))):
        img = img.convert("RGB")
    tmp = f"{path}.tmp-{os.getpid()}"
    img.save(tmp, format=file_format or os.path.splitext(str(path))[1].lstrip(".").replace("jpg", "jpeg") or None,
             **kwargs)
    os.replace(tmp, path)


def _index_directory(directory, labels, class_names, follow_links):
    if labels == "inferred":
        subdirs = sorted(d for d in os.listdir(directory) if os.path.isdir(os.path.join(directory, d)))
        if class_names is not None:
            if sorted(class_names) != sorted(subdirs) and set(class_names) - set(subdirs):
                raise ValueError(f"The `class_names` passed did not match the names of the subdirectories of the "
                                 f"target directory. Expected: {subdirs}, but received: {class_names}")
            subdirs = list(class_names)
        roots = [(name, os.path.join(directory, name)) for name in subdirs]
    else:
        subdirs, roots = [], [(None, directory)]
    paths, targets = [], []
    for index, (_, root) in enumerate(roots):
        found = []
        for base, _, files in os.walk(root, followlinks=follow_links):
            for fname in sorted(files):
                if fname.lower().endswith(ALLOWED_FORMATS):
                    found.append(os.path.join(base, fname))
        found.sort()
        paths.extend(found)
        targets.extend([index] * len(found))
    return paths, np.asarray(targets, dtype="int32"), subdirs


def _check_args(labels, label_mode, color_mode, subset, validation_split, interpolation):
    if labels not in ("inferred", None) and not isinstance(labels, (list, tuple)):
        raise ValueError("`labels` argument should be a list/tuple of integer labels, of the same size as the "
                         f"number of image files in the target directory. Received: labels={labels}")
    if label_mode not in ("int", "categorical", "binary", None):
        raise ValueError(f'`label_mode` argument must be one of "int", "categorical", "binary", or None. '
                         f"Received: label_mode={label_mode}")
    if color_mode not in _CHANNELS:
        raise ValueError(f'`color_mode` must be one of {{"rgb", "rgba", "grayscale"}}. Received: '
                         f"color_mode={color_mode}")
    if subset not in (None, "training", "validation", "both"):
        raise ValueError(f'`subset` must be either "training", "validation" or "both". Received: subset={subset}')
    if validation_split is not None and not 0 < validation_split < 1:
        raise ValueError(f"`validation_split` must be between 0 and 1, received: {validation_split}")
    if (validation_split is None) != (subset is None):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if interpolation not in ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian",
                             "mitchellcubic"):
        raise ValueError(f"Invalid interpolation: {interpolation}")


def image_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, color_mode="rgb",
                                 batch_size=32, image_size=(256, 256), shuffle=True, seed=None, validation_split=None,
                                 subset=None, interpolation="bilinear", follow_links=False, crop_to_aspect_ratio=False,
                                 pad_to_aspect_ratio=False, data_format=None, format="tf", verbose=True):
    """`keras.utils.image_dataset_from_directory`: a `tf.data.Dataset` of `(images, labels)` batches.

    With `labels="inferred"` each subdirectory of `directory` is a class (alphabetical order, or
    `class_names`'s). Files are listed as Keras lists them, shuffled with `numpy.random.RandomState(seed)`
    (one seed for files and labels), then split by `validation_split`/`subset` ("training",
    "validation" or "both": the last `int(validation_split * n)` files are validation). Images are
    `(batch, *image_size, channels)` with values 0-255 (float32; uint8 with "nearest", as Keras);
    labels int32 ("int"), one-hot float32 ("categorical") or float32 `(batch, 1)` ("binary").
    The dataset has `class_names` and `file_paths`. With `shuffle=True` the batches are also reshuffled every epoch.

    Raises:
        ValueError: for bad arguments, no images, or labels that do not fit `label_mode`.
    """
    if format != "tf":
        raise ValueError(f"`format` 'grain' needs the grain package, which keraslike does not use; use format='tf'. "
                         f"Received: format={format}")
    _check_args(labels, label_mode, color_mode, subset, validation_split, interpolation)
    if labels is None:
        label_mode = None
    paths, targets, names = _index_directory(directory, labels if labels == "inferred" else None, class_names,
                                             follow_links)
    if isinstance(labels, (list, tuple)):
        if len(labels) != len(paths):
            raise ValueError(f"Expected the lengths of `labels` to match the number of files in the target directory. "
                             f"len(labels) is {len(labels)} while we found {len(paths)} files in directory "
                             f"{directory}.")
        targets = np.asarray(labels)
        names = [str(c) for c in sorted(set(np.asarray(labels).tolist()))]
    if label_mode == "binary" and len(names) != 2:
        raise ValueError(f'When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         f"class_names={names}")
    if shuffle:
        if seed is None:
            seed = np.random.randint(1_000_000)
        order = np.arange(len(paths))
        np.random.RandomState(seed).shuffle(order)
        paths, targets = [paths[i] for i in order], targets[order]
    if verbose:
        print(f"Found {len(paths)} files belonging to {len(names)} classes." if labels == "inferred" else
              f"Found {len(paths)} files.")
    if not paths:
        raise ValueError(f"No images found in directory {directory}. Allowed formats: {ALLOWED_FORMATS}")
    splits = {"all": (paths, targets)}
    if validation_split:
        n_val = int(validation_split * len(paths))
        splits = {"training": (paths[:len(paths) - n_val], targets[:len(paths) - n_val]),
                  "validation": (paths[len(paths) - n_val:], targets[len(paths) - n_val:])}
    wanted = ["training", "validation"] if subset == "both" else [subset or "all"]
    datasets = []
    for part in wanted:
        part_paths, part_targets = splits[part]
        if verbose and part != "all":
            print(f"Using {len(part_paths)} files for {part}.")
        datasets.append(_make_dataset(part_paths, part_targets, label_mode, len(names), color_mode, image_size,
                                      interpolation, crop_to_aspect_ratio, pad_to_aspect_ratio, data_format,
                                      batch_size, shuffle, seed, names))
    return datasets if subset == "both" else datasets[0]


def _make_dataset(paths, targets, label_mode, num_classes, color_mode, image_size, interpolation,
                  crop_to_aspect_ratio, pad_to_aspect_ratio, data_format, batch_size, shuffle, seed, names):
    channels = _CHANNELS[color_mode]
    size = tuple(int(s) for s in image_size)

    def load(index):
        idx = int(index)
        with open(paths[idx], "rb") as f:  # TF's loader: decode, then tf.image.resize / resize_with_pad
            img = codecs.decode_image(np.frombuffer(f.read(), dtype=np.uint8), channels=channels,
                                      expand_animations=False)
        if crop_to_aspect_ratio:
            out = ops_image.resize(img.to(torch.float32), size, interpolation=interpolation,
                                   crop_to_aspect_ratio=True)
        elif pad_to_aspect_ratio:
            out = tf_image_ops.resize_with_pad(img, size[0], size[1], method=interpolation)
        else:
            out = tf_resize.resize(img, size, method=interpolation)
        if data_format == "channels_first":
            out = out.permute(2, 0, 1)
        if label_mode is None:
            return out
        label = int(targets[idx])
        if label_mode == "categorical":
            target = torch.nn.functional.one_hot(torch.tensor(label), num_classes).to(torch.float32)
        elif label_mode == "binary":
            target = torch.tensor([float(label)], dtype=torch.float32)
        else:
            target = torch.tensor(label, dtype=torch.int32)
        return out, target

    def load_any(index):
        if isinstance(index, torch.Tensor) and index.dim() == 1:  # a vectorised map hands a batch of indices
            items = [load(i) for i in index.tolist()]
            if label_mode is None:
                return torch.stack(items)
            return torch.stack([a for a, _ in items]), torch.stack([b for _, b in items])
        return load(index)

    dataset = Dataset.from_tensor_slices(np.arange(len(paths), dtype=np.int64))
    if shuffle:
        dataset = dataset.shuffle(buffer_size=max(len(paths), 1), seed=seed)
    dataset = dataset.map(load_any)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    object.__setattr__(dataset, "class_names", list(names))
    object.__setattr__(dataset, "file_paths", list(paths))
    return dataset
