"""`tf.keras.callbacks`."""

from keraslike._src.keras.callbacks.callback import Callback, CallbackList  # noqa: F401
from keraslike._src.keras.callbacks.history import History, ProgbarLogger  # noqa: F401
