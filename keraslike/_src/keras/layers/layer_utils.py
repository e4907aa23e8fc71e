"""Module-level helpers of `Layer` (dtype policies, functional-API example values, small utilities)."""

import inspect

import numpy as np
import torch

from keraslike._src.autodiff import tracing
from keraslike._src.keras import backend
from keraslike._src.keras.layers.keras_tensor import KerasTensor, flatten, map_structure
from keraslike._src.keras.mixed_precision.policy import Policy, global_policy
from keraslike._src.ops import dtypes, string_array_ops
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec


def _resolve_policy(dtype):
    """A layer's `dtype` argument (None, "float32", torch.float32, "mixed_float16", Policy) as a Policy.

    None is the global policy at construction (Keras 3: a layer made under `set_global_policy("mixed_float16")`
    computes in float16 when called, in `fit` or directly), or floatx while the global policy is the default.
    """
    if dtype is None:
        policy = global_policy()
        return policy if policy.name != "float32" else Policy(backend.floatx())
    if isinstance(dtype, Policy):
        return dtype
    if isinstance(dtype, dict):
        return Policy(dtype.get("config", {}).get("name", "float32"))
    if isinstance(dtype, str):
        name = dtype.replace("tf.", "").replace("torch.", "")
    else:  # tf.string (whose str() is TF's "<dtype: 'string'>"), torch and numpy dtypes
        resolved = dtypes.as_dtype(dtype)
        name = resolved.name if resolved is dtypes.string else str(resolved).replace("torch.", "")
    if name.startswith("mixed_") or name in ("float16", "bfloat16", "float32", "float64"):
        return Policy(name)
    return _FixedDtype(name)  # int64 / bool / ... inputs: no mixed-precision meaning


class _FixedDtype:
    """Policy-shaped holder for a non-float layer dtype (e.g. an int64 `Input`)."""

    is_mixed = False

    def __init__(self, name):
        self.name = self.compute_dtype = self.variable_dtype = name


def _global_is_mixed():
    return global_policy().is_mixed


def _global_policy_if_default(layer):
    return layer._dtype_policy if layer._force_float32 else global_policy() if global_policy().is_mixed \
        else layer._dtype_policy


def _numpy_to_tensor(value, device):
    """A numpy array (e.g. a mask passed to a call) as a tensor on `device`; other values unchanged."""
    if isinstance(value, np.ndarray):
        return torch.as_tensor(value, device=device)
    return value


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


def _inferred_output_shape(layer, shapes):
    """`layer`'s output shape(s) for the positional input `shapes` (each a shape, or a list/tuple/dict of them),
    from a run of `call` on example inputs of the layer's dtype (see `Layer.compute_output_shape`)."""
    dtype = getattr(torch, str(getattr(layer, "compute_dtype", None) or "float32").replace("torch.", ""),
                    torch.float32)

    def tensors(shape):
        if _is_shape(shape):
            return KerasTensor(tuple(shape), dtype)
        if hasattr(shape, "as_list"):  # a TensorShape
            return KerasTensor(tuple(shape.as_list()), dtype)
        if isinstance(shape, dict):
            return {k: tensors(v) for k, v in shape.items()}
        return type(shape)(tensors(s) for s in shape)
    return layer._inferred_output_shape_of(tuple(tensors(s) for s in shapes))


def _declared_output_shape(layer, shapes):
    """`layer.compute_output_shape(shapes)` as a tuple (or list of tuples), or None if not declared (the base
    class's, which runs the layer, is not a declaration: the symbolic call runs it anyway)."""
    if getattr(type(layer).compute_output_shape, "_keraslike_inferred", False):
        return None
    try:
        shape = layer.compute_output_shape(shapes)
    except Exception:  # noqa: BLE001 - many layers only know their shape by running
        return None
    if shape is None:
        return None
    if isinstance(shape, list) and shape and isinstance(shape[0], (tuple, list)):
        return [tuple(s) for s in shape]
    if isinstance(shape, (tuple, list)) and all(d is None or isinstance(d, int) for d in shape):
        return tuple(shape)
    return None


def _example_value(value, unknown=8, batch=1):
    """A concrete zero tensor standing in for a KerasTensor (unknown batch `batch`, other unknown dims `unknown`).

    A `tf.string` KerasTensor stands as a string tensor of `b"0"` (text that number parsing, splitting and
    lookups all accept). A KerasTensor with a symbolic mask stands with an all-True mask.
    """
    if isinstance(value, KerasTensor) and value.type_spec is not None:  # a ragged / ExtensionType input
        return tracing.example(value.type_spec, unknown)
    if isinstance(value, KerasTensor):
        shape = tuple((batch if i == 0 else unknown) if d is None else d for i, d in enumerate(value.shape))
        dtype = dtypes.as_dtype(value.dtype)  # Keras 3 reports "float32": torch needs its dtype
        if dtype is dtypes.string:
            return string_array_ops.fill(shape, b"0")
        example = torch.zeros(shape, dtype=dtype, device=backend.current_device())
        mask = getattr(value, "_keras_mask", None)
        if isinstance(mask, KerasTensor):
            example._keras_mask = torch.ones(tuple(_example_value(mask, unknown, batch).shape), dtype=torch.bool,
                                             device=example.device)
        return example
    return value


def _batch_for_fixed_reshape(error, structure):
    """The batch size an example run must use when `error` is a `tf.reshape` of a batch-1 example value to a fully
    known shape (`tf.reshape(x, [5000, 32])` with the batch size written into the program): TF traces such a
    reshape with the batch unknown and runs it with the batch that fits; None when that is not the case."""
    elements = getattr(error, "elements", None)
    if elements is None or _known_batch(structure) is not None:
        return None
    given, requested = elements
    if not given or requested <= given or requested % given:
        return None
    return requested // given


def _has_unknown_dims(structure):
    """Whether a KerasTensor in `structure` has an unknown dimension besides the batch."""
    return any(isinstance(t, KerasTensor) and any(d is None for d in tuple(t.shape)[1:]) for t in flatten(structure))


def _known_batch(structure):
    """The batch size all KerasTensors in `structure` declare (`keras.Input(..., batch_size=n)`), else None."""
    batches = {tuple(t.shape)[0] for t in flatten(structure) if isinstance(t, KerasTensor) and len(t.shape)}
    return batches.pop() if len(batches) == 1 and None not in batches else None


def _merged_shape(first, second, batch=None):
    """`(None, *dims)` of example output `first`, with the dims that differ in `second` (run with other unknown
    input sizes) unknown too; with a known input `batch`, the first dim is kept (the run used that batch)."""
    if not len(tuple(first.shape)):  # a scalar (`tf.reduce_sum(x)`): no batch axis
        return ()
    dims = tuple(first.shape)[1:]
    lead = None if batch is None else tuple(first.shape)[0]
    if second is None or len(tuple(second.shape)) != len(tuple(first.shape)):
        return (lead, *dims)
    if lead is not None and tuple(second.shape)[0] != lead:
        lead = None
    return (lead, *(d if d == e else None for d, e in zip(dims, tuple(second.shape)[1:])))


def _symbolic_outputs(examples, others, batch=None):
    """KerasTensors for the example outputs of a symbolic call, each with its symbolic mask (`_keras_mask`).

    Args:
        examples: the outputs of the run on example inputs (unknown dims 8).
        others: the outputs of a second run with unknown dims 9, or None; dims that differ are unknown.
        batch: the inputs' known batch size (the example runs used it), or None (outputs' first dim unknown).
    """
    dense = (torch.Tensor, StringTensor)
    flat = [t for t in flatten(examples) if isinstance(t, dense)]
    flat_others = [t for t in flatten(others) if isinstance(t, dense)] if others is not None else []
    pairs = dict(zip(map(id, flat), flat_others)) if len(flat_others) == len(flat) else {}

    def make(t):
        if isinstance(t, StringTensor):  # a string op's output (`tf.expand_dims` of a tf.string Input)
            return KerasTensor(_merged_shape(t, pairs.get(id(t)), batch), dtypes.string)
        if not isinstance(t, torch.Tensor):  # a composite output (RaggedTensor, an ExtensionType): its spec
            return composite_keras_tensor(t)
        other = pairs.get(id(t))
        tensor = KerasTensor(_merged_shape(t, other, batch), t.dtype)
        mask = getattr(t, "_keras_mask", None)
        if isinstance(mask, torch.Tensor):
            tensor._keras_mask = KerasTensor(_merged_shape(mask, getattr(other, "_keras_mask", None), batch),
                                             mask.dtype)
        return tensor

    return map_structure(make, examples)


def composite_keras_tensor(value):
    """The KerasTensor standing for a composite value (a RaggedTensor, an ExtensionType) of a symbolic call."""
    spec = getattr(value, "_type_spec", None)
    if spec is None and isinstance(value, RaggedTensor):
        spec = RaggedTensorSpec.from_value(value)
    shape = getattr(spec, "shape", None)
    dims = tuple(shape.as_list()) if getattr(shape, "rank", None) is not None else ()
    dims = (None, *dims[1:]) if dims else dims
    try:
        dtype = dtypes.as_dtype(getattr(spec, "dtype", None) or "float32")
    except TypeError:
        dtype = dtypes.as_dtype("float32")
    return KerasTensor(dims, dtype, type_spec=spec)


def _attach_symbolic_masks(symbolic, outputs):
    """Give each declared-shape output KerasTensor the symbolic mask of the inferred one at its place."""
    flat_symbolic, flat_outputs = flatten(symbolic), flatten(outputs)
    if len(flat_symbolic) != len(flat_outputs):
        return
    for inferred, tensor in zip(flat_symbolic, flat_outputs):
        mask = getattr(inferred, "_keras_mask", None)
        if mask is not None and inferred is not tensor:
            tensor._keras_mask = mask


def _unique(variables):
    seen = set()
    out = []
    for v in variables:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out


_AUTO_CONFIG_TYPES = (str, int, float, bool, type(None))


def _plain(value):
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return isinstance(value, _AUTO_CONFIG_TYPES)


def auto_config(cls, args, kwargs):
    """The constructor arguments of a layer as a config dict, or None (Keras 3's `Operation.__new__`).

    Arguments are bound to `cls.__init__` with their defaults; `**kwargs` are merged in and `name`
    dropped (the base config has it). Only plain values (str, int, float, bool, None and lists/dicts
    of them) qualify; positional-only or extra `*args` make the config unavailable.
    """
    signature = inspect.signature(cls.__init__)
    try:
        bound = signature.bind(None, *args, **kwargs)
    except TypeError:
        return None
    params = list(signature.parameters.values())[1:]
    if any(p.kind is p.POSITIONAL_ONLY for p in params):
        return None
    bound.apply_defaults()
    values = dict(bound.arguments)
    values.pop(next(iter(signature.parameters)))
    for p in params:
        if p.kind is p.VAR_KEYWORD:
            values.update(values.pop(p.name, {}))
        elif p.kind is p.VAR_POSITIONAL and values.pop(p.name, ()):
            return None
    values.pop("name", None)
    return values if _plain(list(values.values())) else None
