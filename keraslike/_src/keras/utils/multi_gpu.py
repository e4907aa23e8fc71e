"""`tf.keras.utils.multi_gpu_model`: the TF 1.x / Keras 2.2 data-parallel wrapper, as a shim.

Mirrors `tensorflow/python/keras/utils/multi_gpu_utils.py` (removed in TF 2.4).
TF built a new model that split each batch over `gpus` towers and merged the
outputs on the CPU. keraslike data parallelism is `tf.distribute.MirroredStrategy`
(one process per GPU, gradients all-reduced), which a model must be created
under. The shim:

- checks that `gpus` GPUs exist and raises TF's `ValueError` listing the
  available devices when they do not;
- creates `MirroredStrategy` over those GPUs (in a plain `python script.py`
  this starts one replica process per GPU, each re-running the script up to
  this call, as the strategy always does), moves the model to this replica's
  GPU and hands it to the strategy, so `compile`/`fit` train data-parallel
  with TF's semantics (global batch split across the GPUs, gradients summed);
- returns the same model object (its weights are the template's, as TF's
  wrapper shared them), with a `DeprecationWarning`.

Compile after calling it, as TF required.
"""

import warnings

from keraslike._src.config import devices
from keraslike._src.distribute import mirrored


def _available():
    """TF's device list format: ['/cpu:0', '/gpu:0', ...] (logical devices)."""
    return ["/cpu:0"] + [f"/gpu:{i}" for i in range(len(devices.logical_gpu_ordinals()))]


def multi_gpu_model(model, gpus, cpu_merge=True, cpu_relocation=False):
    """`tf.keras.utils.multi_gpu_model(model, gpus, cpu_merge=True, cpu_relocation=False)`.

    Args:
        model: a Keras model.
        gpus: int >= 2 (the number of GPUs), or a list of GPU ids such as `[0, 1]`.
        cpu_merge: accepted (TF merged tower outputs on the CPU); no effect.
        cpu_relocation: accepted (TF rebuilt the weights on the CPU); no effect.

    Returns:
        `model` itself, now distributed over the GPUs (see the module docstring).

    Raises:
        ValueError: if `gpus` is 1 or less, or the machine lacks the requested
            GPUs (TF's message, listing the available devices).
    """
    warnings.warn(
        "`multi_gpu_model` is deprecated (removed in TensorFlow 2.4); keraslike runs it as "
        "`tf.distribute.MirroredStrategy` over the requested GPUs. Prefer creating and compiling the model "
        "under `tf.distribute.MirroredStrategy().scope()`.",
        DeprecationWarning,
        stacklevel=2,
    )
    if isinstance(gpus, (list, tuple)):
        if len(gpus) <= 1:
            raise ValueError(
                "For multi-gpu usage to be effective, call `multi_gpu_model` with `len(gpus) >= 2`. "
                f"Received: `gpus={list(gpus)}`"
            )
        target_gpu_ids = [int(g) for g in gpus]
        num_gpus = len(gpus)
    else:
        if not isinstance(gpus, int) or gpus <= 1:
            raise ValueError(
                "For multi-gpu usage to be effective, call `multi_gpu_model` with `gpus >= 2`. "
                f"Received: `gpus={gpus!r}`"
            )
        target_gpu_ids = list(range(gpus))
        num_gpus = gpus
    target_devices = ["/cpu:0"] + [f"/gpu:{i}" for i in target_gpu_ids]
    available = _available()
    for device in target_devices:
        if device not in available:
            raise ValueError(
                f"To call `multi_gpu_model` with `gpus={gpus!r}`, we expect the following devices to be "
                f"available: {target_devices}. However this machine only has: {available}. Try reducing "
                f"`gpus`. Received: gpus={gpus!r} ({num_gpus} GPUs)"
            )
    strategy = mirrored.MirroredStrategy([f"/gpu:{i}" for i in target_gpu_ids])
    model.to(strategy.device)
    model._distribute_strategy = strategy
    for metric in model.metrics if getattr(model, "compiled", False) else []:
        metric._strategy = strategy
    return model
