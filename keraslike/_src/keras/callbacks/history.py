"""`keras.callbacks.History` (keras/src/callbacks/history.py): the epoch logs `fit` returns."""

from keraslike._src.keras.callbacks.callback import Callback


class History(Callback):
    """Records epoch logs: `history.history["loss"]` is a list of floats, `history.epoch` the epoch indices."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for k, v in (logs or {}).items():
            self.history.setdefault(k, []).append(v)
        if self.model is not None:
            self.model.history = self
