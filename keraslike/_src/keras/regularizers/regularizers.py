"""Weight regularizers (keras/src/regularizers/regularizers.py).

A regularizer is called on a weight and returns a scalar penalty added to the
model's loss: `L1(l1)(w) = l1 * sum(|w|)`, `L2(l2)(w) = l2 * sum(w^2)` (no 1/2,
as in Keras).
"""

import torch


def _check_penalty(value, arg):
    value = float(value)
    if value < 0 or value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"Value '{arg}' must be a non-negative finite number. Received: {arg}={value}")
    return value


class Regularizer:
    """Base class: `regularizer(weight) -> scalar tensor`; override `__call__` and `get_config`."""

    def __call__(self, x):
        return 0.0

    def get_config(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement get_config().")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class L1L2(Regularizer):
    """`L1L2(l1=0.0, l2=0.0)`: `l1 * sum(|w|) + l2 * sum(w^2)` (also `regularizers.l1_l2`).

    Raises:
        ValueError: for a negative or non-finite factor.
    """

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _check_penalty(0.0 if l1 is None else l1, "l1")
        self.l2 = _check_penalty(0.0 if l2 is None else l2, "l2")

    def __call__(self, x):
        penalty = torch.zeros((), dtype=x.dtype, device=x.device)
        if self.l1:
            penalty = penalty + self.l1 * torch.abs(x).sum()
        if self.l2:
            penalty = penalty + self.l2 * torch.square(x).sum()
        return penalty

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


class L1(Regularizer):
    """`L1(l1=0.01)`: `l1 * sum(|w|)` (also `regularizers.l1`).

    Raises:
        ValueError: for a negative or non-finite factor.
    """

    def __init__(self, l1=0.01):
        self.l1 = _check_penalty(0.01 if l1 is None else l1, "l1")

    def __call__(self, x):
        return self.l1 * torch.abs(x).sum()

    def get_config(self):
        return {"l1": self.l1}


class L2(Regularizer):
    """`L2(l2=0.01)`: `l2 * sum(w^2)` (also `regularizers.l2`).

    Raises:
        ValueError: for a negative or non-finite factor.
    """

    def __init__(self, l2=0.01):
        self.l2 = _check_penalty(0.01 if l2 is None else l2, "l2")

    def __call__(self, x):
        return self.l2 * torch.square(x).sum()

    def get_config(self):
        return {"l2": self.l2}


class OrthogonalRegularizer(Regularizer):
    """`OrthogonalRegularizer(factor=0.01, mode="rows")`: pushes rows (or columns) of a 2D kernel apart.

    Penalty: `factor * sum(|offdiag(N N^T)|) / (n (n - 1) / 2)` with `N` the L2-normalized rows.

    Raises:
        ValueError: for an unknown `mode` or a weight that is not 2D.
    """

    def __init__(self, factor=0.01, mode="rows"):
        if mode not in ("rows", "columns"):
            raise ValueError(f"Invalid value for argument `mode`. Expected one of {{'rows', 'columns'}}. "
                             f"Received: mode={mode}")
        self.factor, self.mode = _check_penalty(factor, "factor"), mode

    def __call__(self, x):
        if x.dim() != 2:
            raise ValueError("Inputs to OrthogonalRegularizer must have rank 2. "
                             f"Received: inputs.shape={tuple(x.shape)}")
        x = x if self.mode == "rows" else x.T
        normalized = x * torch.clamp(torch.rsqrt(torch.square(x).sum(dim=1, keepdim=True)), max=1e7)
        product = normalized @ normalized.T
        n = x.shape[0]
        offdiag = torch.abs(product).sum() - torch.abs(torch.diagonal(product)).sum()
        return self.factor * 0.5 * offdiag / (n * (n - 1) / 2)

    def get_config(self):
        return {"factor": self.factor, "mode": self.mode}


l1 = L1
l2 = L2
l1_l2 = L1L2
orthogonal_regularizer = OrthogonalRegularizer
