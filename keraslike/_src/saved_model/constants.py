"""`tf.saved_model` constants (TF's names and values) and keraslike's own file names.

Mirrors `tensorflow/python/saved_model/constants.py`, `signature_constants.py` and `tag_constants.py`.
"""

ASSETS_DIRECTORY = "assets"
ASSETS_KEY = "saved_model_assets"
DEBUG_DIRECTORY = "debug"
DEBUG_INFO_FILENAME_PB = "saved_model_debug_info.pb"
SAVED_MODEL_FILENAME_PB = "saved_model.pb"
SAVED_MODEL_FILENAME_PBTXT = "saved_model.pbtxt"
SAVED_MODEL_SCHEMA_VERSION = 1
VARIABLES_DIRECTORY = "variables"
VARIABLES_FILENAME = "variables"

DEFAULT_SERVING_SIGNATURE_DEF_KEY = "serving_default"
CLASSIFY_INPUTS = "inputs"
CLASSIFY_METHOD_NAME = "tensorflow/serving/classify"
CLASSIFY_OUTPUT_CLASSES = "classes"
CLASSIFY_OUTPUT_SCORES = "scores"
PREDICT_INPUTS = "inputs"
PREDICT_METHOD_NAME = "tensorflow/serving/predict"
PREDICT_OUTPUTS = "outputs"
REGRESS_INPUTS = "inputs"
REGRESS_METHOD_NAME = "tensorflow/serving/regress"
REGRESS_OUTPUTS = "outputs"

SERVING = "serve"
TRAINING = "train"
GPU = "gpu"
TPU = "tpu"

# keraslike's format: the object graph, signatures and functions as JSON, the tensors as a TF checkpoint
# (`variables.safetensors` in directories written before keraslike stored torch.export programs).
KERASLIKE_FILENAME = "keraslike_saved_model.json"
KERASLIKE_FORMAT = "keraslike.saved_model"
KERASLIKE_FORMAT_VERSION = 1
TENSORS_FILENAME = "variables.safetensors"


def is_local_io_device(device):
    """Whether `experimental_io_device` (Save/LoadOptions) names this host's own I/O (`/job:localhost`, with or
    without its CPU), which is where keraslike reads and writes every file anyway."""
    if not isinstance(device, str):
        return False
    spec = device.strip().lower().rstrip("/")
    local = ("/job:localhost", "/job:localhost/replica:0/task:0", "/job:localhost/replica:0/task:0/device:cpu:0",
             "/job:localhost/device:cpu:0")
    return spec in local
