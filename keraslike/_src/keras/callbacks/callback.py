"""`keras.callbacks.Callback`, the base of every callback (keras/src/callbacks/callback.py)."""

from keraslike._src.keras.keras_version import legacy_keras


class Callback:
    """Base class: override any `on_*` hook. `self.model` and `self.params` are set by fit.

    `model` is a read-only property in Keras 3 (TF 2.21's tf.keras): a subclass assigning `self.model = m` raises
    `AttributeError: property 'model' of 'C' object has no setter`, as in TF; `set_model(m)` is the way to
    attach one. Under `TF_USE_LEGACY_KERAS=1` it is a plain attribute, as in Keras 2.
    """

    def __init__(self):
        self._model = None
        self.params = {}
        self.validation_data = None

    @property
    def model(self):
        return self._model

    @model.setter
    def model(self, model):
        if not legacy_keras():
            raise AttributeError(f"property 'model' of '{type(self).__name__}' object has no setter")
        self._model = model

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self._model = model

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
