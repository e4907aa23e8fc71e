"""`tf.saved_model`: save/load in keraslike's SavedModel directory format (implementation in _src/saved_model/)."""

# ruff: noqa: F401, I001
from keraslike._src.saved_model.constants import (
    ASSETS_DIRECTORY, ASSETS_KEY, CLASSIFY_INPUTS, CLASSIFY_METHOD_NAME, CLASSIFY_OUTPUT_CLASSES,
    CLASSIFY_OUTPUT_SCORES, DEBUG_DIRECTORY, DEBUG_INFO_FILENAME_PB, DEFAULT_SERVING_SIGNATURE_DEF_KEY, GPU,
    PREDICT_INPUTS, PREDICT_METHOD_NAME, PREDICT_OUTPUTS, REGRESS_INPUTS, REGRESS_METHOD_NAME, REGRESS_OUTPUTS,
    SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT, SAVED_MODEL_SCHEMA_VERSION, SERVING, TPU, TRAINING,
    VARIABLES_DIRECTORY, VARIABLES_FILENAME,
)
from keraslike._src.saved_model.asset import Asset
from keraslike._src.saved_model.load import LoadOptions, contains_saved_model, load
from keraslike._src.saved_model.save import SaveOptions, save
