"""Bad input gets TF's behaviour or a clear Keras-style error, never a raw torch error or silent training.

Each case of tests/golden/bad_inputs.py runs here; tests/golden/bad_inputs.json records what real
TF 2.21 / Keras 3.15 did with the same program (`make_bad_inputs_golden.py`).
"""

import json
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
sys.path.insert(0, str(GOLDEN))
import bad_inputs  # noqa: E402

TF = json.loads((GOLDEN / "bad_inputs.json").read_text())
CLEAR = ("ValueError", "InvalidArgumentError", "TypeError")

# Where keraslike refuses on purpose what TF 2.21 accepts: Keras 3 treats steps_per_epoch <= 0 as "until the
# data ends" (an infinite generator then never returns), fits 0 rows into empty logs that code then indexes,
# and casts complex features to float32, dropping the imaginary part silently. Keras 3 applies a single-output
# model's `metrics`/`loss_weights` dict whatever its keys (Keras 2 refused unknown ones), trains a subclassed model
# built on (batch, 4) on (batch, 2, 4) arrays (the loss then broadcasts the labels), takes negative Embedding ids
# from the end of the table (Keras 2 and TF's gather refuse them), and trains on an unbatched dataset when the model
# has no Input (each sample's first axis becomes the batch, against one label).
REFUSED_ON_PURPOSE = {"steps_per_epoch_0_finite_generator": "steps_per_epoch", "steps_per_epoch_negative":
                      "steps_per_epoch", "fit_empty_arrays": "0 samples", "complex_features": "Invalid dtype: complex",
                      "metrics_dict_unknown_output_sequential": "Expected keys: the model's output name 'dense",
                      "loss_weights_dict_unknown_output_sequential": "key 'no_such_output' does not correspond",
                      "x_3d_into_subclass_built_2d": "found shape=(None, 2, 4)",
                      "embedding_id_negative": "indices[0,1] = -1 is not in [0, 5)",
                      "dataset_without_batch_lazy_model": "must be batched"}

# TF fails inside a kernel (a MatMul's InvalidArgumentError); keraslike checks the layer's input first and raises
# Keras's "incompatible with the layer" ValueError, as tf.keras does for Dense and Conv layers.
KERAS_STYLE_INSTEAD = {"lstm_other_features_after_build"}

EXPECTED_MESSAGES = {
    "sparse_label_minus_100": "label value of -100 which is outside the valid range of [0, 3)",
    "sparse_minus_100_evaluate": "label value of -100 which is outside the valid range of [0, 3)",
    "sparse_minus_100_function": "label value of -100 which is outside the valid range of [0, 3)",
    "sparse_one_hot_labels": "categorical_crossentropy",
    "sparse_labels_rank_3": "target.shape=(32, 2, 2)",
    "binary_labels_32x2_output_32x1": "target.shape=(32, 2), output.shape=(32, 1)",
    "dict_key_misspelled": 'Missing data for input "features"',
    "conv2d_on_3d_input": "expected min_ndim=4, found ndim=3",
    "conv1d_on_2d_input": "expected min_ndim=3, found ndim=2",
    "input_negative_dimension": "Negative dimensions are not allowed",
    "input_float_dimension": "invalid entry 2.5",
    "kernel_larger_than_input": "Computed output size would be zero or negative",
    "pool_larger_than_input": "Computed output size would be zero or negative",
    "dataset_without_batch": "must be batched",
    "string_features": "Invalid dtype: str32",
    "string_labels": "Invalid dtype: str32",
    "object_features": "Invalid dtype: object",
    # issue 21 item 12
    "sparse_nan_labels": "label value of nan which is outside the valid range of [0, 3)",
    "sparse_nan_labels_function": "label value of nan which is outside the valid range of [0, 3)",
    "sparse_nan_labels_keras_ops": "label value of nan which is outside the valid range of [0, 3)",
    "reshape_size_mismatch_symbolic": "input_shape=(6,), target_shape=(4, 2)",
    "reshape_size_mismatch_eager": "target_shape=(4, 2)",
    "metrics_dict_unknown_output_functional": "key 'no_such_output' does not correspond to any model output",
    "x_3d_into_sequential_input_2d": "found shape=(None, 2, 4)",
    "mse_y_width_mismatch": "Incompatible shapes: [32, 5] vs. [32, 3]",
    "mse_function_width_mismatch": "y_true.shape=(4, 5), y_pred.shape=(4, 3)",
    "mae_y_width_mismatch": "Incompatible shapes: [32, 5] vs. [32, 3]",
    "epochs_float": "epochs=2.5",
    "epochs_string": "epochs='2'",
    "initial_epoch_float": "initial_epoch=0.5",
    "validation_data_x_only": "y=None",
    "validation_data_y_none": "y=None",
    "fit_without_y": "y=None",
    "learning_rate_string": "learning_rate='fast'",
    "learning_rate_numeric_string": "learning_rate='0.1'",
    "learning_rate_none": "learning_rate=None",
    "conv2d_other_channels_after_build": "expected axis -1 of input shape to have value 3",
    "dense_other_width_after_build": "expected axis -1 of input shape to have value 3",
    "embedding_id_out_of_range": "indices[0,1] = 5 is not in [0, 5)",
    "embedding_id_out_of_range_fit": "is not in [0, 5)",
    "gather_out_of_range": "indices[1] = 5 is not in [0, 5)",
    "dataset_without_batch_conv": "must be batched",
    "loss_weights_wrong_length_single_output": "loss_weights=[1.0, 2.0]",
    "loss_weights_wrong_length_two_outputs": "loss_weights=[1.0, 2.0, 3.0]",
    "class_weight_list": "dict(enumerate(weights))",
    "sample_weight_2d_wrong_width": "sample_weight.shape=(32, 2), loss values shape=(32,)",
    "sample_weight_2d_for_2d_output": "sample_weight.shape=(32, 3), loss values shape=(32,)",
    "sample_weight_temporal_wrong_width": "sample_weight.shape=(8, 4), loss values shape=(8, 5)",
    "add_incompatible_shapes": "Incompatible shapes: [2, 3] vs. [4]",
    "multiply_incompatible_shapes": "Incompatible shapes: [2, 3] vs. [4]",
    "maximum_incompatible_shapes": "Incompatible shapes: [2, 3] vs. [4]",
    "where_incompatible_shapes": "must be broadcastable",
    "matmul_incompatible_shapes": "Matrix size-incompatible",
    "keras_ops_add_incompatible_shapes": "Incompatible shapes: [2, 3] vs. [4]",
    "concat_incompatible_shapes": "values[1].shape=[2, 4, 1]",
    "reshape_op_wrong_size": "Cannot reshape a tensor with 6 elements",
    "gather_nd_out_of_range": "indices[0] = [7, 0] does not index into param shape [5, 2]",
    "gather_nd_negative": "indices[0] = [-1, 0] does not index into param shape [5, 2]",
    "metric_sample_weight_wrong_width": "sample_weight.shape=(4, 2)",
    "lstm_other_features_after_build": "expected axis -1 of input shape to have value 3",
    "batch_norm_other_width_after_build": "expected axis -1 of input shape to have value 3",
}
@pytest.mark.filterwarnings("ignore:MirroredStrategy. CPU device")  # its own test: tests/distribute
@pytest.mark.parametrize("name", sorted(bad_inputs.CASES))
def test_bad_input_matches_tf_or_raises_clearly(name):
    ours, theirs = bad_inputs.run(tf, name), TF[name]
    if name in REFUSED_ON_PURPOSE:
        assert theirs["outcome"] == "ok", theirs
        assert ours["outcome"] == "error" and ours["error"] in ("ValueError", "InvalidArgumentError"), ours
        assert REFUSED_ON_PURPOSE[name] in ours["message"] and "Received:" in ours["message"]
        return
    assert ours["outcome"] == theirs["outcome"], (ours, theirs)
    if theirs["outcome"] == "error":
        assert ours["error"] in CLEAR and "Received" in ours["message"], ours
        if theirs["error"] == "InvalidArgumentError" and name not in KERAS_STYLE_INSTEAD:  # catchable as in TF
            assert ours["error"] == "InvalidArgumentError", ours
        if name in EXPECTED_MESSAGES:
            assert EXPECTED_MESSAGES[name] in ours["message"], ours


def test_golden_covers_every_case():
    assert sorted(k for k in TF if not k.startswith("_")) == sorted(bad_inputs.CASES)
    assert TF["_versions"]["tensorflow"].startswith("2.21")


def test_label_minus_100_is_an_error_but_ignore_class_still_skips_it():
    y_pred = torch.full((3, 3), 1 / 3)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.keras.losses.SparseCategoricalCrossentropy()(np.array([0, 1, -100]), y_pred)
    value = tf.keras.losses.SparseCategoricalCrossentropy(ignore_class=-100)(np.array([0, 1, -100]), y_pred)
    np.testing.assert_allclose(float(value), np.log(3.0), rtol=1e-6)  # the mean over the two kept labels


def test_steps_arguments_must_be_positive():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
    model.compile(optimizer="sgd", loss="mse")
    x, y = np.zeros((8, 4), "float32"), np.zeros((8, 3), "float32")

    def forever():
        while True:
            yield x, y

    with pytest.raises(ValueError, match="steps_per_epoch=0"):
        model.fit(forever(), steps_per_epoch=0, verbose=0)
    with pytest.raises(ValueError, match="validation_steps=0"):
        model.fit(x, y, validation_data=forever(), validation_steps=0, verbose=0)
    with pytest.raises(ValueError, match="steps=0"):
        model.evaluate(forever(), steps=0, verbose=0)
    with pytest.raises(ValueError, match="steps=-2"):
        model.predict(forever(), steps=-2, verbose=0)
    assert model.fit(forever(), steps_per_epoch=2, verbose=0).history["loss"]


def test_binary_crossentropy_keeps_keras_rank_adjustment():
    y_true, y_pred = np.array([1.0, 0.0]), torch.tensor([[0.8], [0.3]])
    expected = -np.mean([np.log(0.8), np.log(0.7)])
    np.testing.assert_allclose(float(tf.keras.losses.BinaryCrossentropy()(y_true, y_pred)), expected, rtol=1e-6)
    with pytest.raises(ValueError, match="must have the same shape"):
        tf.keras.losses.binary_crossentropy(np.ones((2, 2)), y_pred)


def test_same_padding_and_exact_fits_still_build():
    model = tf.keras.Sequential([tf.keras.Input((3, 3, 1)), tf.keras.layers.Conv2D(1, 5, padding="same"),
                                 tf.keras.layers.Conv2D(2, 3), tf.keras.layers.MaxPooling2D(1)])
    assert tuple(model.layers[-1].output.shape) == (None, 1, 1, 2)
    assert tuple(tf.keras.Input((0, np.int64(3), None)).shape) == (None, 0, 3, None)


def test_tf_nn_sparse_softmax_cross_entropy_refuses_out_of_range_labels():
    logits = np.zeros((3, 3), "float32")
    for labels in ([0, 1, -100], [0, 1, 3]):
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"valid range of \[0, 3\)"):
            tf.nn.sparse_softmax_cross_entropy_with_logits(np.array(labels), logits)
    np.testing.assert_allclose(tf.nn.sparse_softmax_cross_entropy_with_logits(np.array([0, 1, 2]), logits).numpy(),
                               [np.log(3.0)] * 3, rtol=1e-6)


def _dense_model():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, name="out")])
    model.compile(optimizer="sgd", loss="mse")
    return model


def test_validation_data_without_targets_fails_before_training():
    model = _dense_model()
    before = [w.copy() for w in model.get_weights()]
    x, y = np.ones((8, 4), "float32"), np.zeros((8, 3), "float32")
    with pytest.raises(ValueError, match="`validation_data` has no targets"):
        model.fit(x, y, validation_data=(x,), verbose=0)
    for a, b in zip(before, model.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_single_output_dict_keys_naming_the_output_still_work():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, name="out")])
    model.compile(optimizer="sgd", loss="mse", metrics={"out": "mae"}, loss_weights={"out": 2.0})
    x, y = np.ones((8, 4), "float32"), np.zeros((8, 3), "float32")
    logs = model.evaluate(x, y, verbose=0, return_dict=True)
    plain = _dense_model()
    plain.set_weights(model.get_weights())
    np.testing.assert_allclose(logs["loss"], 2.0 * plain.evaluate(x, y, verbose=0), rtol=1e-6)
    assert "mae" in logs


def test_class_weight_takes_numpy_integer_keys_and_refuses_lists():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, activation="softmax")])
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
    x, y = np.ones((6, 4), "float32"), np.array([0, 1, 2] * 2)
    keys = np.unique(y)
    assert model.fit(x, y, class_weight={k: 1.0 for k in keys}, verbose=0).history["loss"]
    with pytest.raises(TypeError, match=r"dict\(enumerate\(weights\)\).*Received: class_weight=\(1.0, 2.0, 3.0\)"):
        model.fit(x, y, class_weight=(1.0, 2.0, 3.0), verbose=0)


def test_epochs_accepts_numpy_integers_and_zero():
    model = _dense_model()
    x, y = np.ones((8, 4), "float32"), np.zeros((8, 3), "float32")
    assert len(model.fit(x, y, epochs=np.int64(2), verbose=0).history["loss"]) == 2
    assert model.fit(x, y, epochs=0, verbose=0).history == {}
    with pytest.raises(ValueError, match="epochs=-1"):
        model.fit(x, y, epochs=-1, verbose=0)


def test_nan_label_with_ignore_class_still_raises_and_ignored_label_is_skipped():
    y_pred = torch.full((3, 3), 1 / 3)
    loss = tf.keras.losses.SparseCategoricalCrossentropy(ignore_class=-1)
    np.testing.assert_allclose(float(loss(np.array([0.0, -1.0, 2.0]), y_pred)), np.log(3.0), rtol=1e-6)
    with pytest.raises(tf.errors.InvalidArgumentError, match="label value of nan"):
        loss(np.array([0.0, np.nan, 2.0], "float32"), y_pred)


def test_learning_rate_takes_numbers_tensors_and_schedules():
    schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)
    for value in (0.1, np.float32(0.1), torch.tensor(0.1), schedule):
        assert float(tf.keras.optimizers.SGD(learning_rate=value).learning_rate) == pytest.approx(0.1)
    opt = tf.keras.optimizers.SGD()
    with pytest.raises(ValueError, match="Received: learning_rate='fast'"):
        opt.learning_rate = "fast"


def test_gather_nd_and_sequence_sample_weights_keep_working():
    params = np.arange(10, dtype="float32").reshape(5, 2)
    np.testing.assert_array_equal(tf.gather_nd(params, np.array([[1, 1], [4, 0]])).numpy(), [3.0, 8.0])
    model = tf.keras.Sequential([tf.keras.Input((5, 4)), tf.keras.layers.Dense(3)])
    model.compile(optimizer="sgd", loss="mse")
    x, y = np.ones((8, 5, 4), "float32"), np.zeros((8, 5, 3), "float32")
    weights = np.zeros((8, 5), "float32")
    weights[:, 0] = 1.0  # one weight per timestep: only the first counts
    per_step = np.mean(np.square(model.predict(x, verbose=0)), axis=-1)
    np.testing.assert_allclose(model.evaluate(x, y, sample_weight=weights, verbose=0),
                               np.sum(per_step * weights) / per_step.size, rtol=1e-5)
