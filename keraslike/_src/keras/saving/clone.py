"""`keras.models.clone_model`: a new model with the same architecture and fresh weights."""

from keraslike._src.keras.saving.model_config import deserialize_layer, serialize_layer


def clone_model(model, input_tensors=None, clone_function=None, **kwargs):
    """Rebuild `model` from its config: same layers and connectivity, newly initialised weights.

    Args:
        model: a Sequential or functional model (or a registered subclassed one).
        input_tensors, clone_function: only the defaults are supported.

    Raises:
        NotImplementedError: when `input_tensors` or `clone_function` is given.
    """
    if input_tensors is not None or clone_function is not None:
        raise NotImplementedError("clone_model supports the default input_tensors and clone_function only. "
                                  f"Received: input_tensors={input_tensors!r}, clone_function={clone_function!r}")
    return deserialize_layer(serialize_layer(model), safe_mode=False)
