"""A functional model with a sparse input, as TF's sparse-tensor guide builds it: `keras.Input(shape=(4,),
sparse=True)` -> Dense(4), called on, predicting, fitting and evaluating a `tf.sparse.SparseTensor` (and a dataset
of them). Values against TF 2.21 (tests/golden/make_sparse_input_golden.py)."""
import os

import numpy as np

import keraslike as tf

GOLDEN = np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "sparse_input.npz"))
INDICES = [(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)]


def _model():
    x = tf.keras.Input(shape=(4,), sparse=True)
    assert x.sparse and "sparse=True" in repr(x)
    model = tf.keras.Model(x, tf.keras.layers.Dense(4)(x))
    model.set_weights([GOLDEN["kernel"], GOLDEN["bias"]])
    return model


def _sparse_data():
    return tf.sparse.SparseTensor(indices=INDICES, values=GOLDEN["values"], dense_shape=(6, 4))


def test_sparse_input_call_and_predict_match_tf():
    model = _model()
    np.testing.assert_allclose(np.asarray(model(_sparse_data())), GOLDEN["call"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(model.predict(_sparse_data(), verbose=0), GOLDEN["predict"], rtol=1e-5, atol=1e-6)
    dataset = tf.data.Dataset.from_tensor_slices(_sparse_data()).batch(2)
    np.testing.assert_allclose(model.predict(dataset, verbose=0), GOLDEN["predict_dataset"], rtol=1e-5, atol=1e-6)


def test_sparse_input_fit_and_evaluate_match_tf():
    model = _model()
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    loss = model.fit(_sparse_data(), GOLDEN["target"], batch_size=2, shuffle=False, verbose=0).history["loss"][0]
    np.testing.assert_allclose(loss, GOLDEN["fit_loss"], rtol=1e-5)
    np.testing.assert_allclose(model.evaluate(_sparse_data(), GOLDEN["target"], batch_size=4, verbose=0),
                               GOLDEN["evaluate"], rtol=1e-5)
    np.testing.assert_allclose(model.get_weights()[0], GOLDEN["kernel_after"], rtol=1e-5, atol=1e-6)


def test_sparse_input_layer_config_round_trips():
    model = _model()
    config = model.get_config()
    assert config["layers"][0]["config"]["sparse"] is True
    clone = tf.keras.Model.from_config(config)
    assert clone.inputs[0].sparse
