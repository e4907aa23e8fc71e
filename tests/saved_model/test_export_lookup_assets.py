"""A Keras model holding a vocabulary (TextVectorization, StringLookup) exported or saved as a SavedModel and
loaded back, as TF's load-text tutorial does (`binary_model.export('bin.tf')`, `tf.saved_model.load('bin.tf')`,
`loaded.serve(tf.constant([...]))`): the vocabulary travels in the SavedModel's assets, so the served model
gives what the model gave (it had lost the vocabulary and failed, or would have mapped every token to OOV)."""
import numpy as np
import pytest

import keraslike as tf
from keraslike.keras import layers

TEXTS = ["how do you sort a list", "python list sort", "java map hash", "python dict keys"]
QUERIES = tf.constant(["How do you sort a list?", "java hash", "unknown words only"])


@pytest.mark.parametrize("output_mode", ["binary", "int", "count"])
def test_exported_text_model_serves_what_it_predicts(tmp_path, output_mode):
    vectorize = layers.TextVectorization(max_tokens=20, output_mode=output_mode,
                                         output_sequence_length=6 if output_mode == "int" else None)
    vectorize.adapt(TEXTS)
    body = [layers.Embedding(20, 3), layers.GlobalAveragePooling1D()] if output_mode == "int" else []
    model = tf.keras.Sequential([vectorize, *body, layers.Dense(4)])
    expected = model.predict(QUERIES, verbose=0)
    model.export(str(tmp_path / "bin.tf"))
    loaded = tf.saved_model.load(str(tmp_path / "bin.tf"))
    np.testing.assert_allclose(loaded.serve(QUERIES).numpy(), expected, rtol=1e-6, atol=1e-6)


def test_saved_string_lookup_keeps_its_vocabulary(tmp_path):
    lookup = layers.StringLookup(vocabulary=["a", "b", "c"])
    inputs = tf.keras.Input(shape=(), dtype="string")
    model = tf.keras.Model(inputs, lookup(inputs))
    tf.saved_model.save(model, str(tmp_path / "lookup"))
    loaded = tf.saved_model.load(str(tmp_path / "lookup"))
    served = loaded.signatures["serving_default"](tf.constant(["c", "a", "z"]))
    np.testing.assert_array_equal(next(iter(served.values())).numpy(), [3, 1, 0])
