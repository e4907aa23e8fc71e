"""`tf.compat.v1.metrics`: TF1's streaming `accuracy` and `mean` (`(value, update_op)` over local variables).
The other TF1 streaming metrics raise naming what to use instead (falling back to the TF2 `tf.metrics`
functions would silently compute something else)."""

from keraslike._src.graph.metrics_v1 import accuracy, mean  # noqa: F401


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(
        f"tf.compat.v1.metrics.{name} (a streaming metric returning (value, update_op)) is not supported by "
        "keraslike (accuracy and mean are). Compute the metric from fetched values, or in the graph, e.g. "
        "tf.reduce_mean(...), or use a Keras metric (tf.keras.metrics) eagerly. "
        f"Received: name={name!r}")
