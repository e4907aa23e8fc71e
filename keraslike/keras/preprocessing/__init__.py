"""`tf.keras.preprocessing`: the TF 2 names old tutorials import (`preprocessing.sequence.pad_sequences`) and Keras 3's
dataset loaders kept there (`keras.preprocessing.text_dataset_from_directory`, ...)."""

from keraslike.keras.preprocessing import image, sequence, text  # noqa: F401
from keraslike._src.keras.utils.image_utils import image_dataset_from_directory  # noqa: F401
from keraslike._src.keras.utils.text_dataset import text_dataset_from_directory  # noqa: F401
from keraslike._src.keras.utils.timeseries_dataset import timeseries_dataset_from_array  # noqa: F401
