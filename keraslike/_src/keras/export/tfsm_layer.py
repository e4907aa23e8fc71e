"""`keras.layers.TFSMLayer(filepath, call_endpoint="serve", ...)`: a SavedModel used as a Keras layer.

Mirrors `keras/src/export/tfsm_layer.py`: the layer calls an endpoint of a reloaded SavedModel (keraslike's
format, written by `model.export` or `tf.saved_model.save`) and tracks its variables as the layer's
weights (trainable when `trainable=True`).
"""

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.saved_model.load import restore


class TFSMLayer(Layer):
    """Reload a SavedModel as a layer.

    Args:
        filepath: the SavedModel directory.
        call_endpoint: the endpoint run by `call`: an attribute of the reloaded object (`serve`) or a
            signature key (`serving_default`, which returns a dict of outputs).
        call_training_endpoint: optional endpoint run when `training=True`.
        trainable: whether the reloaded variables are trainable weights of this layer.
        name, dtype: as any layer.

    Raises:
        ValueError: an endpoint that is neither an attribute nor a signature of the reloaded object, or a
            directory that holds no keraslike SavedModel (a TF `saved_model.pb` is named as such).
    """

    def __init__(self, filepath, call_endpoint="serve", call_training_endpoint=None, trainable=True, name=None,
                 dtype=None):
        super().__init__(trainable=trainable, name=name, dtype=dtype)
        reloaded, _ = restore(filepath)
        self.filepath = filepath
        self.call_endpoint = call_endpoint
        self.call_training_endpoint = call_training_endpoint
        self._endpoint = self._find(reloaded, call_endpoint)
        self._training_endpoint = self._find(reloaded, call_training_endpoint) if call_training_endpoint else None
        if isinstance(reloaded, Layer):
            self.reloaded = reloaded  # a sublayer: its weights are this layer's
        else:
            for variable in reloaded.variables:
                (self._trainable_vars if variable.trainable else self._non_trainable_vars).append(variable)
        self.built = True

    @staticmethod
    def _find(reloaded, endpoint):
        function = getattr(reloaded, endpoint, None)
        if callable(function) and endpoint != "signatures":
            return function
        if endpoint in reloaded.signatures:
            signature = reloaded.signatures[endpoint]
            names = [spec.name for spec in signature.inputs]

            def call(inputs):
                if isinstance(inputs, dict):
                    return signature(**inputs)
                values = inputs if isinstance(inputs, (list, tuple)) and len(names) > 1 else [inputs]
                return signature(**dict(zip(names, values)))

            return call
        available = sorted({k for k in ("serve",) if callable(getattr(reloaded, k, None))} | set(reloaded.signatures))
        raise ValueError(f"The endpoint '{endpoint}' is neither an attribute of the reloaded SavedModel, nor an entry "
                         "in the `signatures` field of the reloaded SavedModel. Select another endpoint via the "
                         f"`call_endpoint` argument. Available endpoints for this SavedModel: {available}")

    def call(self, inputs, training=False):
        if training and self._training_endpoint is not None:
            return self._training_endpoint(inputs)
        return self._endpoint(inputs)

    def get_config(self):
        config = super().get_config()
        config.update({"filepath": self.filepath, "call_endpoint": self.call_endpoint,
                       "call_training_endpoint": self.call_training_endpoint})
        return config
