"""`tf.debugging` (device placement logging)."""

from keraslike._src.placement.log import get_log_device_placement, set_log_device_placement  # noqa: F401
