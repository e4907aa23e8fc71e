"""tf.test.TestCase assertions pass on equal values and fail (AssertionError) on the documented mismatches."""

import collections
import unittest

import numpy as np
import pytest

import keraslike as tf


class _Case(tf.test.TestCase):
    def runTest(self):  # noqa: N802 - unittest's name
        pass


@pytest.fixture()
def case():
    c = _Case()
    c.setUp()
    return c


def test_all_close_accepts_tensors_arrays_and_nested_structures(case):
    case.assertAllClose(tf.constant([1.0, 2.0]), [1.0, 2.0 + 1e-7])
    case.assertAllClose({"a": tf.constant(1.0), "b": [tf.constant([1, 2]), 3.0]}, {"a": 1.0, "b": [[1, 2], 3.0]})
    Point = collections.namedtuple("Point", "x y")
    case.assertAllClose(Point(tf.constant(1.0), [2.0]), Point(1.0, [2.0]))
    case.assertAllClose(tf.constant([np.nan]), [np.nan])
    case.assertAllEqual(tf.constant([[1, 2]]), np.array([[1, 2]]))
    case.assertNotAllClose([1.0], [1.1])
    case.assertNotAllEqual([1, 2], [1, 3])


@pytest.mark.parametrize("a,b", [([1.0], [1.01]), ([1.0, 2.0], [[1.0, 2.0]]), ({"a": 1}, {"b": 1}), ([1, 2], [1, 3])])
def test_all_close_and_equal_fail_on_mismatch(case, a, b):
    with pytest.raises(AssertionError):
        case.assertAllClose(a, b)
    with pytest.raises(AssertionError):
        case.assertAllEqual(a, b)


def test_ordering_range_set_and_dtype_assertions(case):
    x = tf.constant([1.0, 2.0, 3.0])
    case.assertAllGreater(x, 0.5)
    case.assertAllLess(x, 3.5)
    case.assertAllGreaterEqual(x, 1.0)
    case.assertAllLessEqual(x, 3.0)
    case.assertAllInRange(x, 1.0, 3.0)
    case.assertAllInSet(tf.constant([1, 2, 1]), {1, 2})
    case.assertDTypeEqual(x, tf.float32)
    case.assertShapeEqual(np.zeros(3), x)
    case.assertNear(1.0, 1.05, 0.1)
    case.assertArrayNear([1.0, 2.0], [1.01, 2.01], 0.02)
    for bad in (lambda: case.assertAllGreater(x, 1.0),
                lambda: case.assertAllInRange(x, 1.0, 3.0, open_upper_bound=True),
                lambda: case.assertAllInSet([1, 5], {1, 2}), lambda: case.assertDTypeEqual(x, tf.int32),
                lambda: case.assertNear(1.0, 1.5, 0.1)):
        with pytest.raises(AssertionError):
            bad()


def test_raises_op_error_and_evaluate(case):
    with case.assertRaisesOpError("did not hold"):
        tf.debugging.assert_equal(tf.constant(1), tf.constant(2))
    with pytest.raises(AssertionError):
        with case.assertRaisesOpError("something else"):
            tf.debugging.assert_equal(tf.constant(1), tf.constant(2))
    out = case.evaluate({"a": tf.constant([1, 2]), "b": 3})
    assert isinstance(out["a"], np.ndarray) and out["b"] == 3
    with case.cached_session() as sess:
        assert sess.run(tf.constant(2.0) * 2) == 4.0


def test_set_up_seeds_like_tf_so_runs_repeat():
    first, second = _Case(), _Case()
    first.setUp()
    a = tf.random.uniform([3]).numpy()
    second.setUp()
    np.testing.assert_array_equal(a, tf.random.uniform([3]).numpy())


def test_a_ported_test_class_runs_under_unittest():
    class Ported(tf.test.TestCase):
        def test_square(self):
            self.assertAllClose(tf.square([2.0, 3.0]), [4.0, 9.0])

        def test_fails(self):
            self.assertAllEqual(tf.constant([1, 2]), [1, 3])

    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(Ported).run(result)
    assert result.testsRun == 2 and len(result.failures) == 1 and "test_fails" in str(result.failures[0][0])


def test_test_module_helpers():
    assert tf.test.is_built_with_xla() is False
    assert tf.test.is_gpu_available() == (tf.test.gpu_device_name() != "")
    assert tf.test.with_eager_op_as_function(_Case) is _Case
    with pytest.raises(NotImplementedError, match="torchrun"):
        tf.test.create_local_cluster(1, 1)
