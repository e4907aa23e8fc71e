"""`tf.keras.utils.SidecarEvaluator`: evaluate, in a separate job, each checkpoint a training job writes.

The training job saves with `tf.train.Checkpoint(model=..., optimizer=...)` (directly or through a
`CheckpointManager`) or with `ModelCheckpoint(save_weights_only=True)`; the evaluator follows the checkpoint
directory with `tf.train.checkpoints_iterator`, restores each new latest checkpoint into its own copy of the
model and runs `model.evaluate(data, steps=steps, callbacks=callbacks, verbose=2)`. It stops once it has
evaluated a checkpoint whose number (the `-N` suffix of its prefix) reaches `max_evaluations`; without
`max_evaluations` it waits for new checkpoints for ever, as TF's.

    evaluator = tf.keras.utils.SidecarEvaluator(model=model, data=dataset, checkpoint_dir=ckpt_dir,
                                                max_evaluations=1)
    evaluator.start()
"""

import logging

import numpy as np

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.variables import Variable
from keraslike._src.train import checkpoint_protos, checkpoint_utils
from keraslike._src.train.checkpoint import Checkpoint
from keraslike._src.train.object_graph import GRAPH_KEY

_logger = logging.getLogger("tensorflow")
_UNINITIALIZED = -1
_CHECKPOINT_TIMEOUT_SEC = 30


def list_checkpoint_attributes(ckpt_dir_or_file):
    """The names of the root object's children in a checkpoint (`model`, `optimizer`, ... for a
    `tf.train.Checkpoint(model=..., optimizer=...)`; the layers' names for `model.save_weights`)."""
    reader = checkpoint_utils.load_checkpoint(ckpt_dir_or_file)
    if not reader.has_tensor(GRAPH_KEY):
        return set()
    graph = checkpoint_protos.TrackableObjectGraph.FromString(reader.get_tensor(GRAPH_KEY))
    return {ref.local_name for ref in graph.nodes[0].children}


def _checkpoint_number(path):
    try:
        return int(str(path).rsplit("-", 1)[-1])
    except ValueError:
        return None


class SidecarEvaluator:
    """Evaluates a model on each new checkpoint found in `checkpoint_dir`.

    Args:
        model: the Keras model to evaluate, compiled with the metrics to report; the checkpoints are
            restored into it (with its optimizer's iterations, when compiled with one).
        data: what `model.evaluate` accepts as `x` (a `tf.data.Dataset` with labels).
        checkpoint_dir: the folder the training job writes its checkpoints to.
        steps: `steps` of each `model.evaluate` (None: the whole `data`).
        max_evaluations: stop after evaluating a checkpoint numbered `>= max_evaluations` (the training
            job's checkpoint numbers are the epochs or save counts); None: run until interrupted.
        callbacks: Keras callbacks passed to each `model.evaluate`.

    Raises:
        RuntimeError: (from `start`) the checkpoint holds no optimizer iterations for an uncompiled model.
    """

    def __init__(self, model, data, checkpoint_dir, steps=None, max_evaluations=None, callbacks=None):
        self.model = model
        self.data = data
        self.checkpoint_dir = checkpoint_dir
        self._iterations = Variable(np.int64(_UNINITIALIZED), name="iterations", dtype=dtypes.int64,
                                    trainable=False)
        self.max_evaluations = max_evaluations
        self.steps = steps
        self.callbacks = callbacks or []

    def _timeout_fn(self):
        _logger.info("No checkpoints appear to be found after %d seconds. Please check if you are properly using "
                     "a `tf.train.Checkpoint/CheckpointManager` or `tf.keras.callbacks.ModelCheckpoint("
                     "save_weights_only=True)` to save checkpoints by the training.", _CHECKPOINT_TIMEOUT_SEC)
        return False  # keep waiting, as TF's evaluator

    def _checkpoint(self):
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer is not None:
            return Checkpoint(model=self.model, optimizer=optimizer)
        return Checkpoint(model=self.model, optimizer=Checkpoint(iter=self._iterations))

    def start(self):
        """Follow `checkpoint_dir`, evaluating each new latest checkpoint, until `max_evaluations` is reached."""
        checkpoint = self._checkpoint()
        has_optimizer = getattr(self.model, "optimizer", None) is not None
        for latest in checkpoint_utils.checkpoints_iterator(self.checkpoint_dir, timeout=_CHECKPOINT_TIMEOUT_SEC,
                                                             timeout_fn=self._timeout_fn):
            try:
                checkpoint.restore(latest).expect_partial()
                if "model" not in list_checkpoint_attributes(latest):
                    # written by model.save_weights / ModelCheckpoint(save_weights_only=True): the model is the root
                    self.model.load_weights(latest)
            except errors.OpError as err:  # a checkpoint still being written: retry with the next one
                if isinstance(err, errors.UnavailableError):
                    raise
                _logger.info("SidecarEvaluator encountered an error when loading the checkpoint at %s. Retrying. "
                             "Error: %s: %s", latest, type(err).__name__, err)
                continue
            if not has_optimizer and int(self._iterations.numpy()) == _UNINITIALIZED:
                raise RuntimeError("Variable `iterations` cannot be loaded from the checkpoint file at "
                                   f"{self.checkpoint_dir}. Please ensure `iterations` is included in the checkpoint "
                                   f"saved during training. Received: checkpoint={latest!r}")
            _logger.info("Evaluation starts: Model weights loaded from latest checkpoint file %s", latest)
            self.model.evaluate(self.data, steps=self.steps, callbacks=self.callbacks, verbose=2)
            results = {}
            for metric in self.model.metrics:
                result = metric.result()
                results.update(result if isinstance(result, dict) else {metric.name: result})
            _logger.info("End of evaluation. Metrics: %s",
                         " ".join(f"{name}={np.asarray(value)}" for name, value in results.items()))
            number = _checkpoint_number(latest)
            if self.max_evaluations and number is not None and self.max_evaluations <= number:
                _logger.info("Last checkpoint evaluated. SidecarEvaluator stops.")
                return
