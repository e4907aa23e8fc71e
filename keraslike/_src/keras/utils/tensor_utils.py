"""`keras.utils.is_keras_tensor` and `get_source_inputs` (keras/src/utils/{summary_utils,...}.py)."""

from keraslike._src.keras.layers.keras_tensor import KerasTensor


def is_keras_tensor(x):
    """Whether `x` is a symbolic functional-API tensor (`keras.Input(...)` and what layers make of it)."""
    return isinstance(x, KerasTensor)


def get_source_inputs(tensor):
    """The `keras.Input` tensors that `tensor` was computed from (in graph order, without repeats).

    Raises:
        ValueError: if `tensor` is not a KerasTensor.
    """
    if not isinstance(tensor, KerasTensor):
        raise ValueError(f"Expected a KerasTensor. Received: tensor={tensor!r}")
    node = tensor.node
    parents = node.parents() if node is not None else []
    if not parents:
        return [tensor]
    out = []
    for parent in parents:
        for source in get_source_inputs(parent):
            if all(source is not seen for seen in out):
                out.append(source)
    return out
