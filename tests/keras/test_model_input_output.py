"""`model.input` / `model.output` (the keras-io functional API guide: a feature extractor built from
`keras.Model(inputs=vgg19.input, outputs=[layer.output for layer in vgg19.layers])`).

TF 2.21 (checked on Keras 3.15 and tf_keras): a functional model's `input`/`output` are the structures given to its
constructor (one KerasTensor, a list, a dict); a Sequential model's are its input and output tensors under Keras 2,
while Keras 3 treats it as any layer (no functional-API call: AttributeError).
"""

import numpy as np
import pytest

from keraslike import keras


def test_functional_input_output_are_the_constructor_structures():
    inputs = keras.Input(shape=(784,))
    x = keras.layers.Dense(64, activation="relu")(inputs)
    outputs = keras.layers.Dense(10)(x)
    model = keras.Model(inputs=inputs, outputs=outputs, name="mnist_model")
    assert model.input is inputs
    assert model.output is outputs

    a, b = keras.Input((3,), name="a"), keras.Input((4,), name="b")
    y = keras.layers.Dense(2)(a)
    two = keras.Model([a, b], [y, b])
    assert two.input == [a, b] and two.input[0] is a and two.input[1] is b
    assert two.output[0] is y and two.output[1] is b
    as_dict = keras.Model({"a": a}, y)
    assert list(as_dict.input) == ["a"] and as_dict.input["a"] is a


def test_feature_extraction_from_an_application_model_input():
    vgg = keras.applications.VGG16(weights=None, include_top=False, input_shape=(32, 32, 3))
    features_list = [layer.output for layer in vgg.layers]
    extractor = keras.Model(inputs=vgg.input, outputs=features_list)
    img = np.random.default_rng(0).random((1, 32, 32, 3)).astype("float32")
    extracted = extractor(img)
    assert len(extracted) == len(vgg.layers)
    np.testing.assert_allclose(np.asarray(extracted[-1]), np.asarray(vgg(img)), rtol=1e-5, atol=1e-6)


def test_sequential_input_output_keras2_and_keras3(monkeypatch):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    with pytest.raises(AttributeError):
        model.input  # noqa: B018 - Keras 3: never called in the functional API
    with pytest.raises(AttributeError):
        model.output  # noqa: B018
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    assert model.input is model.inputs[0]
    assert tuple(model.output.shape) == (None, 2)
    extractor = keras.Model(model.input, model.output)
    x = np.ones((2, 3), "float32")
    np.testing.assert_allclose(np.asarray(extractor(x)), np.asarray(model(x)), rtol=1e-6)
