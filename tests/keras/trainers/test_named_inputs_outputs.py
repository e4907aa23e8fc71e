"""Several named inputs and outputs fed by dicts or lists (keras-io guides/functional_api.py's ticket model).

A dict of inputs is matched to `keras.Input(name=...)` by name (whatever its key order), outputs to
loss/target keys by output layer name, and a flat list is taken in model-input order.
"""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
layers = keras.layers
torch.set_num_threads(1)

rng = np.random.default_rng(7)
N, TAGS, WORDS, DEPTS = 48, 6, 50, 3
TITLE = rng.integers(WORDS, size=(N, 5))
BODY = rng.integers(WORDS, size=(N, 9))
TAG_DATA = rng.integers(2, size=(N, TAGS)).astype("float32")
PRIORITY = rng.random((N, 1)).astype("float32")
DEPT = np.eye(DEPTS, dtype="float32")[rng.integers(DEPTS, size=N)]


def _ticket_model(dict_outputs):
    title = keras.Input(shape=(None,), name="title")
    body = keras.Input(shape=(None,), name="body")
    tags = keras.Input(shape=(TAGS,), name="tags")
    t = layers.GlobalAveragePooling1D()(layers.Embedding(WORDS, 4)(title))
    b = layers.GlobalAveragePooling1D()(layers.Embedding(WORDS, 3)(body))
    x = layers.concatenate([t, b, tags])  # widths 4 + 3 + TAGS: a mix-up of inputs breaks the Dense layers
    priority = layers.Dense(1, name="priority")(x)
    department = layers.Dense(DEPTS, name="department")(x)
    outputs = {"priority": priority, "department": department} if dict_outputs else [priority, department]
    return keras.Model(inputs=[title, body, tags], outputs=outputs)


def _compile(model):
    model.compile(optimizer=keras.optimizers.SGD(0.0),
                  loss={"priority": keras.losses.BinaryCrossentropy(from_logits=True),
                        "department": keras.losses.CategoricalCrossentropy(from_logits=True)},
                  loss_weights={"priority": 1.0, "department": 0.2})


def _bce_logits(y, z):
    return np.mean(np.maximum(z, 0) - z * y + np.log1p(np.exp(-np.abs(z))))


def _cce_logits(y, z):
    z = z - z.max(axis=1, keepdims=True)
    return np.mean(-np.sum(y * (z - np.log(np.exp(z).sum(axis=1, keepdims=True))), axis=1))


@pytest.mark.parametrize("dict_outputs", [True, False])
def test_dict_inputs_by_input_name_and_losses_by_output_name(dict_outputs):
    model = _ticket_model(dict_outputs)
    _compile(model)
    # keys deliberately not in model-input order, nor sorted
    x_dict = {"tags": TAG_DATA, "title": TITLE, "body": BODY}
    y_dict = {"department": DEPT, "priority": PRIORITY}
    history = model.fit(x_dict, y_dict, batch_size=N, epochs=1, verbose=0)
    by_list = model.predict([TITLE, BODY, TAG_DATA], verbose=0)
    by_dict = model.predict(x_dict, verbose=0)
    pri, dep = (by_list["priority"], by_list["department"]) if dict_outputs else by_list
    pri_d, dep_d = (by_dict["priority"], by_dict["department"]) if dict_outputs else by_dict
    np.testing.assert_allclose(pri_d, pri, rtol=1e-6)
    np.testing.assert_allclose(dep_d, dep, rtol=1e-6)
    expected_p, expected_d = _bce_logits(PRIORITY, pri), _cce_logits(DEPT, dep)
    np.testing.assert_allclose(history.history["priority_loss"][0], expected_p, rtol=1e-5)
    np.testing.assert_allclose(history.history["department_loss"][0], expected_d, rtol=1e-5)
    np.testing.assert_allclose(history.history["loss"][0], expected_p + 0.2 * expected_d, rtol=1e-5)
    # a flat list of targets is in output order; evaluate sees the same values
    targets = [DEPT, PRIORITY] if dict_outputs else [PRIORITY, DEPT]  # dict outputs flatten by sorted key
    result = model.evaluate([TITLE, BODY, TAG_DATA], targets, batch_size=16, return_dict=True, verbose=0)
    np.testing.assert_allclose(result["priority_loss"], expected_p, rtol=1e-5)


def test_dict_input_missing_a_name_says_which():
    model = _ticket_model(False)
    with pytest.raises(ValueError, match='Missing data for input "body"'):
        model({"title": TITLE[:2], "tags": TAG_DATA[:2], "bdy": BODY[:2]})


def test_dict_keyed_input_struct_matches_keys():
    a = keras.Input(shape=(2,), name="a")
    b = keras.Input(shape=(3,), name="b")
    model = keras.Model({"first": a, "second": b}, layers.concatenate([a, b]))
    xa, xb = np.ones((2, 2), "float32"), np.full((2, 3), 2.0, "float32")
    out = model.predict({"second": xb, "first": xa}, verbose=0)
    np.testing.assert_allclose(out, np.concatenate([xa, xb], axis=1))
