"""`tf.compat.v1.flags` (TF1's `tf.flags` / `tf.app.flags`): absl's flags module, as TF's is."""

from absl.flags import *  # noqa: F401,F403
from absl.flags import FLAGS  # noqa: F401
