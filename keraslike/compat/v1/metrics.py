"""`tf.compat.v1.metrics`: TF1's streaming metrics return `(value, update_op)` over local variables, which
keraslike does not implement; each name raises naming the Keras metric to use instead (falling back to the
TF2 `tf.metrics` functions would silently compute something else)."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(
        f"tf.compat.v1.metrics.{name} (a streaming metric returning (value, update_op)) is not supported by "
        "keraslike. Compute the metric from fetched values, e.g. tf.reduce_mean(tf.cast(tf.equal(...), "
        "tf.float32)) in the graph, or use a Keras metric (tf.keras.metrics) eagerly. "
        f"Received: name={name!r}")
