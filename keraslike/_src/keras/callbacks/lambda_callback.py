"""`keras.callbacks.LambdaCallback` (keras/src/callbacks/lambda_callback.py)."""

from keraslike._src.keras.callbacks.callback import Callback


class LambdaCallback(Callback):
    """Callback built from plain functions.

    Args:
        on_epoch_begin / on_epoch_end: `fn(epoch, logs)`.
        on_train_begin / on_train_end: `fn(logs)`.
        on_train_batch_begin / on_train_batch_end (and on_batch_begin / on_batch_end): `fn(batch, logs)`.
        **kwargs: any other `on_*` hook, e.g. `on_test_end=fn(logs)`.

    Raises:
        ValueError: for a keyword that is not a callback hook.
    """

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        hooks = dict(kwargs, on_epoch_begin=on_epoch_begin, on_epoch_end=on_epoch_end,
                     on_train_begin=on_train_begin, on_train_end=on_train_end,
                     on_train_batch_begin=on_train_batch_begin, on_train_batch_end=on_train_batch_end)
        for name, fn in hooks.items():
            if not name.startswith("on_") or not hasattr(Callback, name):
                raise ValueError(f"Unrecognized callback hook for LambdaCallback. Received: {name}={fn!r}")
            if fn is not None:
                # instance attributes: CallbackList.wants() sees exactly the hooks that were given
                setattr(self, name, _hook(fn, batch_or_epoch=name not in _LOGS_ONLY))


_LOGS_ONLY = {"on_train_begin", "on_train_end", "on_test_begin", "on_test_end", "on_predict_begin",
              "on_predict_end"}


def _hook(fn, batch_or_epoch):
    if batch_or_epoch:
        return lambda index, logs=None: fn(index, logs)
    return lambda logs=None: fn(logs)
