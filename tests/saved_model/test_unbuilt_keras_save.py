"""`tf.saved_model.save` of a subclassed Keras model never called (TF's distributed save-and-load tutorial,
`SubclassedModel`): TF writes it with no signatures (`loaded.signatures` is empty, checked on TF 2.21) instead of
refusing; once the model has seen data, the serving signature is there. `model.export` still needs inputs."""
import numpy as np
import pytest

import keraslike as tf


class SubclassedModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self._dense_layer = tf.keras.layers.Dense(5, dtype=tf.dtypes.float32, name="output_layer")

    def call(self, inputs):
        return self._dense_layer(inputs)


def test_unbuilt_subclassed_model_saves_without_signatures(tmp_path):
    model = SubclassedModel()
    tf.saved_model.save(model, str(tmp_path / "unbuilt"))
    assert len(tf.saved_model.load(str(tmp_path / "unbuilt")).signatures) == 0
    with pytest.raises(ValueError, match="no inputs yet"):
        model.export(str(tmp_path / "exported"))
    x = np.arange(10, dtype="float32").reshape(2, 5)
    model(x)
    tf.saved_model.save(model, str(tmp_path / "built"))
    served = tf.saved_model.load(str(tmp_path / "built")).signatures["serving_default"](tf.constant(x))
    np.testing.assert_allclose(next(iter(served.values())).numpy(), model(x).numpy(), rtol=1e-6)
