"""`keras.mixed_precision.Policy`, `set_global_policy`, `global_policy` (keras/src/dtype_policies/).

A policy names a compute dtype and a variable dtype: `"mixed_float16"` and
`"mixed_bfloat16"` keep float32 variables and compute in half precision;
`"float32"` (the default) is plain float32. A layer takes the global policy
when it is created (or its own `dtype=` policy): a mixed layer casts its
floating inputs to the compute dtype and its weights read as the compute dtype
inside its call (Keras's autocast scope), in `fit` and in direct calls alike;
weights and optimizer state stay float32. `fit`, `evaluate` and `predict` of a
model compiled under a mixed policy also run under `torch.autocast`. Under
`"mixed_float16"`, `compile` wraps the optimizer in a `LossScaleOptimizer`
(dynamic loss scaling), as Keras does.

Example:

    keras.mixed_precision.set_global_policy("mixed_bfloat16")
    model = ...; model.compile(...); model.fit(...)       # forward in bfloat16, float32 weights
    keras.mixed_precision.set_global_policy("float32")
"""

import contextlib

import torch

from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.ops import dtypes
from keraslike._src.keras.layers.keras_tensor import map_structure

_NAMES = ("float32", "float16", "bfloat16", "float64", "mixed_float16", "mixed_bfloat16")


class Policy:
    """A dtype policy: `Policy("mixed_float16")`.

    Args:
        name: one of "float32", "float16", "bfloat16", "float64", "mixed_float16", "mixed_bfloat16".

    Raises:
        ValueError: for an unknown name.
    """

    def __init__(self, name="float32"):
        if isinstance(name, Policy):
            name = name.name
        if name not in _NAMES:
            raise ValueError(f"Cannot convert '{name}' to a mixed precision Policy. Valid policies include "
                             f"{', '.join(_NAMES)}. Received: name={name!r}")
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def compute_dtype(self):
        """Dtype of the layers' computations, e.g. "float16" for "mixed_float16"."""
        return dtypes.DTypeName(self._name.replace("mixed_", ""))

    @property
    def variable_dtype(self):
        """Dtype of the layers' weights: "float32" for the mixed policies."""
        return dtypes.DTypeName("float32" if self._name.startswith("mixed_") else self._name)

    @property
    def is_mixed(self):
        return self._name.startswith("mixed_")

    def get_config(self):
        return {"name": self._name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __eq__(self, other):
        return isinstance(other, Policy) and other.name == self.name

    def __hash__(self):
        return hash(self._name)

    def __repr__(self):
        # Keras 3's class is DTypePolicy (Policy an alias); Keras 2's is Policy
        return f'<{"Policy" if legacy_keras() else "DTypePolicy"} "{self._name}">'


DTypePolicy = Policy  # Keras 3's name


def config_entry(policy):
    """How a layer's `get_config()` holds its dtype policy.

    Keras 3: always the serialized `DTypePolicy` (`{"module": "keras", "class_name": "DTypePolicy", "config":
    {"name": "float32"}, "registered_name": None}`). Keras 2 (tf_keras): the plain dtype name ("float32"),
    or the serialized `Policy` (module "keras.mixed_precision") for a mixed policy.
    """
    if legacy_keras():
        if not policy.is_mixed:
            return policy.name
        return {"module": "keras.mixed_precision", "class_name": "Policy", "config": {"name": policy.name},
                "registered_name": None}
    return {"module": "keras", "class_name": "DTypePolicy", "config": {"name": policy.name}, "registered_name": None}

_GLOBAL = Policy("float32")


def set_global_policy(policy):
    """Set the policy of the layers created and the models compiled from now on (`None` resets to "float32").

    Args:
        policy: a `Policy` or its name.

    Raises:
        ValueError: for an unknown policy name.
    """
    global _GLOBAL
    _GLOBAL = Policy("float32" if policy is None else policy)


def global_policy():
    """The current global `Policy` (default `Policy("float32")`)."""
    return _GLOBAL


class Autocast:
    """What the trainer enters around a forward pass for a mixed policy (`None` when not mixed).

    Args:
        policy: the policy at `compile` time.
        device: the device the model computes on.
    """

    def __init__(self, policy, device):
        self.policy = policy
        self.device_type = torch.device(device).type
        self.dtype = getattr(torch, policy.compute_dtype)

    @classmethod
    def for_policy(cls, policy, device):
        return cls(policy, device) if policy.is_mixed else None

    def __call__(self):
        return torch.autocast(device_type=self.device_type, dtype=self.dtype)


def float32_outputs(outputs):
    """Half-precision floating leaves of `outputs` cast to float32 (for losses and metrics)."""
    def cast(t):
        if isinstance(t, torch.Tensor) and t.dtype in (torch.float16, torch.bfloat16):
            return t.float()
        return t

    return cast(outputs) if isinstance(outputs, torch.Tensor) else map_structure(cast, outputs)


@contextlib.contextmanager
def policy_scope(policy):
    """Temporarily set the global policy (Keras's `keras.dtype_policies.policy_scope`)."""
    previous = global_policy()
    set_global_policy(policy)
    try:
        yield
    finally:
        set_global_policy(previous)
