"""`keras.callbacks.SwapEMAWeights` (keras/src/callbacks/swap_ema_weights.py)."""

from keraslike._src.keras.callbacks.callback import Callback


class SwapEMAWeights(Callback):
    """Evaluate (and predict) with the optimizer's moving-average weights, then swap the trained ones back.

    Use with an optimizer built with `use_ema=True`. The swap is in place. At the end of `fit` the
    optimizer's `finalize_variable_values` leaves the averages in the model anyway.

    Args:
        swap_on_epoch: bool, default False: also hold the averages in the model from `on_epoch_end` to the
            next `on_epoch_begin`, so callbacks after this one (e.g. `ModelCheckpoint`) see them.

    Raises:
        ValueError: at the first swap, if the model's optimizer has `use_ema=False`.
    """

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_in_model = False

    def _swap(self, keep_variables=False):
        self.model.optimizer.swap_with_averages(self.model.trainable_weights, keep_variables)

    def _swap_in(self):
        if not self._ema_in_model:
            self._swap()
            self._ema_in_model = True

    def _swap_out(self):
        if self._ema_in_model:
            self._swap()
            self._ema_in_model = False

    def on_epoch_begin(self, epoch, logs=None):
        if self.swap_on_epoch:
            self._swap_out()

    def on_epoch_end(self, epoch, logs=None):
        if self.swap_on_epoch:
            self._swap_in()
            if epoch == self.params.get("epochs", 0) - 1:
                self._swap(keep_variables=True)  # the finalize at fit's end must keep the averages in the model

    def on_test_begin(self, logs=None):
        self._swap_in()

    def on_test_end(self, logs=None):
        self._swap_out()

    def on_predict_begin(self, logs=None):
        self._swap_in()

    def on_predict_end(self, logs=None):
        self._swap_out()
