"""`tf.keras.callbacks`."""

from keraslike._src.keras.callbacks.backup_and_restore import BackupAndRestore  # noqa: F401
from keraslike._src.keras.callbacks.callback import Callback  # noqa: F401
from keraslike._src.keras.callbacks.callback_list import CallbackList  # noqa: F401
from keraslike._src.keras.callbacks.csv_logger import CSVLogger  # noqa: F401
from keraslike._src.keras.callbacks.early_stopping import EarlyStopping  # noqa: F401
from keraslike._src.keras.callbacks.history import History  # noqa: F401
from keraslike._src.keras.callbacks.progbar_logger import ProgbarLogger  # noqa: F401
from keraslike._src.keras.callbacks.lambda_callback import LambdaCallback  # noqa: F401
from keraslike._src.keras.callbacks.learning_rate_scheduler import LearningRateScheduler  # noqa: F401
from keraslike._src.keras.callbacks.model_checkpoint import ModelCheckpoint  # noqa: F401
from keraslike._src.keras.callbacks.reduce_lr_on_plateau import ReduceLROnPlateau  # noqa: F401
from keraslike._src.keras.callbacks.swap_ema_weights import SwapEMAWeights  # noqa: F401
from keraslike._src.keras.callbacks.tensorboard import TensorBoard  # noqa: F401
from keraslike._src.keras.callbacks.remote_monitor import RemoteMonitor  # noqa: F401
from keraslike._src.keras.callbacks.terminate_on_nan import TerminateOnNaN  # noqa: F401
