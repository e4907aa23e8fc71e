"""`tf.compat.v1.logging` (TF1's `tf.logging`)."""

from keraslike._src.compat.v1.tf_logging import (  # noqa: F401
    DEBUG, ERROR, FATAL, INFO, WARN, TaskLevelStatusMessage, debug, error, fatal, flush, get_verbosity, info, log,
    log_every_n, log_first_n, log_if, set_verbosity, vlog, warn, warning,
)
