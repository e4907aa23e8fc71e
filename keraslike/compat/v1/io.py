"""`tf.compat.v1.io`: `tf.io` plus TF1's `tf_record_iterator`."""

# ruff: noqa: F401, F403, I001
from keraslike.io import *
from keraslike.io import gfile
from keraslike._src.io.tfrecord import tf_record_iterator
