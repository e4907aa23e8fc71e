"""`tf.test.TestCase`: `unittest.TestCase` with TF's tensor assertions, so ported unit tests run.

Mirrors `tensorflow/python/framework/test_util.py` (`TensorFlowTestCase`). Arguments may be
tensors, Variables, numpy arrays, Python values, or nested lists/tuples/dicts of them (compared
structure by structure, as TF does).

- `setUp` seeds Python's, numpy's and keraslike's global RNGs with TF's test seed (87654321).
- `evaluate(x)` returns numpy values; `session()`/`cached_session()` yield an eager
  `tf.compat.v1.Session` so TF1-style `sess.run(...)` tests run.
- Failures raise `AssertionError` with numpy's report of the mismatching elements.

Example:
    >>> class MyTest(tf.test.TestCase):
    ...     def test_square(self):
    ...         self.assertAllClose(tf.square([2.0, 3.0]), [4.0, 9.0])
"""

import collections.abc
import contextlib
import math
import random
import re
import tempfile
import unittest

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.compat.v1.session import Session
from keraslike._src.nest import nest
from keraslike._src.ops import random as random_ops

DEFAULT_SEED = 87654321


def _as_numpy(value):
    if isinstance(value, torch.Tensor):
        t = value.detach()
        if t.dtype == torch.bfloat16:
            t = t.float()
        return t.cpu().numpy()
    if hasattr(value, "numpy") and not isinstance(value, np.ndarray):
        return np.asarray(value.numpy())
    return np.asarray(value)


def _is_structure(x):
    return isinstance(x, (list, tuple, collections.abc.Mapping)) and not _array_like_list(x)


def _array_like_list(x):
    """A list/tuple of numbers or tensors is an array, as TF's assertions treat it."""
    if not isinstance(x, (list, tuple)):
        return False
    try:
        np.asarray([_as_numpy(v) if isinstance(v, torch.Tensor) else v for v in x], dtype=float)
        return True
    except (TypeError, ValueError):
        return False


class TestCase(unittest.TestCase):
    """`tf.test.TestCase` (see module docstring)."""

    def setUp(self):
        super().setUp()
        random.seed(DEFAULT_SEED)
        np.random.seed(DEFAULT_SEED)
        random_ops.set_seed(DEFAULT_SEED)

    # ---- values ------------------------------------------------------------------------------
    def evaluate(self, tensors):
        """numpy values of `tensors` (any nested structure); non-tensors are returned as given."""
        return nest.map_structure(
            lambda t: _as_numpy(t) if isinstance(t, torch.Tensor) else t, tensors)

    def get_temp_dir(self):
        """A temporary directory for this test case (created once per test method)."""
        if getattr(self, "_tempdir", None) is None:
            self._tempdir = tempfile.mkdtemp(prefix=f"{type(self).__name__}_")
            self.addCleanup(lambda: setattr(self, "_tempdir", None))
        return self._tempdir

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """An eager `tf.compat.v1.Session` (its `run` returns numpy values of computed tensors)."""
        with Session(config=config) as sess:
            yield sess

    cached_session = session


    # ---- closeness -----------------------------------------------------------------------------
    def _assert_close(self, a, b, rtol, atol, msg, path):
        if _is_structure(a) or _is_structure(b):
            self.assertEqual(type(a).__name__ if not isinstance(a, collections.abc.Mapping) else "mapping",
                             type(b).__name__ if not isinstance(b, collections.abc.Mapping) else "mapping",
                             f"{msg or ''} Mismatched types at {path or 'top level'}: a={a!r:.80}, b={b!r:.80}")
            if isinstance(a, collections.abc.Mapping):
                self.assertEqual(set(a), set(b), f"{msg or ''} Mismatched keys at {path or 'top level'}")
                for key in a:
                    self._assert_close(a[key], b[key], rtol, atol, msg, f"{path}[{key!r}]")
                return
            self.assertEqual(len(a), len(b), f"{msg or ''} Length mismatch at {path or 'top level'}")
            for i, (x, y) in enumerate(zip(a, b)):
                self._assert_close(x, y, rtol, atol, msg, f"{path}[{i}]")
            return
        x, y = _as_numpy(a), _as_numpy(b)
        self.assertEqual(x.shape, y.shape, f"{msg or ''} Shape mismatch{' at ' + path if path else ''}: "
                                           f"expected {y.shape}, got {x.shape}.")
        if x.dtype.kind in "fc" or y.dtype.kind in "fc":
            np.testing.assert_allclose(x, y, rtol=rtol, atol=atol, equal_nan=True,
                                       err_msg=f"{msg or ''} Not close{' at ' + path if path else ''}")
        else:
            np.testing.assert_array_equal(x, y, err_msg=f"{msg or ''} Not equal{' at ' + path if path else ''}")

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802 - TF's names
        """`|a - b| <= atol + rtol * |b|` elementwise (NaNs match), for arrays or nested structures."""
        self._assert_close(a, b, rtol, atol, msg, "")

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6, float_atol=1e-6,  # noqa: N802
                                      half_rtol=1e-3, half_atol=1e-3, bfloat16_rtol=1e-2, bfloat16_atol=1e-2,
                                      msg=None):
        """`assertAllClose` with tolerances widened for float32, float16 and bfloat16 inputs, as TF."""
        dtypes = {getattr(v, "dtype", None) for v in (a, b)}
        if torch.bfloat16 in dtypes:
            rtol, atol = max(rtol, bfloat16_rtol), max(atol, bfloat16_atol)
        elif dtypes & {torch.float16, np.dtype("float16")}:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        elif dtypes & {torch.float32, np.dtype("float32")}:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802
        """Fails if `a` and `b` are all close."""
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol)
        except AssertionError:
            return
        raise AssertionError(msg or "The two values are close at all elements.")

    def assertAllEqual(self, a, b, msg=None):  # noqa: N802
        """Same shape and equal elements (NaNs in floats match), for arrays or nested structures."""
        self._assert_close(a, b, 0.0, 0.0, msg, "")

    def assertNotAllEqual(self, a, b, msg=None):  # noqa: N802
        """Fails if `a` and `b` are equal everywhere."""
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(msg or "The two values are equal at all elements.")

    def _assert_all(self, a, predicate, text):
        x = _as_numpy(a)
        if not np.all(predicate(x)):
            raise AssertionError(f"Not all elements of {x!r:.200} are {text}")

    def assertAllGreater(self, a, comparison_target):  # noqa: N802
        """Every element of `a` > `comparison_target`."""
        self._assert_all(a, lambda x: x > comparison_target, f"greater than {comparison_target}")

    def assertAllLess(self, a, comparison_target):  # noqa: N802
        """Every element of `a` < `comparison_target`."""
        self._assert_all(a, lambda x: x < comparison_target, f"less than {comparison_target}")

    def assertAllGreaterEqual(self, a, comparison_target):  # noqa: N802
        """Every element of `a` >= `comparison_target`."""
        self._assert_all(a, lambda x: x >= comparison_target, f">= {comparison_target}")

    def assertAllLessEqual(self, a, comparison_target):  # noqa: N802
        """Every element of `a` <= `comparison_target`."""
        self._assert_all(a, lambda x: x <= comparison_target, f"<= {comparison_target}")

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False,  # noqa: N802
                         open_upper_bound=False):
        """Every element within `[lower_bound, upper_bound]` (open ends as asked); NaN fails."""
        x = _as_numpy(target)
        if x.dtype.kind == "f" and np.isnan(x).any():
            raise AssertionError(f"{x!r:.200} contains NaN, which is in no range")
        low = x > lower_bound if open_lower_bound else x >= lower_bound
        high = x < upper_bound if open_upper_bound else x <= upper_bound
        if not np.all(low & high):
            raise AssertionError(f"{x!r:.200} has elements outside the range "
                                 f"{'(' if open_lower_bound else '['}{lower_bound}, {upper_bound}"
                                 f"{')' if open_upper_bound else ']'}")

    def assertAllInSet(self, target, expected_set):  # noqa: N802
        """Every element of `target` is in `expected_set`."""
        values = set(np.unique(_as_numpy(target)).tolist())
        extra = values - set(expected_set)
        if extra:
            raise AssertionError(f"{sorted(extra)} are not in the expected set {set(expected_set)}")

    def assertShapeEqual(self, input_a, input_b, msg=None):  # noqa: N802
        """`input_a` and `input_b` have the same shape."""
        self.assertEqual(tuple(_as_numpy(input_a).shape), tuple(input_b.shape if hasattr(input_b, "shape")
                                                                else np.shape(input_b)), msg)

    def assertDTypeEqual(self, target, expected_dtype):  # noqa: N802
        """Every leaf of `target` has dtype `expected_dtype` (a torch, TF or numpy dtype)."""
        want = np.dtype(expected_dtype.as_numpy_dtype if isinstance(expected_dtype, torch.dtype) else expected_dtype)
        for leaf in nest.flatten(target):
            self.assertEqual(_as_numpy(leaf).dtype, want)

    def assertArrayNear(self, farray1, farray2, err, msg=None):  # noqa: N802
        """Equal lengths and `|f1 - f2| <= err` elementwise."""
        self.assertEqual(len(farray1), len(farray2), msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg)

    def assertNear(self, f1, f2, err, msg=None):  # noqa: N802
        """`|f1 - f2| <= err` (NaN only matches NaN)."""
        f1, f2 = float(f1), float(f2)
        if (math.isnan(f1) and math.isnan(f2)) or f1 == f2 or abs(f1 - f2) <= err:
            return
        raise AssertionError(f"{f1} != {f2} +/- {err}{': ' + msg if msg else ''}")

    def assertStartsWith(self, actual, expected_start, msg=None):  # noqa: N802
        """`actual.startswith(expected_start)`."""
        if not actual.startswith(expected_start):
            raise AssertionError(msg or f"{actual!r} does not start with {expected_start!r}")

    assertItemsEqual = unittest.TestCase.assertCountEqual  # noqa: N815

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):  # noqa: N802
        """The block raises `exception_type` whose message matches the regex (or satisfies the predicate)."""
        if callable(expected_err_re_or_predicate):
            predicate = expected_err_re_or_predicate
        else:
            pattern = expected_err_re_or_predicate

            def predicate(e):
                return re.search(pattern, str(getattr(e, "message", e))) is not None
        try:
            yield
        except exception_type as err:
            if not predicate(err):
                raise AssertionError(f"Exception of type {type(err).__name__}: {err} does not match "
                                     f"{expected_err_re_or_predicate!r}") from err
            return
        raise AssertionError(f"{exception_type.__name__} not raised")

    def assertRaisesOpError(self, expected_err_re_or_predicate):  # noqa: N802
        """The block raises a `tf.errors.OpError` matching the regex (or predicate)."""
        return self.assertRaisesWithPredicateMatch(errors.OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(self, exception_type=errors.InvalidArgumentError):  # noqa: N802
        """The block raises an incompatible-shapes error (torch's broadcast errors count too)."""
        return self.assertRaisesWithPredicateMatch(
            (exception_type, ValueError, RuntimeError),
            r"Incompatible shapes|Dimensions must be equal|must match the size|not compatible|broadcast")

    def assertProtoEquals(self, expected_message_maybe_ascii, message, msg=None):  # noqa: N802
        raise NotImplementedError("assertProtoEquals compares TF protocol buffers, which keraslike does not "
                                  "produce; compare the Python values with assertEqual instead.")


def main(argv=None):
    """`tf.test.main()`: run the tests of `__main__` (unittest's runner; TF uses absltest's)."""
    return unittest.main(argv=argv)

