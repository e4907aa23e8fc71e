"""`Dataset.from_generator`: elements produced by a Python generator.

Mirrors `tensorflow/python/data/ops/from_generator_op.py`: the generator is called
with `args` (as numpy values) at the start of every pass, and each yielded value is
converted to the declared dtypes and checked against the declared shapes.
"""

from keraslike._src.data import cardinality as card
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.extension_type import extension_type
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec


def _signature(output_types, output_shapes, output_signature):
    if output_signature is not None:
        if output_types is not None or output_shapes is not None:
            raise TypeError(
                "Expected either output_signature or output_types/output_shapes, not both. "
                f"Received: output_types={output_types!r}, output_shapes={output_shapes!r}"
            )
        for spec in nest.flatten(output_signature):
            if not isinstance(spec, TensorSpec):
                raise TypeError("Expected TensorSpec leaves in output_signature. "
                                f"Received: output_signature={output_signature!r}")
        return output_signature
    if output_types is None:
        raise TypeError("Expected output_signature (or output_types) for from_generator(). "
                        "Received: output_signature=None, output_types=None")
    output_types = nest.list_to_tuple(output_types) if isinstance(output_types, list) else output_types
    if output_shapes is None:
        return nest.map_structure_unchecked(lambda dtype: TensorSpec(None, dtype), output_types)
    return nest.map_up_to(output_types, lambda dtype, shape: TensorSpec(shape, dtype), output_shapes)


class GeneratorDataset(Dataset):
    """Elements yielded by `generator(*args)` (see `Dataset.from_generator`).

    Raises:
        TypeError: if `generator` is not callable or the signature is missing/ambiguous.
    """

    _tf_repr_name = "_FlatMapDataset"  # TF flat-maps a generator over its id

    def __init__(self, generator, output_types, output_shapes, args, output_signature):
        if not callable(generator):
            raise TypeError(f"Expected `generator` to be callable. Received: generator={generator!r}")
        super().__init__(_signature(output_types, output_shapes, output_signature))
        self._generator = generator
        self._args = tuple(nest.to_numpy(nest.to_tensor(a)) for a in (args or ()))

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        for value in self._generator(*self._args):
            yield self._convert(value)

    def _convert(self, value):
        spec = self._element_spec
        if isinstance(spec, tuple) and isinstance(value, list):
            value = tuple(value)
        if extension_type.is_extension_type(spec):
            if type(value) is not extension_type.value_type_of(spec):
                raise TypeError(f"`generator` yielded an element that did not match the expected structure "
                                f"{spec!r}. Received: element={value!r}")
            names = extension_type.component_fields(spec)
            return extension_type.rebuild(value, names, [_convert_leaf(getattr(spec, n), getattr(value, n))
                                                         for n in names])
        if not nest.is_nested(spec):
            # one spec: the element is one value, whatever Python container holds it (TF converts `(i,)` to
            # a shape-(1,) tensor as it would `[i]`; a dict fails the conversion)
            return _convert_leaf(spec, value)
        try:
            return nest.map_up_to(spec, _convert_leaf, value)
        except ValueError as error:
            if "structure matching" in str(error):
                raise TypeError(f"`generator` yielded an element that did not match the expected structure "
                                f"{spec!r}. Received: element={value!r}") from None
            raise


def _convert_ragged(spec, value):
    """A yielded RaggedTensor checked against `spec` (TF accepts no nested lists for a ragged signature)."""
    if not isinstance(value, RaggedTensor):  # TF takes no nested lists here
        raise TypeError(f"`generator` yielded an element that did not match the expected structure. The expected "
                        f"structure was {spec!r}, but the yielded element was {value!r}.")
    if value.dtype != spec.dtype:
        raise TypeError(f"`generator` yielded an element that could not be converted to the expected type "
                        f"{spec!r}. Received: element={value!r}")
    if not spec.is_compatible_with(value):
        raise ValueError(f"`generator` yielded an element of {RaggedTensorSpec.from_value(value)!r} where an "
                         f"element of {spec!r} was expected. Received: element={value!r}")
    return value


def _convert_leaf(spec, value):
    if isinstance(spec, RaggedTensorSpec) and (spec.ragged_rank > 0 or isinstance(value, RaggedTensor)):
        return _convert_ragged(spec, value)
    try:
        tensor = nest.to_tensor_as(value, spec.dtype)
    except (TypeError, ValueError):
        raise TypeError(f"`generator` yielded an element that could not be converted to the expected type "
                        f"{spec!r}. Received: element={value!r}") from None
    if not spec.shape.is_compatible_with(nest._shape(tensor)):
        raise ValueError(f"`generator` yielded an element of shape {list(nest._shape(tensor))} where an "
                         f"element of shape {spec.shape} was expected. Received: element={value!r}")
    return tensor
