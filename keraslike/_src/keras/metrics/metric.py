"""`keras.metrics.Metric` with state that sums across replicas on read.

Mirrors `keras/src/metrics/metric.py` and TF's rule that metric variables
created under a strategy are SUM-aggregated: `update_state` touches only this
replica's state (no host sync); `result()` all-reduces the state once across
replicas (a collective every replica must call) and computes the value.
"""

import torch

from keraslike._src.distribute import collectives, context
from keraslike._src.keras import backend
from keraslike._src.keras.backend.naming import to_snake_case


class Metric:
    """Base class: implement `update_state`, `result`, and create state with `add_state`.

    Args:
        name: str, default the snake-case class name.
        dtype: state dtype, default float32.
    """

    def __init__(self, name=None, dtype=None):
        self.name = name or to_snake_case(type(self).__name__)
        self.dtype = dtype or backend.floatx()
        self._states = {}
        self._strategy = context.get_strategy()
        self._device = backend.current_device()

    def add_state(self, name, shape=(), initial=0.0):
        """Create a float32 state tensor on this replica's device."""
        tensor = torch.full(tuple(shape), float(initial), dtype=torch.float32, device=self._device)
        self._states[name] = (tensor, float(initial))
        return tensor

    add_variable = add_state

    def state(self, name):
        return self._states[name][0]

    @property
    def variables(self):
        return [t for t, _ in self._states.values()]

    def reset_state(self):
        """Set every state back to its initial value."""
        for tensor, initial in self._states.values():
            tensor.fill_(initial)

    def reset_states(self):
        """TF 2.x name of `reset_state`."""
        self.reset_state()

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        """The metric value (a scalar tensor), reduced over all replicas."""
        return sync_results([self])[0]

    def _result_from(self, states):
        """Compute the value from a dict of (replica-summed) states."""
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    def _move_states(self, device):
        if self._device == device:
            return
        self._device = device
        for name, (tensor, initial) in list(self._states.items()):
            if tensor.device != device:
                self._states[name] = (tensor.to(device), initial)


def sync_results(metrics):
    """Results of several metrics with ONE all-reduce of all their states (when replicated)."""
    if not metrics:
        return []
    strategy = metrics[0]._strategy
    states = [m._states for m in metrics]
    if strategy.num_replicas_in_sync > 1 and collectives.world_size() > 1:
        flat = torch.cat([t.reshape(-1).float() for s in states for t, _ in s.values()])
        collectives.all_reduce(flat, "sum")
        reduced, offset = [], 0
        for s in states:
            view = {}
            for name, (tensor, _) in s.items():
                n = tensor.numel()
                view[name] = flat[offset:offset + n].view_as(tensor)
                offset += n
            reduced.append(view)
    else:
        reduced = [{name: t for name, (t, _) in s.items()} for s in states]
    return [m._result_from(r) for m, r in zip(metrics, reduced)]
