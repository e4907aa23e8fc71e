"""`tf.data.experimental.service`: an in-process tf.data service (see keraslike/_src/data/service.py)."""

from keraslike._src.data.service import (  # noqa: F401
    CrossTrainerCache, DispatcherConfig, DispatchServer, ShardingPolicy, WorkerConfig, WorkerServer, distribute,
    from_dataset_id, register_dataset,
)
