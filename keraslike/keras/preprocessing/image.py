"""`tf.keras.preprocessing.image`."""

from keraslike._src.keras.preprocessing.image import (  # noqa: F401
    apply_affine_transform, apply_brightness_shift, apply_channel_shift, random_brightness, random_channel_shift,
    random_rotation, random_shear, random_shift, random_zoom, smart_resize)
from keraslike._src.keras.preprocessing.image_data_generator import ImageDataGenerator  # noqa: F401
from keraslike._src.keras.preprocessing.image_iterators import (  # noqa: F401
    DirectoryIterator, Iterator, NumpyArrayIterator)
from keraslike._src.keras.utils.image_utils import array_to_img, img_to_array, load_img, save_img  # noqa: F401
