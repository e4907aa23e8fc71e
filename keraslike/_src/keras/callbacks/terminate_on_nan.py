"""`keras.callbacks.TerminateOnNaN` (keras/src/callbacks/terminate_on_nan.py)."""

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.callbacks.monitor_callback import is_nan_or_inf
from keraslike._src.keras.utils import io_utils


class TerminateOnNaN(Callback):
    """Stop training when the loss becomes NaN or infinite.

    It reads the loss after every batch (one host sync per step) and training
    stops after that batch. With several replicas the loss it reads is reduced
    across them, so a NaN on any replica stops every replica at the same batch.
    """

    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and is_nan_or_inf(loss):
            if getattr(getattr(self.model, "distribute_strategy", None), "_is_chief", True):
                io_utils.print_msg(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True
