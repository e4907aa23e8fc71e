"""`tf.distribute.cluster_resolver`."""

from keraslike._src.distribute.cluster_resolver import TFConfigClusterResolver  # noqa: F401
