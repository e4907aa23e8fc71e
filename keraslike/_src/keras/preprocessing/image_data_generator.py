"""`tf.keras.preprocessing.image.ImageDataGenerator`: random augmentation + standardization of image batches
(keras/src/legacy/preprocessing/image.py, Keras 3.15). Random parameters come from numpy's global generator, as
Keras, so `np.random.seed(s)` reproduces TF's draws."""

import math
import warnings

import numpy as np

from keraslike._src.keras.backend import config as backend_config
from keraslike._src.keras.preprocessing import image as image_ops
from keraslike._src.keras.preprocessing.image_iterators import (
    DataFrameIterator, DirectoryIterator, NumpyArrayIterator)


def flip_axis(x, axis):
    """`x` reversed along `axis` (a numpy view)."""
    return np.flip(np.asarray(x), axis)


def _warn_unfitted(name):
    warnings.warn(f"This ImageDataGenerator specifies `{name}`, but it hasn't been fit on any training data. "
                  "Fit it first by calling `.fit(numpy_data)`.", stacklevel=3)


class ImageDataGenerator:
    """Batches of augmented images from arrays (`flow`), a directory tree (`flow_from_directory`) or a DataFrame
    (`flow_from_dataframe`).

    Args:
        featurewise_center: bool, subtract the dataset mean per channel (from `fit`).
        samplewise_center: bool, subtract each image's mean.
        featurewise_std_normalization: bool, divide by the dataset std per channel (+1e-6; from `fit`).
        samplewise_std_normalization: bool, divide each image by its std (+1e-6).
        zca_whitening: bool, apply the ZCA matrix from `fit` (implies featurewise_center).
        zca_epsilon: float, ZCA regularizer (default 1e-6).
        rotation_range: degrees, `theta ~ U(-r, r)`.
        width_shift_range, height_shift_range: float (fraction of the size if < 1, else pixels; `U(-r, r)`),
            int (whole pixels from `[-r, r)` - as Keras: `choice(r) * choice([-1, 1])`) or a list of choices.
        brightness_range: optional two floats, `apply_brightness_shift` factor range.
        shear_range: degrees (counter-clockwise). zoom_range: float `z` (-> `[1 - z, 1 + z]`) or `[lower, upper]`.
        channel_shift_range: float, `apply_channel_shift` intensity range.
        fill_mode: "nearest" (default), "constant", "reflect" or "wrap". cval: float for "constant".
        horizontal_flip, vertical_flip: bool, flip with probability 1/2.
        rescale: optional factor multiplied first (after `preprocessing_function`).
        preprocessing_function: optional callable on each image (rank 3) before the rest of `standardize`.
        data_format: "channels_last" / "channels_first" (default the Keras image data format).
        validation_split: float in (0, 1), the fraction `flow(subset="validation")` takes (the first samples).
        interpolation_order: 0 or 1 (default 1).
        dtype: output dtype (default floatx).

    Raises:
        ValueError: for a bad `data_format`, `validation_split`, `zoom_range`, `brightness_range`, `fill_mode`
            or `interpolation_order`.
    """

    def __init__(self, featurewise_center=False, samplewise_center=False, featurewise_std_normalization=False,
                 samplewise_std_normalization=False, zca_whitening=False, zca_epsilon=1e-6, rotation_range=0,
                 width_shift_range=0.0, height_shift_range=0.0, brightness_range=None, shear_range=0.0,
                 zoom_range=0.0, channel_shift_range=0.0, fill_mode="nearest", cval=0.0, horizontal_flip=False,
                 vertical_flip=False, rescale=None, preprocessing_function=None, data_format=None,
                 validation_split=0.0, interpolation_order=1, dtype=None):
        data_format = data_format or backend_config.image_data_format()
        self.featurewise_center = featurewise_center
        self.samplewise_center = samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening = zca_whitening
        self.zca_epsilon = zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range = width_shift_range
        self.height_shift_range = height_shift_range
        self.shear_range = shear_range
        self.channel_shift_range = channel_shift_range
        self.fill_mode = fill_mode
        self.cval = cval
        self.horizontal_flip = horizontal_flip
        self.vertical_flip = vertical_flip
        self.rescale = rescale
        self.preprocessing_function = preprocessing_function
        self.dtype = dtype or backend_config.floatx()
        self.interpolation_order = interpolation_order
        if data_format not in ("channels_last", "channels_first"):
            raise ValueError('`data_format` should be `"channels_last"` (channel after row and column) or '
                             f'`"channels_first"` (channel before row and column). Received: data_format={data_format}')
        if fill_mode not in image_ops.FILL_MODES:
            raise ValueError(f"`fill_mode` must be one of {image_ops.FILL_MODES}. Received: fill_mode={fill_mode!r}")
        if interpolation_order not in (0, 1):
            raise ValueError("`interpolation_order` must be 0 or 1 here (higher spline orders: transform with "
                             "scipy.ndimage in `preprocessing_function`). "
                             f"Received: interpolation_order={interpolation_order!r}")
        self.data_format = data_format
        self.channel_axis, self.row_axis, self.col_axis = (1, 2, 3) if data_format == "channels_first" else (3, 1, 2)
        if validation_split and not 0 < validation_split < 1:
            raise ValueError("`validation_split` must be strictly between 0 and 1. "
                             f"Received: validation_split={validation_split}")
        self._validation_split = validation_split
        self.mean = None
        self.std = None
        self.zca_whitening_matrix = None
        if isinstance(zoom_range, (float, int)) and not isinstance(zoom_range, bool):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif (isinstance(zoom_range, (tuple, list)) and len(zoom_range) == 2
              and all(isinstance(v, (float, int)) for v in zoom_range)):
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError("`zoom_range` should be a float or a tuple or list of two floats. "
                             f"Received: zoom_range={zoom_range}")
        if zca_whitening:
            if not featurewise_center:
                self.featurewise_center = True
                warnings.warn("This ImageDataGenerator specifies `zca_whitening`, which overrides setting of "
                              "`featurewise_center`.", stacklevel=2)
            if featurewise_std_normalization:
                self.featurewise_std_normalization = False
                warnings.warn("This ImageDataGenerator specifies `zca_whitening` which overrides setting of "
                              "`featurewise_std_normalization`.", stacklevel=2)
        if self.featurewise_std_normalization and not self.featurewise_center:
            self.featurewise_center = True
            warnings.warn("This ImageDataGenerator specifies `featurewise_std_normalization`, which overrides "
                          "setting of `featurewise_center`.", stacklevel=2)
        if samplewise_std_normalization and not samplewise_center:
            self.samplewise_center = True
            warnings.warn("This ImageDataGenerator specifies `samplewise_std_normalization`, which overrides "
                          "setting of `samplewise_center`.", stacklevel=2)
        if brightness_range is not None and (not isinstance(brightness_range, (tuple, list))
                                             or len(brightness_range) != 2):
            raise ValueError("`brightness_range should be tuple or list of two floats. "
                             f"Received: brightness_range={brightness_range}")
        self.brightness_range = brightness_range

    def flow(self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None, save_to_dir=None,
             save_prefix="", save_format="png", ignore_class_split=False, subset=None):
        """A `NumpyArrayIterator` over `x` (rank-4 images) and optional `y` / `sample_weight` (see there)."""
        return NumpyArrayIterator(x, y, self, batch_size=batch_size, shuffle=shuffle, sample_weight=sample_weight,
                                  seed=seed, data_format=self.data_format, save_to_dir=save_to_dir,
                                  save_prefix=save_prefix, save_format=save_format,
                                  ignore_class_split=ignore_class_split, subset=subset, dtype=self.dtype)

    def flow_from_directory(self, directory, target_size=(256, 256), color_mode="rgb", classes=None,
                            class_mode="categorical", batch_size=32, shuffle=True, seed=None, save_to_dir=None,
                            save_prefix="", save_format="png", follow_links=False, subset=None,
                            interpolation="nearest", keep_aspect_ratio=False):
        """A `DirectoryIterator` over `directory/<class>/<images>` (see there for the arguments)."""
        return DirectoryIterator(directory, self, target_size=target_size, color_mode=color_mode,
                                 keep_aspect_ratio=keep_aspect_ratio, classes=classes, class_mode=class_mode,
                                 data_format=self.data_format, batch_size=batch_size, shuffle=shuffle, seed=seed,
                                 save_to_dir=save_to_dir, save_prefix=save_prefix, save_format=save_format,
                                 follow_links=follow_links, subset=subset, interpolation=interpolation,
                                 dtype=self.dtype)

    def flow_from_dataframe(self, dataframe, directory=None, x_col="filename", y_col="class", weight_col=None,
                            target_size=(256, 256), color_mode="rgb", classes=None, class_mode="categorical",
                            batch_size=32, shuffle=True, seed=None, save_to_dir=None, save_prefix="",
                            save_format="png", subset=None, interpolation="nearest", validate_filenames=True,
                            **kwargs):
        """A `DataFrameIterator` over the images a pandas DataFrame lists (see there for the arguments).

        The Keras 2 arguments `has_ext`, `sort` and `drop_duplicates` warn (DeprecationWarning) and have no effect,
        as in Keras; `class_mode="other"` is the old name of "raw".

        Raises:
            TypeError: for any other keyword argument.
        """
        for name, message in (("has_ext", "has_ext is deprecated, filenames in the dataframe have to match the "
                               "exact filenames in disk."),
                              ("sort", "sort is deprecated, batches will be created in the same order than the "
                               "filenames provided if `shuffle` is set to `False`."),
                              ("drop_duplicates", "drop_duplicates is deprecated, you can drop duplicates by using "
                               "the pandas.DataFrame.drop_duplicates method.")):
            if name in kwargs:
                kwargs.pop(name)
                warnings.warn(message, DeprecationWarning, stacklevel=2)
        if kwargs:
            raise TypeError(f"flow_from_dataframe() got unexpected keyword arguments: {list(kwargs)}. "
                            f"Received: {kwargs}")
        if class_mode == "other":
            warnings.warn('`class_mode="other"` is deprecated, please use `class_mode="raw"`.', DeprecationWarning,
                          stacklevel=2)
            class_mode = "raw"
        return DataFrameIterator(dataframe, directory, self, x_col=x_col, y_col=y_col, weight_col=weight_col,
                                 target_size=target_size, color_mode=color_mode, classes=classes,
                                 class_mode=class_mode, data_format=self.data_format, batch_size=batch_size,
                                 shuffle=shuffle, seed=seed, save_to_dir=save_to_dir, save_prefix=save_prefix,
                                 save_format=save_format, subset=subset, interpolation=interpolation,
                                 validate_filenames=validate_filenames, dtype=self.dtype)

    def standardize(self, x):
        """`preprocessing_function`, `rescale`, sample-wise then feature-wise centring/normalization, ZCA.

        Works on one image or a batch; modifies `x` in place where Keras does (pass a copy to keep it).
        Warns when a feature-wise option is set but `fit` was not called.
        """
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-6
        if self.featurewise_center:
            if self.mean is None:
                _warn_unfitted("featurewise_center")
            else:
                x -= self.mean
        if self.featurewise_std_normalization:
            if self.std is None:
                _warn_unfitted("featurewise_std_normalization")
            else:
                x /= self.std + 1e-6
        if self.zca_whitening:
            if self.zca_whitening_matrix is None:
                _warn_unfitted("zca_whitening")
            else:
                flat = x.reshape(-1, math.prod(x.shape[-3:]))
                x = np.reshape(flat @ self.zca_whitening_matrix, x.shape)
        return x

    def _shift(self, shift_range, size):
        if not shift_range:
            return 0
        if isinstance(shift_range, (int, np.integer)) or np.ndim(shift_range) == 1:
            shift = np.random.choice(shift_range) * np.random.choice([-1, 1])
        else:
            shift = np.random.uniform(-shift_range, shift_range)
        if np.max(shift_range) < 1:
            shift *= size
        return shift

    def get_random_transform(self, img_shape, seed=None):
        """dict of random parameters for `apply_transform` (theta, tx, ty, shear, zx, zy, flip_horizontal,
        flip_vertical, channel_shift_intensity, brightness), drawn in Keras's order from numpy's generator
        (reseeded with `seed` when given)."""
        if seed is not None:
            np.random.seed(seed)
        theta = np.random.uniform(-self.rotation_range, self.rotation_range) if self.rotation_range else 0
        tx = self._shift(self.height_shift_range, img_shape[self.row_axis - 1])
        ty = self._shift(self.width_shift_range, img_shape[self.col_axis - 1])
        shear = np.random.uniform(-self.shear_range, self.shear_range) if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift_intensity = None
        if self.channel_shift_range != 0:
            channel_shift_intensity = np.random.uniform(-self.channel_shift_range, self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0], self.brightness_range[1])
        return {"theta": theta, "tx": tx, "ty": ty, "shear": shear, "zx": zx, "zy": zy,
                "flip_horizontal": flip_horizontal, "flip_vertical": flip_vertical,
                "channel_shift_intensity": channel_shift_intensity, "brightness": brightness}

    def apply_transform(self, x, transform_parameters):
        """One image (rank 3, this generator's data format) transformed by `transform_parameters`: affine, channel
        shift, flips, brightness - in Keras's order. Missing keys mean no change."""
        p = transform_parameters
        row, col, channel = self.row_axis - 1, self.col_axis - 1, self.channel_axis - 1
        x = image_ops.apply_affine_transform(x, p.get("theta", 0), p.get("tx", 0), p.get("ty", 0), p.get("shear", 0),
                                             p.get("zx", 1), p.get("zy", 1), row_axis=row, col_axis=col,
                                             channel_axis=channel, fill_mode=self.fill_mode, cval=self.cval,
                                             order=self.interpolation_order)
        if p.get("channel_shift_intensity") is not None:
            x = image_ops.apply_channel_shift(x, p["channel_shift_intensity"], channel)
        if p.get("flip_horizontal", False):
            x = flip_axis(x, col)
        if p.get("flip_vertical", False):
            x = flip_axis(x, row)
        if p.get("brightness") is not None:
            x = image_ops.apply_brightness_shift(x, p["brightness"], False)
        return x

    def random_transform(self, x, seed=None):
        """`apply_transform(x, get_random_transform(x.shape, seed))`."""
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))

    def fit(self, x, augment=False, rounds=1, seed=None):
        """Compute `mean`, `std` (per channel) and the ZCA matrix from sample images (after `rescale`).

        Args:
            x: rank-4 array. augment: bool, fit on `rounds` randomly augmented copies. rounds: int. seed: int.

        Raises:
            ValueError: for `x` not of rank 4.
        """
        x = np.array(x, dtype=self.dtype, copy=True)
        if x.ndim != 4:
            raise ValueError(f"Input to `.fit()` should have rank 4. Got array with shape: {x.shape}")
        if x.shape[self.channel_axis] not in (1, 3, 4):
            warnings.warn(f'Expected input to be images (as Numpy array) following the data format convention '
                          f'"{self.data_format}" (channels on axis {self.channel_axis}), i.e. expected either 1, 3 '
                          f"or 4 channels on axis {self.channel_axis}. However, it was passed an array with shape "
                          f"{x.shape} ({x.shape[self.channel_axis]} channels).", stacklevel=2)
        if seed is not None:
            np.random.seed(seed)
        if self.rescale:
            x *= self.rescale
        if augment:
            augmented = np.zeros((rounds * x.shape[0],) + x.shape[1:], dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    augmented[i + r * x.shape[0]] = self.random_transform(x[i])
            x = augmented
        shape = [1, 1, 1]
        shape[self.channel_axis - 1] = x.shape[self.channel_axis]
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=(0, self.row_axis, self.col_axis)), shape)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=(0, self.row_axis, self.col_axis)), shape)
            x /= self.std + 1e-6
        if self.zca_whitening:
            n = len(x)
            u, s, _ = np.linalg.svd(np.reshape(x, (n, -1)).T, full_matrices=False)
            self.zca_whitening_matrix = (u * (np.sqrt(n) / (s + self.zca_epsilon))).dot(u.T)
