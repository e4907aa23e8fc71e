"""Issue 12 item 2: `class_weight` with Dataset / PyDataset inputs is applied as TF 2.21 applies it (goldens
from tests/golden/make_arguments_golden.py); `sample_weight=` with such inputs raises as TF does.

Before the fix the Dataset and PyDataset runs trained unweighted (a different loss and weights).
"""

import numpy as np
import pytest

import keraslike as tf
from tests.keras.arguments.golden_programs import CLASS_WEIGHT, X, Y, assert_matches, classifier, fit_record

keras = tf.keras


class _Batches(keras.utils.PyDataset):
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return X[i * 4:(i + 1) * 4], Y[i * 4:(i + 1) * 4]


@pytest.mark.parametrize("kind", ["arrays", "dataset", "py_dataset"])
def test_class_weight_matches_tf(kind):
    data = {"arrays": dict(x=X, y=Y, batch_size=4),
            "dataset": dict(x=tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)),
            "py_dataset": dict(x=_Batches())}[kind]
    assert_matches(fit_record(classifier(), class_weight=CLASS_WEIGHT, **data), f"class_weight/{kind}")


def test_classes_missing_from_class_weight_weigh_one():
    assert_matches(fit_record(classifier(), x=X, y=Y, batch_size=6, class_weight={1: 5.0}),
                   "class_weight/missing_class")


def test_one_hot_and_float_labels_pick_their_class():
    from keraslike._src.keras.trainers.data_adapter import class_weight_to_sample_weight

    one_hot = tf.one_hot([2, 0, 1], 3)
    np.testing.assert_array_equal(class_weight_to_sample_weight(one_hot, CLASS_WEIGHT).numpy(), [0.5, 1.0, 5.0])
    column = tf.constant([[0.9], [2.2], [7.0]])  # rounded, as Keras; a class beyond the dict weighs 1
    np.testing.assert_array_equal(class_weight_to_sample_weight(column, CLASS_WEIGHT).numpy(), [5.0, 0.5, 1.0])


def test_sample_weight_with_dataset_or_py_dataset_raises_as_tf():
    model = classifier()
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    for x in (dataset, _Batches()):
        for method in (model.fit, model.evaluate):
            with pytest.raises(ValueError, match="`sample_weights` should not be passed"):
                method(x, sample_weight=np.ones(6), verbose=0)


def test_class_weight_with_generator_or_sample_weight_raises_as_tf():
    def gen():
        while True:
            yield X[:4], Y[:4]

    model = classifier()
    with pytest.raises(ValueError, match="not supported for Python generator"):
        model.fit(gen(), steps_per_epoch=1, class_weight=CLASS_WEIGHT, verbose=0)
    with pytest.raises(ValueError, match="cannot `class_weight` and `sample_weight`"):
        model.fit(X, Y, sample_weight=np.ones(6), class_weight=CLASS_WEIGHT, verbose=0)
    weighted = tf.data.Dataset.from_tensor_slices((X, Y, np.ones(6, "float32"))).batch(4)
    with pytest.raises(ValueError, match="cannot `class_weight` and `sample_weight`"):
        model.fit(weighted, class_weight=CLASS_WEIGHT, verbose=0)
