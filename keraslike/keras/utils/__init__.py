"""`tf.keras.utils`."""

from keraslike._src.keras.utils.progbar import Progbar  # noqa: F401
from keraslike._src.keras.utils.general import set_random_seed, to_categorical  # noqa: F401
from keraslike._src.keras.utils.multi_gpu import multi_gpu_model  # noqa: F401
from keraslike._src.keras.utils.image_utils import (  # noqa: F401
    array_to_img, image_dataset_from_directory, img_to_array, load_img, save_img,
)
from keraslike._src.keras.utils.numerical_utils import normalize  # noqa: F401
from keraslike._src.keras.utils.sequence_utils import pad_sequences  # noqa: F401
from keraslike._src.keras.utils.split_dataset import split_dataset  # noqa: F401
from keraslike._src.keras.utils.audio_dataset import audio_dataset_from_directory  # noqa: F401
from keraslike._src.keras.layers.preprocessing.feature_space import FeatureSpace  # noqa: F401
from keraslike._src.keras.utils.text_dataset import text_dataset_from_directory  # noqa: F401
from keraslike._src.keras.utils.timeseries_dataset import timeseries_dataset_from_array  # noqa: F401
from keraslike._src.keras.utils.py_dataset import PyDataset, Sequence  # noqa: F401
from keraslike._src.keras.trainers.data_adapter import pack_x_y_sample_weight  # noqa: F401
from keraslike._src.keras.trainers.data_adapter import unpack_x_y_sample_weight  # noqa: F401
from keraslike._src.keras.utils.tensor_utils import get_source_inputs, is_keras_tensor  # noqa: F401
from keraslike._src.keras.backend import clear_session  # noqa: F401
from keraslike._src.keras.ops.dtypes import standardize_dtype  # noqa: F401
from keraslike.keras.saving import (  # noqa: F401  (TF 2 and Keras 3 expose these under keras.utils too)
    CustomObjectScope, custom_object_scope, deserialize_keras_object, get_custom_objects, get_registered_name,
    get_registered_object, register_keras_serializable, serialize_keras_object,
)
from keraslike._src.keras.utils.file_utils import get_file  # noqa: F401
from keraslike._src.keras.utils.model_visualization import model_to_dot, plot_model  # noqa: F401
from keraslike._src.keras.backend.config import (  # noqa: F401,E402  (also in keras.utils, as Keras exports them)
    disable_interactive_logging, enable_interactive_logging, is_interactive_logging_enabled,
)
from keraslike._src.keras.utils.config import Config  # noqa: F401,E402
from keraslike._src.keras.utils.sidecar_evaluator import SidecarEvaluator  # noqa: F401,E402
from keraslike._src.keras.utils.deterministic_random_test_tool import DeterministicRandomTestTool  # noqa: F401,E402
from keraslike._src.graph.eager_variable_store import track_tf1_style_variables  # noqa: F401,E402
from keraslike._src.graph.tf1_style_layers import get_or_create_layer  # noqa: F401,E402
from keraslike.keras.utils import legacy  # noqa: F401,E402
