"""`tf.distribute.experimental.partitioners`."""

from keraslike._src.distribute.partitioners import (  # noqa: F401
    FixedShardsPartitioner, MaxSizePartitioner, MinSizePartitioner, Partitioner,
)
