"""`tf.keras.models`."""

from keraslike._src.keras.models.model import Model  # noqa: F401
from keraslike._src.keras.models.sequential import Sequential  # noqa: F401
from keraslike._src.keras.saving.clone import clone_model  # noqa: F401
from keraslike._src.keras.saving.saving_lib import load_model, model_from_json, save_model  # noqa: F401
