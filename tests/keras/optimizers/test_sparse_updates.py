"""Optimizer updates from sparse (TF `IndexedSlices`) gradients, against real TF 2.21 / Keras 3.15
(`tests/golden/sparse_optimizers.npz`, made by `tests/golden/make_sparse_optimizer_golden.py`; cases in
`tests/golden/sparse_optimizer_cases.py`).

In TF an Embedding's gradient holds one slice per id occurrence and Keras 3's optimizers square the occurrences
one by one: after one Adam(0.1) step a row that occurs twice with opposite gradients barely moves, and a row that
occurs five times with equal gradients moves 0.1 * sqrt(5) instead of 0.1.
"""

import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)

import sparse_optimizer_cases as cases  # noqa: E402

GOLDEN = np.load(os.path.join(GOLDEN_DIR, "sparse_optimizers.npz"))


def _model_steps(cls, kwargs, optimizers=None):
    model = tf.keras.Sequential([tf.keras.Input((cases.IDS.shape[-1],), dtype="int32"),
                                 tf.keras.layers.Embedding(cases.VOCAB, cases.DIM),
                                 tf.keras.layers.GlobalAveragePooling1D(), tf.keras.layers.Dense(1)])
    model.set_weights(cases.initial_weights())
    model.compile(getattr(optimizers or tf.keras.optimizers, cls)(**kwargs), "mse")
    steps = []
    for ids, y in zip(cases.IDS, cases.Y):
        model.train_on_batch(ids, y)
        steps.append(np.concatenate([np.ravel(w) for w in model.get_weights()]))
    return np.stack(steps)


@pytest.mark.parametrize("name", sorted(cases.MODEL_CASES))
def test_embedding_updates_match_tf(name):
    cls, kwargs = cases.MODEL_CASES[name]
    got = _model_steps(cls, kwargs)
    np.testing.assert_allclose(got, GOLDEN[f"model/{name}"], rtol=2e-4, atol=2e-5, err_msg=name)


@pytest.mark.parametrize("name", sorted(cases.LEGACY_CASES))
def test_legacy_optimizer_v2_updates_match_tf(name):
    """`tf.keras.optimizers.legacy.*` (TF 2's optimizer_v2): duplicate ids summed first; SGD/RMSprop with momentum,
    Adadelta, Adamax and Ftrl update only the rows present (Nadam only the variable's); RMSprop without momentum
    puts epsilon outside the root; Nadam's schedule is 0.96 ** (0.004 t)."""
    cls, kwargs = cases.LEGACY_CASES[name]
    got = _model_steps(cls, kwargs, tf.keras.optimizers.legacy)
    np.testing.assert_allclose(got, GOLDEN[f"legacy/{name}"], rtol=2e-4, atol=2e-5, err_msg=name)


@pytest.mark.parametrize("name", sorted(cases.KERAS2_CASES))
def test_tf_keras2_optimizers_sum_duplicate_ids(name, monkeypatch):
    """Under TF_USE_LEGACY_KERAS=1, `tf.keras.optimizers.*` are tf_keras 2's: the occurrences are clipped, then
    duplicate ids summed before the rule (a row seen 5 times moves as a dense row). keraslike used Keras 3's
    per-occurrence squares there, which moved the Switch Transformer example's padding row about 27x further
    in one Adam step (issue 22)."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    cls, kwargs = cases.KERAS2_CASES[name]
    got = _model_steps(cls, kwargs)
    np.testing.assert_allclose(got, GOLDEN[f"keras2/{name}"], rtol=2e-4, atol=2e-5, err_msg=name)


@pytest.mark.parametrize("case", cases.KERAS2_LOOP_CASES)
def test_tf_keras2_custom_loop_sums_duplicate_ids(case, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    got, _ = _loop_steps(case)
    np.testing.assert_allclose(got, GOLDEN[f"keras2_loop/{case}"], rtol=2e-4, atol=2e-5, err_msg=case)


def test_tf_keras2_adam_step_by_hand(monkeypatch):
    """tf_keras 2's Adam(0.1), one step on ids [[1, 2, 2, 0, 0], [3, 1, 0, 0, 0]]: every row moves 0.1, as the
    dense rule on the summed gradient [5, 2, 2, 1] (Keras 3: 0.1 * sqrt(n), test_one_adam_step_on_the_issue_ids)."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    table = tf.Variable(np.zeros((4, 1), "float32"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.embedding_lookup(table, np.array([[1, 2, 2, 0, 0], [3, 1, 0, 0, 0]])))
    tf.keras.optimizers.Adam(0.1).apply_gradients([(tape.gradient(loss, table), table)])
    np.testing.assert_allclose(table.numpy().ravel(), [-0.1] * 4, rtol=1e-5)


def _loop_steps(case):
    table = tf.Variable(cases.initial_weights()[0])
    opt = tf.keras.optimizers.Adam(0.1)
    steps, first_grad = [], None
    for ids in cases.IDS:
        with tf.GradientTape() as tape:
            loss = cases.loop_loss(tf, case, table, ids, cases.COEF)
        grad = tape.gradient(loss, table)
        if first_grad is None:
            first_grad = grad
        if case == "clip_by_global_norm":
            (grad,), _ = tf.clip_by_global_norm([grad], 0.05)
        elif case == "clip_by_norm":
            grad = tf.clip_by_norm(grad, 0.05)
        opt.apply_gradients([(grad, table)])
        steps.append(np.array(table.numpy()).ravel())  # a copy: Variable.numpy() aliases (issue 21, item 1)
    return np.stack(steps), first_grad


@pytest.mark.parametrize("case", cases.LOOP_CASES)
def test_custom_loop_updates_match_tf(case):
    got, grad = _loop_steps(case)
    np.testing.assert_allclose(np.asarray(grad), GOLDEN[f"loop/{case}/grad"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got, GOLDEN[f"loop/{case}"], rtol=2e-4, atol=2e-5, err_msg=case)


def test_one_adam_step_on_the_issue_ids():
    """Issue 21 item 11: ids [[1, 2, 2, 0, 0], [3, 1, 0, 0, 0]]; row 0's five occurrences, by hand."""
    table = tf.Variable(np.zeros((4, 1), "float32"))
    ids = np.array([[1, 2, 2, 0, 0], [3, 1, 0, 0, 0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.embedding_lookup(table, ids))  # every occurrence's gradient is 1
    grad = tape.gradient(loss, table)
    np.testing.assert_array_equal(np.asarray(grad).ravel(), [5, 2, 2, 1])
    tf.keras.optimizers.Adam(0.1).apply_gradients([(grad, table)])
    # m = 0.1 * n, v = 0.001 * n (n occurrences of 1): the step is 0.1 * n / sqrt(n) = 0.1 * sqrt(n)
    np.testing.assert_allclose(table.numpy().ravel(), -0.1 * np.sqrt([5, 2, 2, 1]), rtol=1e-5)


def test_an_op_on_the_gradient_makes_it_dense():
    """TF's ops densify an IndexedSlices: `2 * g` updates as a dense gradient."""
    table = tf.Variable(np.zeros((3, 1), "float32"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.gather(table, [0, 0, 0, 0]))
    grad = tape.gradient(loss, table) * 1.0
    tf.keras.optimizers.Adam(0.1).apply_gradients([(grad, table)])
    np.testing.assert_allclose(table.numpy().ravel(), [-0.1, 0.0, 0.0], rtol=1e-5)


def test_fit_updates_match_tf():
    """`fit` (unshuffled, the same 4 batches) gives the train_on_batch golden's final weights."""
    model = tf.keras.Sequential([tf.keras.Input((cases.IDS.shape[-1],), dtype="int32"),
                                 tf.keras.layers.Embedding(cases.VOCAB, cases.DIM),
                                 tf.keras.layers.GlobalAveragePooling1D(), tf.keras.layers.Dense(1)])
    model.set_weights(cases.initial_weights())
    model.compile(tf.keras.optimizers.Adam(0.1), "mse")
    model.fit(cases.IDS.reshape(-1, cases.IDS.shape[-1]), cases.Y.reshape(-1, 1), batch_size=3, shuffle=False,
              verbose=0)
    got = np.concatenate([np.ravel(w) for w in model.get_weights()])
    np.testing.assert_allclose(got, GOLDEN["model/adam"][-1], rtol=2e-4, atol=2e-5)
    assert isinstance(model.layers[0].embeddings, torch.nn.Parameter)


def test_loss_scale_optimizer_unscales_the_occurrences():
    """A LossScaleOptimizer (scale 2 ** 15) divides the occurrences with the gradient: Adam's golden."""
    model = tf.keras.Sequential([tf.keras.Input((cases.IDS.shape[-1],), dtype="int32"),
                                 tf.keras.layers.Embedding(cases.VOCAB, cases.DIM),
                                 tf.keras.layers.GlobalAveragePooling1D(), tf.keras.layers.Dense(1)])
    model.set_weights(cases.initial_weights())
    model.compile(tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.Adam(0.1)), "mse")
    for ids, y in zip(cases.IDS, cases.Y):
        model.train_on_batch(ids, y)
    got = np.concatenate([np.ravel(w) for w in model.get_weights()])
    np.testing.assert_allclose(got, GOLDEN["model/adam"][-1], rtol=2e-4, atol=2e-5)


def test_legacy_nadam_schedule_on_dense_gradients():
    """TF 2's legacy Nadam: momentum schedule 0.96 ** (schedule_decay * t), no learning-rate decay."""
    v = tf.Variable(cases.NADAM_START)
    opt = tf.keras.optimizers.legacy.Nadam(0.1)
    steps = []
    for g in cases.NADAM_GRADS:
        opt.apply_gradients([(tf.constant(g), v)])
        steps.append(np.array(v.numpy()).ravel())
    np.testing.assert_allclose(np.stack(steps), GOLDEN["legacy_dense/nadam"], rtol=1e-5, atol=1e-6)
    assert opt.get_config()["decay"] == 0.004


@pytest.mark.parametrize("callable_loss", [False, True])
def test_minimize_updates_from_the_occurrences(callable_loss):
    """`minimize` (a loss tensor or a callable) updates as `apply_gradients` of the tape's sparse gradient."""
    table = tf.Variable(np.zeros((4, 1), "float32"))
    ids = np.array([[1, 2, 2, 0, 0], [3, 1, 0, 0, 0]])

    def loss():
        return tf.reduce_sum(tf.nn.embedding_lookup(table, ids))

    tf.keras.optimizers.Adam(0.1).minimize(loss if callable_loss else loss(), [table])
    np.testing.assert_allclose(table.numpy().ravel(), -0.1 * np.sqrt([5, 2, 2, 1]), rtol=1e-5)
