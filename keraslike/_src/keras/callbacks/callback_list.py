"""`keras.callbacks.CallbackList`: dispatches every hook to each callback (keras/src/callbacks/callback_list.py)."""

import inspect

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.callbacks.progbar_logger import ProgbarLogger


class CallbackList(Callback):
    """Dispatch every hook to each callback in order."""

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        super().__init__()
        if add_history or add_progbar:
            raise NotImplementedError("CallbackList(add_history=True / add_progbar=True) is not supported; append "
                                      "keras.callbacks.History() / ProgbarLogger() to `callbacks` instead. "
                                      f"Received: add_history={add_history}, add_progbar={add_progbar}")
        self.callbacks = list(callbacks or [])
        if model is not None:
            self.set_model(model)
        if params:
            self.set_params(params)

    def append(self, callback):
        self.callbacks.append(callback)

    def set_params(self, params):
        super().set_params(params)
        for cb in self.callbacks:
            cb.set_params(params)

    def set_model(self, model):
        super().set_model(model)
        for cb in self.callbacks:
            cb.set_model(model)

    def wants(self, *hooks):
        """Whether any callback overrides one of `hooks` (lets fit skip per-batch dispatch)."""
        def defines(cb, hook):
            # a hook set on the instance (LambdaCallback) or overridden by the class
            return hook in vars(cb) or getattr(type(cb), hook) is not getattr(Callback, hook)

        def overrides(cb, hook):
            if isinstance(cb, ProgbarLogger):
                return bool(cb.verbose)
            if hook.startswith("on_train_batch") and not defines(cb, hook):
                return defines(cb, hook.replace("on_train_batch", "on_batch"))
            return defines(cb, hook)

        return any(overrides(cb, hook) for cb in self.callbacks for hook in hooks)

    def _dispatch(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(*args)


def _make_dispatcher(hook):
    takes_index = len(inspect.signature(getattr(Callback, hook)).parameters) == 3  # (self, epoch|batch, logs)

    def method(self, *args, logs=None):
        """Call `hook` on every callback; `logs` is always a dict (`{}` when there is nothing), as Keras."""
        if len(args) > int(takes_index):
            args, logs = args[:-1], args[-1]
        self._dispatch(hook, *args, logs if logs is not None else {})

    method.__name__ = hook
    return method


for _hook in [name for name in vars(Callback) if name.startswith("on_")]:
    setattr(CallbackList, _hook, _make_dispatcher(_hook))
