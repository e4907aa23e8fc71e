"""`keras.callbacks.ProgbarLogger` (keras/src/callbacks/progbar_logger.py): `fit`'s epoch lines and progress bar."""

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.utils.progbar import Progbar
from keraslike._src.keras.utils import io_utils


class ProgbarLogger(Callback):
    """Prints `Epoch i/N` and the Keras progress line. Only the chief writes (others stay silent).

    Batch logs are read only when the bar redraws (no per-step host sync). With
    several replicas the redraw steps are fixed in advance (`sync_every`), since
    reading metrics is a collective every replica must join. `verbose=2` draws only
    the epoch-end line, so it reads no batch logs at all.
    """

    def __init__(self, count_mode="steps", stateful_metrics=None):
        super().__init__()
        self.verbose = 1
        self.epochs = 1
        self.target = None
        self.progbar = None
        self.sync_every = None
        self.is_chief = True
        self._called_in_fit = False
        self._steps = 0  # batches done in the current epoch (or evaluate/predict run)

    def set_params(self, params):
        super().set_params(params)
        self.verbose = params.get("verbose", 1)
        self.epochs = params.get("epochs", 1)
        self.target = params.get("steps")

    def _print(self, text):
        if self.is_chief:
            io_utils.print_msg(text)

    def _new_bar(self):
        self._steps = 0
        verbose = self.verbose if self.is_chief else 0
        self.progbar = Progbar(self.target, verbose=verbose, unit_name="step", stateless_metrics=set())

    def on_train_begin(self, logs=None):
        self._called_in_fit = True

    def on_train_end(self, logs=None):
        self._called_in_fit = False

    def on_epoch_begin(self, epoch, logs=None):
        if self.verbose and self.epochs > 1:
            self._print(f"Epoch {epoch + 1}/{self.epochs}")
        self._new_bar()

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self.target = self.params.get("steps")
            self._new_bar()

    def on_predict_begin(self, logs=None):
        self.target = self.params.get("steps")
        self._new_bar()

    def _batch_update(self, batch, logs):
        self._steps = batch + 1
        if self.verbose != 1 or self.progbar is None:
            return  # verbose=2 prints one line per epoch: no mid-epoch reads (each one a collective on replicas)
        current = batch + 1
        # the last batch draws too (as Keras does), then the epoch/test end draws the final line again
        if self.sync_every is not None:
            if current % self.sync_every:
                return
        elif not self.progbar.should_update(current):
            return
        self.progbar.update(current, list((logs or {}).items()), finalize=False)

    def on_train_batch_end(self, batch, logs=None):
        self._batch_update(batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._batch_update(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._steps = batch + 1
        if self.verbose == 1 and self.progbar is not None and self.progbar.should_update(batch + 1):
            self.progbar.update(batch + 1, [], finalize=False)

    def _finish(self, logs):
        if self.target is None and self._steps:
            # a dataset of unknown size: Keras takes the steps it counted as the size (the final line reads
            # `63/63`, and fit's later epochs show `1/63` ...)
            self.target = self._steps
            if self.progbar is not None:
                self.progbar.target = self._steps
        if self.verbose and self.progbar is not None:
            self.progbar.update(self._steps if self.target is None else self.target,
                                list((logs or {}).items()), finalize=True)
            self.progbar = None

    def on_epoch_end(self, epoch, logs=None):
        self._finish(logs)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finish(logs)

    def on_predict_end(self, logs=None):
        self._finish({})
