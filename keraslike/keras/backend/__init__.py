"""`tf.keras.backend`."""

from keraslike._src.keras.backend import clear_session, floatx, set_floatx  # noqa: F401
from keraslike._src.keras.backend.config import (  # noqa: F401
    backend, epsilon, image_data_format, set_epsilon, set_image_data_format,
)
