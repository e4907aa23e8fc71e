"""`tf.queue`: eager queues of tensors (see queues.py)."""
