"""`tf.io.gfile`."""

from keraslike._src.io.gfile import (  # noqa: F401
    GFile, Open, copy, exists, glob, isdir, join, listdir, makedirs, mkdir, remove, rename, rmtree, stat, walk,
)
