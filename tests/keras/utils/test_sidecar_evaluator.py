"""`tf.keras.utils.SidecarEvaluator`, as the evaluator migration guide runs it: a training job's
`ModelCheckpoint(save_weights_only=True)` checkpoints, evaluated by a fresh model. The checkpoints here were
written by real TF 2.21 (Keras 2); the evaluator's results are TF's (tests/golden/make_sidecar_evaluator_golden.py).
"""

import json
import os
import shutil

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.join(os.path.dirname(__file__), "..", "..", "golden", "sidecar_evaluator")


@pytest.fixture
def golden():
    with open(os.path.join(HERE, "golden.json")) as f:
        return json.load(f)


@pytest.fixture(params=[False, True], ids=["keras3", "keras2"])
def legacy(request, monkeypatch):
    if request.param:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    return request.param


def create_model():
    return tf.keras.models.Sequential([
        tf.keras.layers.Flatten(input_shape=(4, 4)),
        tf.keras.layers.Dense(8, activation="relu"),
        tf.keras.layers.Dropout(0.2),
        tf.keras.layers.Dense(3),
    ])


def compiled(model):
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"], steps_per_execution=10, run_eagerly=True)
    return model


def test_evaluates_tf_written_checkpoints_with_tfs_results(golden, tmp_path, legacy):
    ckpt_dir = shutil.copytree(os.path.join(HERE, "checkpoints"), tmp_path / "ckpt")
    x, y = np.asarray(golden["x"], "float32"), np.asarray(golden["y"], "int64")
    data = tf.data.Dataset.from_tensor_slices((x, y)).batch(32)
    model = compiled(create_model())
    tf.keras.utils.SidecarEvaluator(model=model, data=data, checkpoint_dir=str(ckpt_dir), max_evaluations=2).start()
    for got, want in zip(model.get_weights(), golden["weights"]):
        np.testing.assert_allclose(got, want, rtol=1e-6)
    assert int(model.optimizer.iterations.numpy()) == golden["iterations"]
    np.testing.assert_allclose(model.evaluate(data, verbose=0), golden["evaluate"], rtol=1e-5)


def test_evaluates_tf_train_checkpoint_of_model_and_optimizer(tmp_path):
    x = np.random.default_rng(1).random((64, 4, 4)).astype("float32")
    y = np.arange(64) % 3
    trained = compiled(create_model())
    trained.fit(x, y, epochs=1, batch_size=16, verbose=0)
    checkpoint = tf.train.Checkpoint(model=trained, optimizer=trained.optimizer)
    checkpoint.save(os.path.join(tmp_path, "tfckpt", "ckpt"))
    evaluator_model = compiled(create_model())
    data = tf.data.Dataset.from_tensor_slices((x, y)).batch(32)
    tf.keras.utils.SidecarEvaluator(model=evaluator_model, data=data, checkpoint_dir=str(tmp_path / "tfckpt"),
                                    max_evaluations=1).start()
    for got, want in zip(evaluator_model.get_weights(), trained.get_weights()):
        np.testing.assert_array_equal(got, want)
    np.testing.assert_allclose(evaluator_model.evaluate(data, verbose=0), trained.evaluate(data, verbose=0),
                               rtol=1e-6)
