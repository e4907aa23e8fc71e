"""`tf.keras.layers.experimental.preprocessing` of Keras 2: the preprocessing layers under their TF 2.3-2.5 path
(the same classes as `keras.layers.*`)."""

from keraslike._src.keras.layers.legacy_layers import RandomHeight, RandomWidth
from keraslike._src.keras.layers.preprocessing.categorical import CategoryEncoding, Discretization
from keraslike._src.keras.layers.preprocessing.hashed_crossing import HashedCrossing
from keraslike._src.keras.layers.preprocessing.hashing import Hashing
from keraslike._src.keras.layers.preprocessing.image_preprocessing import (
    CenterCrop, RandomContrast, RandomCrop, RandomFlip, RandomRotation, RandomTranslation, RandomZoom, Resizing,
)
from keraslike._src.keras.layers.preprocessing.integer_lookup import IntegerLookup
from keraslike._src.keras.layers.preprocessing.normalization import Normalization
from keraslike._src.keras.layers.preprocessing.rescaling import Rescaling
from keraslike._src.keras.layers.preprocessing.string_lookup import StringLookup
from keraslike._src.keras.layers.preprocessing.text_vectorization import TextVectorization

__all__ = ["CategoryEncoding", "CenterCrop", "Discretization", "HashedCrossing", "Hashing", "IntegerLookup",
           "Normalization", "RandomContrast", "RandomCrop", "RandomFlip", "RandomHeight", "RandomRotation",
           "RandomTranslation", "RandomWidth", "RandomZoom", "Rescaling", "Resizing", "StringLookup",
           "TextVectorization"]
