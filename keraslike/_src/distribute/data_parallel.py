"""The model as `fit` trains it under N replicas: DistributedDataParallel when the model allows, else a plain
gradient all-reduce (TF's MirroredStrategy semantics either way: gradients are SUMMED across replicas).

DDP's fast path (gradient buckets all-reduced while backward still runs) needs every trainable parameter
to receive a gradient in every step. Models that break that crash there with "Expected to have finished
reduction in the prior iteration": an output compiled with loss `None`, a layer the model's `call` never
uses, a branch a subclassed model takes only for some batches. So the options come from the model:

1. The first step after (re)wrapping is a probe: a plain all-reduce of the gradients together with a mask
   of which parameters got one on any replica.
2. A static layer graph (Sequential or functional, built from keraslike layers only) in which every
   parameter got a gradient -> DDP with its default options for the rest of training.
3. A static graph with parameters no loss reaches -> a plain all-reduce of the used parameters' gradients
   (one collective per dtype per step, no host sync); the unused ones keep `grad = None`, as on one device
   (so weight decay and optimizer state leave them alone).
4. A subclassed model (its `call` may take data-dependent branches) -> the plain all-reduce with the mask:
   a parameter gets the sum of the replicas' gradients if any replica produced one, else stays `None`.
   The mask is read on the host only in steps where this replica had a parameter without gradient.

Freezing layers (`trainable = False`) and re-compiling changes the trained set; the trainer then wraps
again and the probe runs again. Buffers follow rank 0, as DDP's `broadcast_buffers=True` does, in every mode.
Replica-local variables (BatchNormalization's moving statistics, `distribute/replica_local.py`) are left to
each replica: DDP neither broadcasts nor reduces them.
"""

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

from keraslike._src.distribute import collectives, replica_local
from keraslike._src.launch import hang_watch


class DataParallelModule:
    """Callable standing in for `module` in the training step; see the module docstring.

    Args:
        module: the `torch.nn.Module` (Keras model) to train.
        device: this replica's `torch.device`.
        static_graph: bool, whether `module`'s forward uses the same parameters for every input.
    """

    def __init__(self, module, device, static_graph):
        self.module = module
        self._device = device
        self._static_graph = bool(static_graph)
        self._ddp = None
        self._mode = "probe"  # -> "ddp", "plain_used" or "plain_masked"
        self._used = None  # params the probe saw gradients for (plain_used mode)

    @property
    def mode(self):
        return self._mode

    def __call__(self, *args, **kwargs):
        if self._ddp is not None:
            return self._ddp(*args, **kwargs)
        collectives.broadcast_tensors([b for b in self.module.buffers() if b.is_floating_point() or b.numel()])
        return self.module(*args, **kwargs)

    def after_backward(self, params):
        """Sum `params`' gradients across replicas (a no-op once DDP has done it during backward)."""
        hang_watch.mark_steady()
        if self._mode == "ddp":
            return
        if self._mode == "plain_used":
            collectives.all_reduce_tensors([p.grad for p in self._used])
            return
        used = _all_reduce_with_mask(params, read_mask=self._mode == "probe" or any(p.grad is None for p in params))
        if self._mode != "probe":
            return
        if not self._static_graph:
            self._mode = "plain_masked"
        elif all(used):
            self._mode = "ddp"
            self._ddp = _wrap_ddp(self.module, self._device)
        else:
            self._mode = "plain_used"
            self._used = [p for p, u in zip(params, used) if u]

    def release(self):
        """Drop the DDP object (before the process group goes); a later step probes afresh (plain all-reduce)."""
        self._ddp = None
        self._mode = "probe"
        self._used = None


def _wrap_ddp(module, device):
    device_ids = [device.index] if device.type == "cuda" else None
    # DDP broadcasts every parameter from rank 0 when it wraps: each replica's own statistics must survive that
    DistributedDataParallel._set_params_and_buffers_to_ignore_for_model(module,
                                                                       replica_local.replica_local_names(module))
    ddp = DistributedDataParallel(module, device_ids=device_ids)
    ddp.register_comm_hook(state=None, hook=_sum_allreduce_hook)
    return ddp


def _sum_allreduce_hook(process_group, bucket):
    """DDP comm hook that SUMs gradients (TF's MirroredStrategy), instead of DDP's average."""
    hang_watch.enter()  # a replica waiting here for a hung peer is what the hang watch looks for
    hang_watch.mark_steady()

    def done(fut):
        hang_watch.leave()
        return fut.value()[0]

    future = dist.all_reduce(bucket.buffer(), group=process_group, async_op=True).get_future()
    return future.then(done)


def _all_reduce_with_mask(params, read_mask):
    """Sum `params`' gradients across replicas, a missing one counting as zeros.

    Returns a list of bools (whether any replica had a gradient) when `read_mask`, else None. Parameters no
    replica had a gradient for keep `grad = None`.
    """
    groups = {}
    for p in params:
        groups.setdefault((p.dtype, p.device), []).append(p)
    used = {}
    for group in groups.values():
        flat = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1) for p in group]
                         + [_mask(tuple(p.grad is not None for p in group), group[0].dtype, group[0].device)])
        collectives.all_reduce(flat)
        mask = flat[-len(group):].tolist() if read_mask else [1.0] * len(group)
        offset = 0
        for p, m in zip(group, mask):
            n = p.numel()
            p.grad = flat[offset:offset + n].view_as(p) if m > 0 else None
            used[id(p)] = m > 0
            offset += n
    return [used[id(p)] for p in params] if read_mask else None


_MASKS = {}


def _mask(pattern, dtype, device):
    """The 0/1 vector of `pattern` on `device`, made once per pattern (no host-to-device copy per step)."""
    key = (pattern, dtype, device)
    if key not in _MASKS:
        _MASKS[key] = torch.tensor([float(v) for v in pattern], dtype=dtype, device=device)
    return _MASKS[key]
