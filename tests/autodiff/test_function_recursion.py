"""A `tf.function` that calls itself (the tf.function guide's `recursive_fn`).

TF 2.21 (run with /work/tfvenv): `recursive_fn(tf.constant(5))` raises (a StagingError around "RecursionError:
maximum recursion depth exceeded": the inner call with the same tensor signature traces again, without end);
`recursive_fn(5)` traces once per Python value, printing 'tracing' five times, and returns 1.
"""

import contextlib
import io

import pytest

import keraslike as tf


def _recursive():
    @tf.function
    def recursive_fn(n):
        if n > 0:
            print("tracing")
            return recursive_fn(n - 1)
        else:
            return 1
    return recursive_fn


def test_recursion_on_a_tensor_raises_recursion_error():
    f = _recursive()
    with contextlib.redirect_stdout(io.StringIO()), pytest.raises(RecursionError, match="recursive_fn"):
        f(tf.constant(5))


def test_recursion_on_python_values_runs():
    f = _recursive()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = f(5)
    assert int(result) == 1
    assert out.getvalue() == "tracing\n" * 5
    assert f.experimental_get_tracing_count() == 6  # n = 5, 4, 3, 2, 1, 0


def test_recursion_runs_eagerly_when_functions_run_eagerly():
    f = _recursive()
    tf.config.run_functions_eagerly(True)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert int(f(tf.constant(3))) == 1
    finally:
        tf.config.run_functions_eagerly(False)
