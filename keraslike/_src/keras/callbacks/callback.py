"""`keras.callbacks.Callback` and the list that dispatches to callbacks (keras/src/callbacks/)."""

import inspect


class Callback:
    """Base class: override any `on_*` hook. `self.model` and `self.params` are set by fit."""

    def __init__(self):
        self.model = None
        self.params = {}
        self.validation_data = None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_batch_begin(self, batch, logs=None): pass
    def on_batch_end(self, batch, logs=None): pass
    def on_epoch_begin(self, epoch, logs=None): pass
    def on_epoch_end(self, epoch, logs=None): pass
    def on_train_batch_begin(self, batch, logs=None): self.on_batch_begin(batch, logs)
    def on_train_batch_end(self, batch, logs=None): self.on_batch_end(batch, logs)
    def on_test_batch_begin(self, batch, logs=None): pass
    def on_test_batch_end(self, batch, logs=None): pass
    def on_predict_batch_begin(self, batch, logs=None): pass
    def on_predict_batch_end(self, batch, logs=None): pass
    def on_train_begin(self, logs=None): pass
    def on_train_end(self, logs=None): pass
    def on_test_begin(self, logs=None): pass
    def on_test_end(self, logs=None): pass
    def on_predict_begin(self, logs=None): pass
    def on_predict_end(self, logs=None): pass


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
        from keraslike._src.keras.callbacks.history import ProgbarLogger

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
