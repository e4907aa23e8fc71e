"""`tf.keras.config`: Keras's global settings (keraslike._src.keras.backend.config)."""

from keraslike._src.keras.backend.config import (  # noqa: F401
    backend, disable_flash_attention, disable_interactive_logging, disable_traceback_filtering, enable_flash_attention,
    enable_interactive_logging, enable_traceback_filtering, enable_unsafe_deserialization, epsilon, floatx,
    image_data_format, is_flash_attention_enabled, is_interactive_logging_enabled, is_nnx_enabled,
    is_traceback_filtering_enabled, max_epochs, max_steps_per_epoch, set_backend, set_epsilon, set_floatx,
    set_image_data_format, set_max_epochs, set_max_steps_per_epoch,
)
from keraslike._src.keras.mixed_precision import global_policy as dtype_policy  # noqa: F401
from keraslike._src.keras.mixed_precision import set_global_policy as set_dtype_policy  # noqa: F401
