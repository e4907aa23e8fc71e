"""`keras.Model.export(filepath, format="tf_saved_model", verbose=None, input_signature=None)`.

Mirrors `keras/src/export/saved_model.py` (`export_saved_model`) for what a user sees: a SavedModel
directory whose `serve` endpoint and `serving_default` signature run the model's forward pass
(training=False), which `tf.saved_model.load` and `keras.layers.TFSMLayer` load. The directory is
keraslike's SavedModel format (`keraslike/_src/saved_model/save.py`): the model's Keras 3 config and
weights, so reloading needs the model's layer classes (built-in or registered), not its other code.
"""

import os

from keraslike._src.ops.tensor_spec import TensorSpec, dtype_repr
from keraslike._src.saved_model import constants, signatures
from keraslike._src.saved_model.save import add_keras_outputs, describe_signatures, write_saved_model

FORMATS = ("tf_saved_model", "onnx", "openvino", "litert", "torch")


def _signature_entry(model, input_signature):
    if input_signature is None:  # Keras 3's export names the inputs after the model's input specs
        spec = model.save_spec() if hasattr(model, "save_spec") else None
        if spec is None:
            return describe_signatures(model, None)[constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY]
        input_signature = spec[0][0]
    structure = input_signature[0] if isinstance(input_signature, (list, tuple)) and len(input_signature) == 1 \
        else input_signature
    if isinstance(structure, dict):
        kind, names = "dict", sorted(structure)
        specs = [structure[k] for k in names]
    elif isinstance(structure, (list, tuple)):
        kind, specs = "list", list(structure)
        names = [getattr(s, "name", None) or ("args_0" if i == 0 else f"args_0_{i}") for i, s in enumerate(specs)]
    else:  # TF names an unnamed spec after the traced call's first positional argument: `args_0`, `args_0_1`, ...
        kind, specs, names = "single", [structure], [getattr(structure, "name", None) or "args_0"]
    for spec in specs:
        if not (hasattr(spec, "shape") and hasattr(spec, "dtype")):
            raise TypeError(f"Expected input_signature to hold tf.TensorSpec / keras.InputSpec values. "
                            f"Received: input_signature={input_signature!r}")
    return add_keras_outputs(model, {"method": "__keras_call__", "structure": kind, "inputs": [
        signatures.spec_json(TensorSpec(s.shape, s.dtype), n) for s, n in zip(specs, names)]})


def _describe(entry):
    lines = ["* Endpoint 'serve'"]
    for i, spec in enumerate(entry["inputs"]):
        shape = tuple(spec["shape"]) if spec["shape"] is not None else None
        dtype = "tf.string" if spec["dtype"] == "string" else dtype_repr(TensorSpec((), spec["dtype"]).dtype)
        lines.append(f"  args_{i} (POSITIONAL_ONLY): TensorSpec(shape={shape}, dtype={dtype}, name='{spec['name']}')")
    return "\n".join(lines)


def export_model(model, filepath, format="tf_saved_model", verbose=None, input_signature=None, **kwargs):  # noqa: A002
    """Writes `model` for inference (see module docstring).

    Raises:
        ValueError: an unknown `format`, or a model without inputs yet (not built or called).
        NotImplementedError: `format` "onnx", "openvino", "litert" or "torch" (Keras 3 backends' exporters
            keraslike does not have; the model is a `torch.nn.Module`: use `torch.onnx.export` /
            `torch.export.export` on it).
        TypeError: keyword arguments other than Keras's.
    """
    if format not in FORMATS:
        raise ValueError(f"Unrecognized format={format}. Supported formats are: {list(FORMATS)}.")
    if format != "tf_saved_model":
        raise NotImplementedError(
            f"keraslike exports only format='tf_saved_model' (its SavedModel directory). Received: format={format!r}. "
            "The model is a torch.nn.Module: torch.onnx.export(model, ...) or torch.export.export(model, ...) "
            "export it for other runtimes.")
    if kwargs:
        raise TypeError(f"export() got unexpected keyword arguments {sorted(kwargs)} (Keras's backend options for "
                        f"other formats). Received: kwargs={kwargs}")
    entry = _signature_entry(model, input_signature)
    entries = {"serve": entry, constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY: entry}
    write_saved_model(model, filepath, entries, extra={"serve_signature": "serve"})
    if verbose is None or verbose:
        print(f"Saved artifact at '{os.fspath(filepath)}'. The following endpoints are available:\n\n"
              f"{_describe(entry)}")
