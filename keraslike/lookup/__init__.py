"""`tf.lookup`: hash tables from strings or integers to values (see `keraslike/_src/lookup/`)."""

# ruff: noqa: F401
from keraslike._src.lookup.lookup_ops import (
    KeyValueTensorInitializer, StaticHashTable, StaticVocabularyTable, TextFileIndex, TextFileInitializer,
)
from keraslike.lookup import experimental
