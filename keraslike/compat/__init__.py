"""`tf.compat`."""

from keraslike.compat import v1  # noqa: F401


def __getattr__(name):
    if name == "v2":
        import keraslike

        return keraslike
    raise AttributeError(f"module 'keraslike.compat' has no attribute '{name}'. Received: name={name!r}")
