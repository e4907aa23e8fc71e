"""`keras.models.clone_model`: a new model with the same architecture and fresh weights."""

from keraslike._src.keras.saving.serialization_lib import deserialize_layer, serialize_layer


def clone_model(model, input_tensors=None, clone_function=None, call_function=None, recursive=False, **kwargs):
    """Rebuild `model` from its config: same layers and connectivity, newly initialised weights.

    Args:
        model: a Sequential or functional model (or a registered subclassed one).
        input_tensors, clone_function, call_function, recursive: only the defaults are supported.

    Raises:
        NotImplementedError: when `input_tensors`, `clone_function`, `call_function` or `recursive` is given.
        ValueError: for other keyword arguments (Keras 3 raises the same).
    """
    kwargs.pop("cache", None)  # Keras 3's internal layer cache: only a speed-up there
    if kwargs:
        raise ValueError(f"Unexpected keyword argument(s): {tuple(kwargs)}. Received: kwargs={kwargs}")
    if input_tensors is not None or clone_function is not None or call_function is not None or recursive:
        raise NotImplementedError("clone_model supports the default input_tensors, clone_function, call_function "
                                  f"and recursive only. Received: input_tensors={input_tensors!r}, "
                                  f"clone_function={clone_function!r}, call_function={call_function!r}, "
                                  f"recursive={recursive!r}")
    return deserialize_layer(serialize_layer(model), safe_mode=False)
