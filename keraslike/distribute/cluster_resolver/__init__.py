"""`tf.distribute.cluster_resolver`."""

from keraslike._src.distribute.multi_worker import TFConfigClusterResolver  # noqa: F401
