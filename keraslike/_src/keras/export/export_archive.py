"""`keras.export.ExportArchive`: a SavedModel of chosen endpoints (track, add_endpoint, write_out).

Mirrors `keras/src/export/saved_model.py` for what a user sees: `track(model)` adds a model's variables,
`add_endpoint(name, fn, input_signature)` a function, `add_variable_collection(name, variables)` a named list
of variables, `write_out(path)` the directory. Each endpoint is a signature of the same name (the first one
also `serving_default` unless that name is taken), and after `tf.saved_model.load` an attribute of the loaded
object (`reloaded.serve(x)`). keraslike writes its SavedModel directory (`_src/saved_model/`): each endpoint is
a torch.export program over the tracked variables, so it reloads without the Python code.

Example:
    >>> archive = keras.export.ExportArchive()
    >>> archive.track(model)
    >>> archive.add_endpoint("serve", model.call, [keras.InputSpec(shape=(None, 3), dtype="float32")])
    >>> archive.write_out("exported")
    >>> tf.saved_model.load("exported").serve(x)
"""

import itertools
import os
import re

from keraslike._src.autodiff.function import Function
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.module.module import Module
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ops.variables import Variable
from keraslike._src.saved_model import constants, signatures
from keraslike._src.saved_model.save import check_options, saved_tags, write_saved_model

_COUNTER = itertools.count()
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _spec(value, endpoint):
    if isinstance(value, TensorSpec):
        return value
    if hasattr(value, "shape") and hasattr(value, "dtype"):  # keras.InputSpec, KerasTensor, a tensor
        shape = value.shape
        return TensorSpec(None if shape is None else tuple(shape), value.dtype or "float32",
                          name=getattr(value, "name", None))
    raise ValueError(f"Expected the input_signature of endpoint {endpoint!r} to hold one TensorSpec / "
                     "keras.InputSpec per argument of the function (keraslike does not take nested structures "
                     f"here). Received: {value!r}")


class ExportArchive:
    """Builds a SavedModel for serving (see module docstring).

    Args:
        format: "saved_model" (Keras 3's only other value, "neptune_model", is not available here).

    Raises:
        ValueError: an unknown format.
    """

    def __init__(self, format="saved_model"):  # noqa: A002 - Keras's argument name
        if format != "saved_model":
            raise ValueError(f"Unsupported format: {format}. Received: format={format!r}")
        self._tracked, self._endpoints, self._collections = [], {}, {}

    def track(self, resource):
        """Tracks the variables of `resource` (a Keras layer or model, or a tf.Module).

        Raises:
            ValueError: a resource that is not a layer, model or module, or an unbuilt layer.
        """
        if not isinstance(resource, (Layer, Module)):
            raise ValueError("Invalid resource type. Expected a Keras `Layer` or `Model` (or a tf.Module). "
                             f"Received: resource={resource!r:.100}")
        if isinstance(resource, Layer) and not resource.built:
            raise ValueError("The layer provided has not yet been built. It must be built before export. "
                             f"Received: resource={resource.name!r}")
        if not any(r is resource for r in self._tracked):
            self._tracked.append(resource)

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Registers endpoint `name` calling `fn` on inputs of `input_signature` (one spec per argument; with
        None, `fn` must be a `tf.function` with an input signature).

        Raises:
            ValueError: a taken or invalid name, a missing input signature, or an untracked resource.
            TypeError: keyword arguments (Keras's JAX-backend options).
        """
        if kwargs:
            raise TypeError(f"add_endpoint() got unexpected keyword arguments {sorted(kwargs)} (Keras's options for "
                            f"the JAX backend). Received: kwargs={kwargs}")
        if name in self._endpoints or name in self._collections:
            raise ValueError(f"Endpoint name '{name}' is already taken. Received: name={name!r}")
        if not isinstance(name, str) or not _NAME.match(name):
            raise ValueError(f"Expected an endpoint name that is a Python identifier. Received: name={name!r}")
        if not self._tracked:
            raise ValueError("Before calling add_endpoint(), you must call track() on the model or layers the "
                             f"endpoint uses. Received: name={name!r}")
        if input_signature is None:
            input_signature = getattr(fn, "input_signature", None)
            if input_signature is None:
                raise ValueError(f"Endpoint {name!r}: give an input_signature (or a tf.function with one) so the "
                                 f"shape and dtype of the inputs are known. Received: fn={fn!r:.100}")
        specs = [_spec(s, name) for s in input_signature]
        specs = [TensorSpec(s.shape, s.dtype, name=s.name or f"args_{i}") for i, s in enumerate(specs)]
        if isinstance(fn, Function):
            fn = fn.python_function
        self._endpoints[name] = (fn, specs)

    def track_and_add_endpoint(self, name, resource, input_signature, **kwargs):
        """`track(resource)` then `add_endpoint(name, resource.__call__, input_signature)`."""
        self.track(resource)
        self.add_endpoint(name, resource.__call__, input_signature, **kwargs)

    def add_variable_collection(self, name, variables):
        """Saves `variables` (a list/tuple/set of variables) as attribute `name` of the reloaded object.

        Raises:
            ValueError: a taken name, or a value that is not a variable.
        """
        if name in self._endpoints or name in self._collections or not _NAME.match(str(name)):
            raise ValueError(f"Expected a new attribute name for the variable collection. Received: name={name!r}")
        variables = list(variables)
        if not all(isinstance(v, Variable) for v in variables):
            raise ValueError(f"Expected all elements in `variables` to be `tf.Variable` instances. "
                             f"Received: variables={variables!r:.200}")
        self._collections[name] = variables

    def _archive(self):
        methods = {}
        for name, (fn, specs) in self._endpoints.items():
            methods[name] = Function(_endpoint(fn), input_signature=specs, name=name)
        cls = type(f"ExportArchive_{next(_COUNTER)}", (Module,), methods)
        cls.__module__ = __name__  # not importable by that name elsewhere: reloads as TF's _UserObject
        archive = cls(name="export_archive")
        archive.tracked = list(self._tracked)
        for name, variables in self._collections.items():
            setattr(archive, name, variables)
        return archive

    def write_out(self, filepath, options=None, verbose=True):
        """Writes the SavedModel directory (replacing one there) and, with `verbose`, lists its endpoints.

        Raises:
            ValueError: no endpoint, a `SaveOptions` field keraslike cannot carry out, or an endpoint
                torch.export cannot capture.
        """
        if not self._endpoints:
            raise ValueError("No endpoints have been set yet. Call add_endpoint(). "
                             f"Received: filepath={os.fspath(filepath)!r}")
        check_options(options)
        archive = self._archive()
        entries = {}
        for name, (_, specs) in self._endpoints.items():
            entries[name] = {"method": name, "inputs": [signatures.spec_json(s, s.name) for s in specs]}
        default = constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY
        if default not in entries:
            entries[default] = dict(entries[next(iter(self._endpoints))])
        write_saved_model(archive, filepath, entries, extra={"tags": saved_tags(options)})
        if verbose:
            lines = [f"Saved artifact at '{os.fspath(filepath)}'. The following endpoints are available:", ""]
            for name, (_, specs) in self._endpoints.items():
                lines.append(f"* Endpoint '{name}'")
                lines.extend(f"  args_{i} (POSITIONAL_ONLY): {s!r}" for i, s in enumerate(specs))
            print("\n".join(lines))


def _endpoint(fn):
    def method(self, *args):
        del self
        return fn(*args)

    return method
