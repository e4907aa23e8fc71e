"""`tf.lookup.experimental`: mutable hash tables."""

# ruff: noqa: F401
from keraslike._src.lookup.lookup_ops import DenseHashTable, MutableHashTable
