"""TF's operators on plain torch tensors: list/tuple/numpy operands and negative slice steps.

The cases (`tests/golden/tensor_operator_cases.py`) are compared with real TF 2.21's results
(`tests/golden/tensor_operators.json`, written by `tests/golden/make_tensor_operator_golden.py`); the
rest checks that torch's own semantics are unchanged where torch already takes the operands.
"""

import json
import os
import sys
import warnings

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.ops import tensor_operators

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import core_cases  # noqa: E402
import tensor_operator_cases  # noqa: E402
from test_core_surface_golden import _close  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "tensor_operators.json")) as _handle:
    GOLDEN = json.load(_handle)["cases"]


def test_goldens_cover_every_case():
    assert sorted(GOLDEN) == sorted(tensor_operator_cases.CASES)


@pytest.mark.parametrize("name", sorted(tensor_operator_cases.CASES))
def test_case_matches_tensorflow(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's overflow warning of the inf case, as in TF
        got = core_cases.run(tensor_operator_cases.CASES[name], tf)
    _close(got, GOLDEN[name], name)


def test_torch_semantics_unchanged_for_torch_operands():
    a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])
    original = tensor_operators.original
    for name in ("__add__", "__sub__", "__mul__", "__truediv__", "__pow__", "__eq__", "__lt__", "__ge__"):
        torch.testing.assert_close(getattr(a, name)(b), original(name)(a, b), rtol=0, atol=0)
    assert (a == a).dtype == torch.bool and bool((a == a).all())
    assert float(a @ b) == 32.0  # torch's 1-D dot product, not tf.matmul's rank check
    torch.testing.assert_close(a[::2], torch.tensor([1.0, 3.0]))
    assert a[1:3].data_ptr() == a.data_ptr() + 4  # still a view
    ints = torch.tensor([1, 2, 3])
    assert (ints * 2.5).dtype == torch.float32  # Python scalars keep torch's promotion (documented)
    assert (ints / ints).dtype == torch.float32  # tensor / tensor stays torch's true division
    assert (a == None) is False and (a != None) is True  # noqa: E711
    assert (a == "a") is False  # strings keep torch's answer
    x = torch.ones(2, requires_grad=True)
    (x * [2.0, 3.0]).sum().backward()
    torch.testing.assert_close(x.grad, torch.tensor([2.0, 3.0]))


def test_torch_reductions_unchanged():
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    assert x.sum().grad_fn is not None and x.mean(0).tolist() == [2.0, 3.0]
    assert x.sum(dim=1, keepdim=True).shape == (2, 1) and x.max(dim=0).values.tolist() == [3.0, 4.0]
    assert x.std(0, unbiased=False).tolist() == [1.0, 1.0] and bool(x.any()) and torch.sum(x).item() == 10.0
    with pytest.raises(TypeError):
        x.sum(bogus=1)  # torch's own TypeError when numpy's keywords are not involved


def test_python_list_semantics_unchanged():
    t = torch.tensor([1.0])
    assert [t] + [t] == [t, t] and len([t] * 3) == 3
    assert [None] * torch.tensor(2) == [None, None]  # no numbers in the list: Python's repetition
    assert "a" * torch.tensor(2) == "aa"
    with pytest.raises(TypeError):
        t + "a"


def test_results_follow_the_tensor_dtype_and_device():
    t = torch.ones(2, dtype=torch.bfloat16)
    assert (t + np.array([1.5, 2.5])).dtype == torch.bfloat16
    assert (torch.ones(2, dtype=torch.float64) + [1, 2]).dtype == torch.float64
    assert (torch.ones(2, dtype=torch.int64) + np.float32(1.9)).tolist() == [2, 2]  # TF casts numpy values


def test_matmul_of_vector_with_list_raises_like_tf_matmul():
    with pytest.raises(ValueError, match="rank >= 2"):
        tf.constant([1.0, 2.0]) @ [1.0, 2.0]  # TF raises InvalidArgumentError (rank >= 2) too


def test_negative_steps_differentiate():
    x = torch.arange(4.0, requires_grad=True)
    (x[::-2] * torch.tensor([1.0, 10.0])).sum().backward()
    torch.testing.assert_close(x.grad, torch.tensor([0.0, 10.0, 0.0, 1.0]))


def test_other_index_errors_are_torch_errors():
    with pytest.raises(IndexError):
        torch.ones(2)[5]
    with pytest.raises(ValueError, match="step"):
        torch.ones(2)[::0]


def test_subclasses_and_torch_function_still_dispatch():
    p = torch.nn.Parameter(torch.ones(2))
    assert isinstance(p + [1.0, 2.0], torch.Tensor)
    torch.testing.assert_close(p[::-1], torch.ones(2))
