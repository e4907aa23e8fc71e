"""`tf.keras.preprocessing`: the TF 2 names old tutorials import (`preprocessing.sequence.pad_sequences`)."""

from keraslike.keras.preprocessing import sequence  # noqa: F401
from keraslike._src.keras.utils.text_dataset import text_dataset_from_directory  # noqa: F401
