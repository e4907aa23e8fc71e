"""`tf.compat.v1.saved_model`: TF 2's names, plus the TF1 builder and Session loader (which raise, naming why)."""

# ruff: noqa: F401, I001
import types as _types

from keraslike.saved_model import (
    ASSETS_DIRECTORY, ASSETS_KEY, CLASSIFY_INPUTS, CLASSIFY_METHOD_NAME, CLASSIFY_OUTPUT_CLASSES,
    CLASSIFY_OUTPUT_SCORES, DEBUG_DIRECTORY, DEBUG_INFO_FILENAME_PB, DEFAULT_SERVING_SIGNATURE_DEF_KEY, GPU,
    PREDICT_INPUTS, PREDICT_METHOD_NAME, PREDICT_OUTPUTS, REGRESS_INPUTS, REGRESS_METHOD_NAME, REGRESS_OUTPUTS,
    SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT, SAVED_MODEL_SCHEMA_VERSION, SERVING, TPU, TRAINING,
    VARIABLES_DIRECTORY, VARIABLES_FILENAME, Asset, LoadOptions, SaveOptions, contains_saved_model, save,
)
from keraslike._src.compat.v1.saved_model_v1 import (
    Builder, SavedModelBuilder, build_tensor_info, classification_signature_def, load, predict_signature_def,
    regression_signature_def, simple_save,
)

loader = _types.SimpleNamespace(load=load)  # tf.compat.v1.saved_model.loader.load
builder = _types.SimpleNamespace(SavedModelBuilder=SavedModelBuilder)
