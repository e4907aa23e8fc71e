"""`tf.types.experimental`: the abstract types of TF's function objects and tensor-likes.

Mirrors `tensorflow/python/types/core.py` and `types/trace.py`. keraslike's `tf.function`
result is a `PolymorphicFunction` (also a `GenericFunction`, TF's older name) and
`get_concrete_function()` returns a `ConcreteFunction`, so `isinstance` checks in user code
hold. `TensorLike` is the union of what converts to a tensor.
"""

import abc
import inspect
import typing

import numpy as np
import torch


class Callable(abc.ABC):  # noqa: B024 - TF's base type; subclasses implement __call__
    """Base of TF's callable function types (`function_type` describes the call signature)."""

    @property
    def function_type(self):
        """The `FunctionType` (an `inspect.Signature`) of the call."""
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        raise NotImplementedError


class AtomicFunction(Callable):
    """TF's single-graph function; keraslike has no graphs, so nothing is one."""


class ConcreteFunction(Callable):
    """A function bound to one input signature (what `get_concrete_function` returns)."""


class PolymorphicFunction(Callable):
    """What `tf.function` returns: a callable that may bind many signatures."""


GenericFunction = PolymorphicFunction


class FunctionType(inspect.Signature):
    """TF's function type: an `inspect.Signature` (parameters and their kinds)."""


class TraceType(abc.ABC):
    """TF's tracing type of a value (used by TF to decide retracing); abstract here."""

    @abc.abstractmethod
    def is_subtype_of(self, other):
        """Whether this type is a subtype of `other`."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others):
        """The most specific type covering this one and `others`."""


@typing.runtime_checkable
class SupportsTracingProtocol(typing.Protocol):
    """Objects that define `__tf_tracing_type__(context)`."""

    def __tf_tracing_type__(self, context):
        ...


TensorLike = typing.Union[torch.Tensor, np.ndarray, np.generic, float, int, bool, complex, str, bytes, list, tuple]
