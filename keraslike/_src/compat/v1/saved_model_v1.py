"""`tf.compat.v1.saved_model`'s TF1 half: `Builder`/`simple_save` and `load(sess, tags, export_dir)`.

A TF1 SavedModel stores the session's graph as a `MetaGraphDef` (TF ops and their `GraphDef`) next to the
variables, and its loader rebuilds that graph in a Session. keraslike's TF1 graphs are recordings of Python
calls computed by torch: there is no `GraphDef` to write or to import, so these raise NotImplementedError
naming themselves rather than writing a directory TF could not load (or loading one into nothing). The TF2
way works: a `tf.Module` with `tf.function(input_signature=...)` methods saved by `tf.saved_model.save`, loaded
by `tf.saved_model.load` (and its variables are in TF's checkpoint format).
"""

_WHY = ("keraslike's TF1 graphs are Python recordings computed by torch, with no GraphDef to write into a "
        "MetaGraphDef or to import from one. Save a tf.Module with tf.function(input_signature=...) methods with "
        "tf.saved_model.save instead, and load it with tf.saved_model.load.")


def _refuse(api, received):
    raise NotImplementedError(f"{api} is not supported: {_WHY} Received: {received}")


class Builder:
    """`tf.compat.v1.saved_model.Builder(export_dir)` (also `SavedModelBuilder`): not supported (module docstring).

    Raises:
        NotImplementedError: always, naming it.
    """

    def __init__(self, export_dir):
        _refuse("tf.compat.v1.saved_model.Builder", f"export_dir={export_dir!r}")


SavedModelBuilder = Builder


def simple_save(session, export_dir, inputs, outputs, legacy_init_op=None):
    """`tf.compat.v1.saved_model.simple_save`: not supported (module docstring).

    Raises:
        NotImplementedError: always, naming it.
    """
    _refuse("tf.compat.v1.saved_model.simple_save", f"export_dir={export_dir!r}")


def load(sess, tags, export_dir, import_scope=None, **saver_kwargs):
    """`tf.compat.v1.saved_model.load(sess, tags, export_dir)` (also `loader.load`): importing a SavedModel's
    MetaGraphDef into a Session is not supported (module docstring); `tf.saved_model.load(export_dir)` loads the
    SavedModels keraslike and TF 2 write.

    Raises:
        NotImplementedError: always, naming it.
    """
    _refuse("tf.compat.v1.saved_model.load (into a Session)", f"tags={tags!r}, export_dir={export_dir!r}")


def _signature_def(api):
    def refuse(*args, **kwargs):
        _refuse(api, f"args={args!r}")
    refuse.__name__ = api.rsplit(".", 1)[-1]
    refuse.__doc__ = f"`{api}`: a TF1 SignatureDef for `Builder`, not supported (module docstring)."
    return refuse


predict_signature_def = _signature_def("tf.compat.v1.saved_model.predict_signature_def")
classification_signature_def = _signature_def("tf.compat.v1.saved_model.classification_signature_def")
regression_signature_def = _signature_def("tf.compat.v1.saved_model.regression_signature_def")
build_tensor_info = _signature_def("tf.compat.v1.saved_model.build_tensor_info")
