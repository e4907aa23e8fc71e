"""`tf.keras.preprocessing.sequence`."""

from keraslike._src.keras.preprocessing.sequence import TimeseriesGenerator, make_sampling_table, skipgrams  # noqa: F401
from keraslike._src.keras.utils.sequence_utils import pad_sequences  # noqa: F401
