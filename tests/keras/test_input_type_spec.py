"""TF's extension type guide, its Keras cells: under Keras 2 (`TF_USE_LEGACY_KERAS=1`), `keras.Input(type_spec=...)`
takes an ExtensionType's Spec, a RaggedTensorSpec or a TensorSpec, and Sequential/functional models pass such
values to their layers (Dense calls `tf.matmul`, so a handler registered with `dispatch_for_api(tf.matmul)` runs);
`fit` takes in-memory extension types. Keras 3 has no `type_spec` (TypeError, as TF 2.21's default Keras). Before:
`Input() got an unexpected keyword argument 'type_spec'` in both. Golden: tests/golden/input_type_spec.json
(TF 2.21 + tf_keras, tests/golden/make_input_type_spec_golden.py)."""

import json
import pathlib
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
from input_type_spec_cases import CASES, SETUP, describe  # noqa: E402

EXPECTED = json.loads((GOLDEN / "input_type_spec.json").read_text())


@pytest.fixture
def keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    namespace = {"tf": tf, "np": np}
    exec(SETUP, namespace)
    yield namespace
    for name in ("masked_matmul",):
        tf.experimental.unregister_dispatch_for(namespace[name])


@pytest.mark.parametrize("name", sorted(CASES))
def test_input_type_spec_case_as_tf(keras2, name):
    try:
        exec(CASES[name], keras2)
        got = {"ok": describe(keras2["out"], tf)}
    except Exception as e:  # noqa: BLE001 - compared with the error TF raises
        got = {"error": type(e).__name__}
    assert got == EXPECTED[name]


def test_fit_on_extension_type_trains(keras2):
    model, masked = keras2["masked_model"], keras2["masked"]
    model.compile(loss="mse", optimizer="sgd")
    before = model.layers[0].kernel.numpy()
    history = model.fit(masked, tf.constant([[1.0], [0.0], [1.0]]), epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    assert not np.array_equal(before, model.layers[0].kernel.numpy())


def test_keras3_input_has_no_type_spec(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    with pytest.raises(TypeError, match="type_spec"):
        tf.keras.Input(type_spec=tf.TensorSpec([None, 2]))
