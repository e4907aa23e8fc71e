"""`tf.keras.preprocessing.image.Iterator` and `NumpyArrayIterator`: batches of augmented images as a
`keras.utils.PyDataset` (keras/src/legacy/preprocessing/image.py, Keras 3.15).

`model.fit(iterator)` reads batches by index and calls `on_epoch_end` (a reshuffle) after each epoch. Under a
multi-replica strategy every replica reads the same global batches (numpy's global generator, which drives the
shuffle and the augmentation draws, is agreed across replicas at strategy start) and keeps its rows, so each
sample is seen once per epoch, seeded or not.
"""

import os
import threading
import warnings

import numpy as np

from keraslike._src.keras.backend import config as backend_config
from keraslike._src.keras.utils import image_utils, io_utils
from keraslike._src.keras.utils.py_dataset import PyDataset


class Iterator(PyDataset):
    """Base of the image iterators: `n` samples in batches of `batch_size`, optionally shuffled each epoch.

    Indexing (`iterator[i]`, used by `fit`) gives batch `i` of the current epoch's order; `next(iterator)` loops
    over the batches forever (as Keras: `for x, y in datagen.flow(...)` never stops by itself). With `seed`, numpy's
    global generator is reseeded with `seed + total_batches_seen` before each batch (Keras's reproducibility).

    Args:
        n: int, number of samples. batch_size: int. shuffle: bool. seed: optional int.
        **kwargs: `workers`, `use_multiprocessing`, `max_queue_size` of `keras.utils.PyDataset`.

    Subclasses implement `_get_batches_of_transformed_samples(index_array)`.
    """

    white_list_formats = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")

    def __init__(self, n, batch_size, shuffle, seed, **kwargs):
        super().__init__(**kwargs)
        if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) or batch_size < 1:
            raise ValueError(f"`batch_size` must be a positive integer. Received: batch_size={batch_size!r}")
        self.n = n
        self.batch_size = batch_size
        self.seed = seed
        self.shuffle = shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        if not self.shuffle:
            self.index_array = np.arange(self.n)
            return
        # numpy's global RNG is agreed across replicas when a multi-replica strategy starts
        # (distribute/replica_random.py) and every replica reads whole global batches, so all draw the same order
        self.index_array = np.random.permutation(self.n)

    def __getitem__(self, idx):
        if idx >= len(self) or idx < 0:
            raise ValueError(f"Asked to retrieve element {idx}, but the Sequence has length {len(self)}. "
                             f"Received: idx={idx}")
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        return self._get_batches_of_transformed_samples(self.index_array[self.batch_size * idx:
                                                                         self.batch_size * (idx + 1)])

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        """Draw the next epoch's order (a new permutation when shuffling)."""
        self._set_index_array()

    def reset(self):
        """Restart `next()` at the first batch."""
        self.batch_index = 0

    def _flow_index(self):
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            current = 0 if self.n == 0 else (self.batch_index * self.batch_size) % self.n
            self.batch_index = self.batch_index + 1 if self.n > current + self.batch_size else 0
            self.total_batches_seen += 1
            yield self.index_array[current:current + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array):
        raise NotImplementedError(f"{type(self).__name__} must implement _get_batches_of_transformed_samples.")


class NumpyArrayIterator(Iterator):
    """Batches of `image_data_generator`-augmented images from a rank-4 array (`ImageDataGenerator.flow`).

    Each batch is `x`, `(x, y)` or `(x, y, sample_weight)`; `x` may be `(images, other_array_or_list)`, the other
    arrays then travel with the images (`[images, *others]`). Each image gets `get_random_transform` /
    `apply_transform` / `standardize`.

    Args:
        x: rank-4 array of images (or a tuple/list as above). y: optional labels of the same length.
        image_data_generator: the `ImageDataGenerator`.
        batch_size: int (default 32). shuffle: bool (default False). sample_weight: optional array.
        seed: optional int. data_format: "channels_last"/"channels_first" (default the Keras image data format).
        save_to_dir: optional directory; each augmented image is written there as
            `{save_prefix}_{index}_{random}.{save_format}`.
        save_prefix: str. save_format: "png" (default), "jpeg", ...
        subset: None, "training" or "validation": the generator's `validation_split` split (validation first).
        ignore_class_split: bool, skip the check that both subsets hold the same classes.
        dtype: output dtype (default floatx).

    Raises:
        ValueError: mismatched lengths, a non rank-4 `x`, an unknown `subset`, or subsets with different classes.
    """

    def __init__(self, x, y, image_data_generator, batch_size=32, shuffle=False, sample_weight=None, seed=None,
                 data_format=None, save_to_dir=None, save_prefix="", save_format="png", subset=None,
                 ignore_class_split=False, dtype=None):
        data_format = data_format or backend_config.image_data_format()
        self.dtype = dtype or backend_config.floatx()
        if isinstance(x, (tuple, list)):
            x_misc = [np.asarray(a) for a in x[1]] if isinstance(x[1], list) else [np.asarray(x[1])]
            x = x[0]
            for other in x_misc:
                if len(x) != len(other):
                    raise ValueError("All of the arrays in `x` should have the same length. Found a pair with: "
                                     f"len(x[0]) = {len(x)}, len(x[?]) = {len(other)}")
        else:
            x_misc = []
        if y is not None and len(x) != len(y):
            raise ValueError("`x` (images tensor) and `y` (labels) should have the same length. "
                             f"Found: x.shape = {np.shape(x)}, y.shape = {np.shape(y)}")
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError("`x` (images tensor) and `sample_weight` should have the same length. "
                             f"Found: x.shape = {np.shape(x)}, sample_weight.shape = {np.shape(sample_weight)}")
        if subset is not None:
            if subset not in ("training", "validation"):
                raise ValueError(f'Invalid subset name: {subset}; expected "training" or "validation". '
                                 f"Received: subset={subset!r}")
            split = int(len(x) * image_data_generator._validation_split)
            if (y is not None and not ignore_class_split
                    and not np.array_equal(np.unique(y[:split]), np.unique(y[split:]))):
                raise ValueError("Training and validation subsets have different number of classes after the split. "
                                 "If your numpy arrays are sorted by the label, you might want to shuffle them. "
                                 f"Received: subset={subset!r}")
            part = slice(None, split) if subset == "validation" else slice(split, None)
            x = x[part]
            x_misc = [np.asarray(a[part]) for a in x_misc]
            if y is not None:
                y = y[part]
            if sample_weight is not None:
                sample_weight = sample_weight[part]
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError("Input data in `NumpyArrayIterator` should have rank 4. You passed an array with shape "
                             f"{self.x.shape}")
        channels_axis = 3 if data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in (1, 3, 4):
            warnings.warn(f'NumpyArrayIterator is set to use the data format convention "{data_format}" (channels '
                          f"on axis {channels_axis}), i.e. expected either 1, 3, or 4 channels on axis "
                          f"{channels_axis}. However, it was passed an array with shape {self.x.shape} "
                          f"({self.x.shape[channels_axis]} channels).", stacklevel=2)
        self.y = None if y is None else np.asarray(y)
        self.sample_weight = None if sample_weight is None else np.asarray(sample_weight)
        self.image_data_generator = image_data_generator
        self.data_format = data_format
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        generator = self.image_data_generator
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:], dtype=self.dtype)
        for i, j in enumerate(index_array):
            params = generator.get_random_transform(self.x[j].shape)
            batch_x[i] = generator.standardize(generator.apply_transform(self.x[j].astype(self.dtype), params))
        if self.save_to_dir:
            for i, j in enumerate(index_array):
                img = image_utils.array_to_img(batch_x[i], self.data_format, scale=True)
                name = f"{self.save_prefix}_{j}_{np.random.randint(10000)}.{self.save_format}"
                img.save(os.path.join(self.save_to_dir, name))
        others = [a[index_array] for a in self.x_misc]
        batch = [batch_x, *others] if others else batch_x
        if self.y is None:
            return batch
        if self.sample_weight is None:
            return batch, self.y[index_array]
        return batch, self.y[index_array], self.sample_weight[index_array]


def _valid_files(directory, formats, follow_links):
    """(root, file name) of the image files under `directory`, walked in sorted order (as Keras)."""
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda entry: entry[0]):
        for name in sorted(files):
            if name.lower().endswith(".tiff"):
                warnings.warn('Using ".tiff" files with multiple bands will cause distortion. Please verify your '
                              "output.", stacklevel=3)
            if name.lower().endswith(formats):
                yield root, name


class DirectoryIterator(Iterator):
    """Batches of augmented images read from `directory/<class>/...` (`ImageDataGenerator.flow_from_directory`).

    Classes are the sub-directories (sorted) or `classes`; files are found recursively (png, jpg, jpeg, bmp, ppm,
    tif, tiff), in sorted order per class. Prints "Found N images belonging to K classes.". Each image is loaded
    with `keras.utils.load_img` (`target_size`, `color_mode`, `interpolation`, `keep_aspect_ratio`), then
    `get_random_transform` / `apply_transform` / `standardize`.

    Args:
        directory: str path. image_data_generator: the `ImageDataGenerator` (or None: no transform).
        target_size: `(height, width)` (default (256, 256)). color_mode: "rgb" (default), "rgba", "grayscale".
        classes: optional list of sub-directory names (their order gives the class indices).
        class_mode: "categorical" (default, one-hot float), "binary"/"sparse" (float class index), "input" (the
            images themselves) or None (images only).
        batch_size: int (default 32). shuffle: bool (default True). seed: optional int.
        data_format: default the Keras image data format. save_to_dir, save_prefix, save_format: as `flow`.
        follow_links: bool, follow symlinked directories. subset: None, "training", "validation" (each class's
            first `validation_split` fraction of files is validation). interpolation: PIL name (default "nearest").
        keep_aspect_ratio: bool (default False). dtype: output dtype (default floatx).

    Attributes:
        filenames (relative paths), filepaths, classes (int32 per file), class_indices, num_classes, samples, labels.

    Raises:
        ValueError: for an unknown `color_mode`, `class_mode` or `subset`.
    """

    allowed_class_modes = ("categorical", "binary", "sparse", "input", None)

    def __init__(self, directory, image_data_generator, target_size=(256, 256), color_mode="rgb", classes=None,
                 class_mode="categorical", batch_size=32, shuffle=True, seed=None, data_format=None, save_to_dir=None,
                 save_prefix="", save_format="png", follow_links=False, subset=None, interpolation="nearest",
                 keep_aspect_ratio=False, dtype=None):
        self.data_format = data_format or backend_config.image_data_format()
        self.dtype = dtype or backend_config.floatx()
        if color_mode not in ("rgb", "rgba", "grayscale"):
            raise ValueError(f'Invalid color mode: {color_mode}; expected "rgb", "rgba", or "grayscale". '
                             f"Received: color_mode={color_mode!r}")
        if class_mode not in self.allowed_class_modes:
            raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: {self.allowed_class_modes}. "
                             f"Received: class_mode={class_mode!r}")
        if subset not in (None, "training", "validation"):
            raise ValueError(f'Invalid subset name: {subset}; expected "training" or "validation". '
                             f"Received: subset={subset!r}")
        self.image_data_generator = image_data_generator
        self.target_size = tuple(target_size)
        self.color_mode = color_mode
        channels = {"rgb": 3, "rgba": 4, "grayscale": 1}[color_mode]
        self.image_shape = (self.target_size + (channels,) if self.data_format == "channels_last"
                            else (channels,) + self.target_size)
        self.class_mode = class_mode
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        self.interpolation = interpolation
        self.keep_aspect_ratio = keep_aspect_ratio
        self.subset = subset
        split = None
        if subset is not None:
            fraction = image_data_generator._validation_split
            split = (0, fraction) if subset == "validation" else (fraction, 1)
        self.split = split
        self.directory = directory
        if not classes:
            classes = [d for d in sorted(os.listdir(directory)) if os.path.isdir(os.path.join(directory, d))]
        self.num_classes = len(classes)
        self.class_indices = {name: index for index, name in enumerate(classes)}
        self.filenames, labels = [], []
        for name in classes:
            class_dir = os.path.join(directory, name)
            files = list(_valid_files(class_dir, self.white_list_formats, follow_links))
            if split:
                files = files[int(split[0] * len(files)):int(split[1] * len(files))]
            for root, fname in files:
                self.filenames.append(os.path.join(name, os.path.relpath(os.path.join(root, fname), class_dir)))
                labels.append(self.class_indices[name])
        self.samples = len(self.filenames)
        self.classes = np.array(labels, dtype="int32")
        io_utils.print_msg(f"Found {self.samples} images belonging to {self.num_classes} classes.")
        self._filepaths = [os.path.join(directory, fname) for fname in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    @property
    def filepaths(self):
        """Absolute (directory-joined) paths of the images, in index order."""
        return self._filepaths

    @property
    def labels(self):
        """The int32 class index of every image (`classes`)."""
        return self.classes

    @property
    def sample_weight(self):
        """Always None for directories."""
        return None

    def _get_batches_of_transformed_samples(self, index_array):
        return _file_batch(self, index_array)


def _file_batch(iterator, index_array):
    """One batch of an iterator over image files (DirectoryIterator, DataFrameIterator): load, augment,
    standardize, then the targets its `class_mode` asks for (and its sample weights, if any)."""
    generator = iterator.image_data_generator
    batch_x = np.zeros((len(index_array),) + iterator.image_shape, dtype=iterator.dtype)
    for i, j in enumerate(index_array):
        img = image_utils.load_img(iterator.filepaths[j], color_mode=iterator.color_mode,
                                   target_size=iterator.target_size, interpolation=iterator.interpolation,
                                   keep_aspect_ratio=iterator.keep_aspect_ratio)
        x = image_utils.img_to_array(img, data_format=iterator.data_format, dtype=iterator.dtype)
        img.close()
        if generator:
            x = generator.standardize(generator.apply_transform(x, generator.get_random_transform(x.shape)))
        batch_x[i] = x
    if iterator.save_to_dir:
        for i, j in enumerate(index_array):
            img = image_utils.array_to_img(batch_x[i], iterator.data_format, scale=True)
            img.save(os.path.join(iterator.save_to_dir,
                                  f"{iterator.save_prefix}_{j}_{np.random.randint(10**7)}.{iterator.save_format}"))
    mode = iterator.class_mode
    if mode == "input":
        batch_y = batch_x.copy()
    elif mode in ("binary", "sparse"):
        batch_y = np.array([iterator.classes[j] for j in index_array], dtype=iterator.dtype)
    elif mode == "categorical":
        batch_y = np.zeros((len(batch_x), len(iterator.class_indices)), dtype=iterator.dtype)
        for i, j in enumerate(index_array):
            batch_y[i, iterator.classes[j]] = 1.0  # a list of classes (multi-label) sets several
    elif mode == "multi_output":
        batch_y = [output[index_array] for output in iterator.labels]
    elif mode == "raw":
        batch_y = iterator.labels[index_array]
    else:
        return batch_x
    weights = iterator.sample_weight
    if weights is None:
        return batch_x, batch_y
    return batch_x, batch_y, weights[index_array]


def _check_file_args(color_mode, class_mode, allowed_class_modes, subset):
    if color_mode not in ("rgb", "rgba", "grayscale"):
        raise ValueError(f'Invalid color mode: {color_mode}; expected "rgb", "rgba", or "grayscale". '
                         f"Received: color_mode={color_mode!r}")
    if class_mode not in allowed_class_modes:
        raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: {allowed_class_modes}. "
                         f"Received: class_mode={class_mode!r}")
    if subset not in (None, "training", "validation"):
        raise ValueError(f'Invalid subset name: {subset}; expected "training" or "validation". '
                         f"Received: subset={subset!r}")


def _image_shape(target_size, color_mode, data_format):
    channels = {"rgb": 3, "rgba": 4, "grayscale": 1}[color_mode]
    return tuple(target_size) + (channels,) if data_format == "channels_last" else (channels,) + tuple(target_size)


class DataFrameIterator(Iterator):
    """Batches of augmented images listed in a pandas DataFrame (`ImageDataGenerator.flow_from_dataframe`).

    Args:
        dataframe: pandas DataFrame; `x_col` holds file names (joined to `directory` when given), `y_col` the
            targets, `weight_col` optional numeric sample weights.
        directory: optional str prefix of the file names. image_data_generator: the `ImageDataGenerator` or None.
        x_col: str (default "filename"). y_col: str or list (default "class"). weight_col: optional str.
        target_size, color_mode, batch_size, shuffle, seed, data_format, save_to_dir, save_prefix, save_format,
            subset, interpolation, keep_aspect_ratio, dtype: as `DirectoryIterator`.
        classes: optional list of class names (others are dropped); default the sorted labels found.
        class_mode: "categorical" (default; str labels or lists of them -> one/multi-hot), "binary", "sparse"
            (str labels -> float index), "input", "multi_output" (y_col a list: one array per column), "raw"
            (`df[y_col].values`) or None.
        validate_filenames: bool (default True): drop rows whose file is missing or not an image (warns).

    Prints "Found N validated image filenames belonging to K classes." (or "... image filenames.").

    Raises:
        ValueError: unknown `color_mode`/`class_mode`/`subset`, or "binary" without exactly 2 classes.
        TypeError: non-str file names or labels where the mode needs them, `y_col` not a list for
            "multi_output", or a non-numeric `weight_col`.
    """

    allowed_class_modes = ("binary", "categorical", "input", "multi_output", "raw", "sparse", None)

    def __init__(self, dataframe, directory=None, image_data_generator=None, x_col="filename", y_col="class",
                 weight_col=None, target_size=(256, 256), color_mode="rgb", classes=None, class_mode="categorical",
                 batch_size=32, shuffle=True, seed=None, data_format="channels_last", save_to_dir=None,
                 save_prefix="", save_format="png", subset=None, interpolation="nearest", keep_aspect_ratio=False,
                 dtype="float32", validate_filenames=True):
        _check_file_args(color_mode, class_mode, self.allowed_class_modes, subset)
        self.image_data_generator = image_data_generator
        self.target_size, self.color_mode, self.data_format = tuple(target_size), color_mode, data_format
        self.image_shape = _image_shape(target_size, color_mode, data_format)
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        self.interpolation, self.keep_aspect_ratio, self.subset = interpolation, keep_aspect_ratio, subset
        self.split = None
        if subset is not None:
            fraction = image_data_generator._validation_split
            self.split = (0, fraction) if subset == "validation" else (fraction, 1)
        df = dataframe.copy()
        self.directory = directory or ""
        self.class_mode = class_mode
        self.dtype = dtype
        self._check_params(df, x_col, y_col, weight_col, classes)
        if validate_filenames:
            paths = df[x_col].map(lambda name: os.path.join(self.directory, name))
            valid = paths.apply(lambda p: p.lower().endswith(self.white_list_formats) and os.path.isfile(p))
            if (~valid).sum():
                warnings.warn(f'Found {(~valid).sum()} invalid image filename(s) in x_col="{x_col}". These '
                              "filename(s) will be ignored.", stacklevel=2)
            df = df[valid]
        labelled = class_mode not in ("input", "multi_output", "raw", None)
        if labelled:
            df, classes = self._filter_classes(df, y_col, classes)
            self.class_indices = {name: index for index, name in enumerate(classes)}
        if self.split:
            df = df.iloc[int(self.split[0] * len(df)):int(self.split[1] * len(df)), :]
        if labelled:
            self.classes = [[self.class_indices[c] for c in label] if isinstance(label, (list, tuple))
                            else self.class_indices[label] for label in df[y_col]]
        self.filenames = df[x_col].tolist()
        self._sample_weight = df[weight_col].values if weight_col else None
        if class_mode == "multi_output":
            self._targets = [np.array(df[col].tolist()) for col in y_col]
        if class_mode == "raw":
            self._targets = df[y_col].values
        self.samples = len(self.filenames)
        kind = "validated" if validate_filenames else "non-validated"
        if labelled:
            io_utils.print_msg(f"Found {self.samples} {kind} image filenames belonging to {len(classes)} classes.")
        else:
            io_utils.print_msg(f"Found {self.samples} {kind} image filenames.")
        self._filepaths = [os.path.join(self.directory, name) for name in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _check_params(self, df, x_col, y_col, weight_col, classes):
        mode = self.class_mode
        if mode == "multi_output" and not isinstance(y_col, list):
            raise TypeError(f'If class_mode="{mode}", y_col must be a list. Received: y_col={y_col!r}')
        if not all(df[x_col].apply(lambda v: isinstance(v, str))):
            raise TypeError(f"All values in column x_col={x_col} must be strings.")
        if mode in ("binary", "sparse") and not all(df[y_col].apply(lambda v: isinstance(v, str))):
            raise TypeError(f'If class_mode="{mode}", y_col="{y_col}" column values must be strings.')
        if mode == "binary":
            count = len(set(classes)) if classes else df[y_col].nunique()
            if count != 2:
                raise ValueError(f'If class_mode="binary" there must be 2 classes. Found {count} classes. '
                                 f"Received: classes={classes!r}")
        if mode == "categorical" and not all(df[y_col].apply(lambda v: isinstance(v, (str, list, tuple)))):
            raise TypeError(f'If class_mode="{mode}", y_col="{y_col}" column values must be type string, list or '
                            "tuple.")
        if classes and mode in ("input", "multi_output", "raw", None):
            warnings.warn(f'`classes` will be ignored given the class_mode="{mode}"', stacklevel=3)
        if weight_col and not issubclass(df[weight_col].dtype.type, np.number):
            raise TypeError(f"Column weight_col={weight_col} must be numeric.")

    @staticmethod
    def _filter_classes(df, y_col, classes):
        df = df.copy()
        if classes:
            classes = list(dict.fromkeys(classes))

            def keep(labels):
                if isinstance(labels, (list, tuple)):
                    return [c for c in labels if c in classes] or None
                if isinstance(labels, str):
                    return labels if labels in classes else None
                raise TypeError(f"Expect string, list or tuple but found {type(labels)} in {y_col} column")

            df[y_col] = df[y_col].apply(keep)
        else:
            found = set()
            for value in df[y_col]:
                found.update(value) if isinstance(value, (list, tuple)) else found.add(value)
            classes = sorted(found)
        return df.dropna(subset=[y_col]), classes

    @property
    def filepaths(self):
        """`directory`-joined paths of the images, in index order."""
        return self._filepaths

    @property
    def labels(self):
        """The targets: per-column arrays ("multi_output"), raw values ("raw") or class indices."""
        return self._targets if self.class_mode in ("multi_output", "raw") else self.classes

    @property
    def sample_weight(self):
        """`dataframe[weight_col]` values, or None."""
        return self._sample_weight

    def _get_batches_of_transformed_samples(self, index_array):
        return _file_batch(self, index_array)
