"""Keras's functional subclassing (keras-io's packaging_keras_models_for_wide_distribution): a Model subclass
whose `__init__` builds a graph and ends with `super().__init__(inputs=inputs, outputs=outputs, **kwargs)`, then
is instantiated as `MnistModel()`. keraslike raised `Unrecognized keyword arguments passed to MnistModel:
['inputs', 'outputs']`. Expected values from TF 2.21 (Keras 3; the prediction and the binary head's outputs are
also hand-checkable from the all-ones kernels)."""

import numpy as np

from keraslike import keras


class MnistModel(keras.Model):
    def __init__(self, **kwargs):
        inputs = {"image": keras.layers.Input(shape=(None, None, 1), dtype="uint8", name="image")}
        y = keras.layers.Rescaling(1 / 255.0)(inputs["image"])
        y = keras.layers.Conv2D(2, 3, padding="same", activation="relu", kernel_initializer="ones")(y)
        y = keras.layers.GlobalAveragePooling2D()(y)
        outputs = keras.layers.Dense(3, activation="softmax", name="classification_head",
                                     kernel_initializer="ones")(y)
        super().__init__(inputs=inputs, outputs=outputs, **kwargs)


X = (np.arange(2 * 5 * 5).reshape(2, 5, 5, 1) % 7 * 30).astype("uint8")


def test_subclass_init_builds_a_functional_model_of_its_class():
    model = MnistModel(name="mnist")
    assert isinstance(model, MnistModel) and type(model).__name__ == "MnistModel" and model.name == "mnist"
    assert [layer.name.split("_")[0] for layer in model.layers] == [
        "image", "rescaling", "conv2d", "global", "classification"]
    np.testing.assert_allclose(model.predict({"image": X}, verbose=0), np.full((2, 3), 1 / 3), rtol=1e-6)


def test_model_surgery_and_training_work_on_it():
    model = MnistModel()
    y = model.get_layer("classification_head").input
    head = keras.layers.Dense(1, activation="sigmoid", kernel_initializer="ones", name="bin")(y)
    binary = keras.Model(model.input, head)
    np.testing.assert_allclose(np.asarray(binary({"image": X})), [[0.989303], [0.993036]], atol=2e-6)  # TF 2.21
    model.compile("adam", "sparse_categorical_crossentropy", metrics=["sparse_categorical_accuracy"])
    history = model.fit({"image": X}, np.array([0, 1]), epochs=1, verbose=0)
    assert sorted(history.history) == ["loss", "sparse_categorical_accuracy"]
