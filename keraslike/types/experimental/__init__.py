"""`tf.types.experimental`: function types and `TensorLike`."""

# ruff: noqa: F401, I001
from keraslike._src.autodiff.function_types import (
    AtomicFunction, Callable, ConcreteFunction, FunctionType, GenericFunction, PolymorphicFunction,
    SupportsTracingProtocol, TensorLike, TraceType,
)
from keraslike.types.experimental import distributed
