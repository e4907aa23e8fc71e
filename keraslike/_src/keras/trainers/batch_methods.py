"""`train_on_batch` / `test_on_batch` / `predict_on_batch` (keras/src/trainers/trainer.py, Keras 3 returns).

One call is one step on the given arrays as a single GLOBAL batch (each
replica takes its share). As in Keras 3, metrics are reset before each call,
so the values are this batch's; the return value is a scalar (loss only), a
list in `metrics_names` order, or a dict with `return_dict=True`.
"""

import torch

from keraslike._src.keras.trainers import data_adapter
from keraslike._src.keras.trainers.logs import metric_logs
from keraslike._src.keras.trainers.step_overrides import StepLogs


class BatchMethods:
    """Mixin of `Trainer` with the single-batch API."""

    def _one_batch(self, x, y, sample_weight, class_weight=None):
        x, y, sample_weight = (data_adapter.lists_to_arrays(v) for v in (x, y, sample_weight))
        adapter = data_adapter.ArrayDataAdapter(x, y, sample_weight, None, False, self._distribute_strategy,
                                                class_weight=class_weight)
        adapter.batch_size = max(adapter.num_samples, 1)
        adapter.steps_per_epoch = 1
        self._check_input_shape(adapter)
        self._ensure_built(adapter)
        return next(iter(adapter.epoch(0)))

    def _ordered(self, logs, return_dict):
        if return_dict:
            return logs
        names = self.metrics_names
        ordered = [logs[name] for name in names if name in logs] + [v for k, v in logs.items() if k not in names]
        return ordered[0] if len(ordered) == 1 else ordered

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        """Run one gradient update on `(x, y)`.

        Returns:
            The loss (float) when there are no metrics, else `[loss, *metrics]`, or a dict with `return_dict`.

        Raises:
            RuntimeError: if the model is not compiled.
        """
        self._assert_compiled("train_on_batch")
        with self._distribute_strategy.scope():
            batch = self._one_batch(x, y, sample_weight, class_weight)
            params = self._prepare_training()
            self.reset_metrics()
            if self._overrides("train_step"):
                logs = StepLogs(self._run_user_step(self.train_step, batch)).copy()
            else:
                self._train_batch(batch, params, bool(self.losses))
                logs = metric_logs(self.metrics)
        return self._ordered(logs, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        """Loss and metrics on one batch, without updating weights (same return shapes as `train_on_batch`)."""
        self._assert_compiled("test_on_batch")
        with self._distribute_strategy.scope():
            batch = self._one_batch(x, y, sample_weight)
            self.reset_metrics()
            with torch.no_grad():
                if self._overrides("test_step"):
                    logs = StepLogs(self._run_user_step(self.test_step, batch)).copy()
                else:
                    self._test_batch(batch)
                    logs = metric_logs(self.metrics)
        return self._ordered(logs, return_dict)

    def predict_on_batch(self, x):
        """Model outputs for one batch as numpy (rows in input order)."""
        leaves = data_adapter.flatten(x) if isinstance(x, (list, tuple, dict)) else [x]
        n = int(leaves[0].shape[0])
        return self.predict(x, batch_size=max(n, 1), verbose=0)
