"""A plain exception raised inside torch's compiler code is a compile failure (eager fallback, one warning).

keras-io's image_classification_from_scratch compiles its model with `jit_compile=True`; under torch 2.14
dynamo's guard building raised a bare `IndexError` (torch/_guards.py) that escaped `fit`. Errors from the user's
own code still propagate.
"""

import os
import warnings

import pytest
import torch

import keraslike as tf
from keraslike._src.autodiff import jit

_GUARDS = os.path.join(os.path.dirname(torch.__file__), "_guards.py")


def _compiler_raising_index_error(fn):
    namespace = {}
    exec(compile("def compiled(*args, **kwargs):\n    return [][0]\n", _GUARDS, "exec"), namespace)
    return namespace["compiled"]


def test_index_error_inside_torch_compiler_falls_back(monkeypatch):
    monkeypatch.setattr(jit, "_torch_compile", _compiler_raising_index_error)

    @tf.function(jit_compile=True)
    def f(x):
        return x * 2.0

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert f(tf.constant(3.0)).numpy() == 6.0
        assert f(tf.constant(4.0)).numpy() == 8.0
    fallback = [w for w in caught if "torch.compile could not compile" in str(w.message)]
    assert len(fallback) == 1 and "IndexError" in str(fallback[0].message)


def _compiler_evaluating_a_guard_source(fn):
    namespace = {}
    exec(compile("def compiled(*args, **kwargs):\n    return eval('stack[0]', {'stack': []})\n", _GUARDS, "exec"),
         namespace)
    return namespace["compiled"]


def test_index_error_in_a_guard_source_the_compiler_evaluates_falls_back(monkeypatch):
    """The program's second epoch: dynamo's guard `G[...]._training_stack[0]` is `eval`ed (file `<string>`)
    from torch/_guards.py and raised IndexError, which escaped `fit` as a raw torch error."""
    monkeypatch.setattr(jit, "_torch_compile", _compiler_evaluating_a_guard_source)

    @tf.function(jit_compile=True)
    def f(x):
        return x * 2.0

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert f(tf.constant(3.0)).numpy() == 6.0
    assert any("torch.compile could not compile" in str(w.message) for w in caught)


def test_user_eval_error_propagates(monkeypatch):
    monkeypatch.setattr(jit, "_torch_compile", lambda fn: fn)

    @tf.function(jit_compile=True)
    def g(x):
        return eval("[x][1]", {"x": x})

    with pytest.raises(IndexError):
        g(tf.constant(1.0))


def test_user_index_error_propagates(monkeypatch):
    monkeypatch.setattr(jit, "_torch_compile", lambda fn: fn)

    @tf.function(jit_compile=True)
    def g(x):
        return [x][1]

    with pytest.raises(IndexError):
        g(tf.constant(1.0))
