"""`tf.queue`: FIFOQueue, PaddingFIFOQueue, PriorityQueue, RandomShuffleQueue (see `keraslike/_src/queue/`)."""

# ruff: noqa: F401
from keraslike._src.queue.queues import FIFOQueue, PaddingFIFOQueue, PriorityQueue, QueueBase, RandomShuffleQueue
