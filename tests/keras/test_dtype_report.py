"""Keras 3 objects report dtypes as Keras 3 does, against real TF 2.21 goldens
(`tests/golden/make_dtype_report_golden.py`): a layer's `kernel.dtype`, `keras.Variable(...).dtype`, metric and
optimizer variables, `keras.Input(...).dtype`, `keras.ops.dtype(x)` and `layer.compute_dtype` are the string
`'float32'` (printing, formatting, hashing and converting as one, and equal to `tf.float32`), where keraslike gave
`torch.float32` (`np.zeros(3, dtype=kernel.dtype)` failed, `kernel.dtype == "float32"` was False, logs printed
`torch.float32`). Under TF_USE_LEGACY_KERAS=1 they stay tensor dtypes, as tf_keras's tf.Variables."""

import json
import os
import pickle
import sys

import pytest
import torch

import keraslike as tf
from keraslike import keras

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import dtype_report_cases  # noqa: E402

sys.path.remove(GOLDEN)

with open(os.path.join(GOLDEN, "dtype_report.json")) as _f:
    EXPECTED = json.load(_f)


@pytest.mark.parametrize("case", sorted(dtype_report_cases.CASES))
def test_dtype_reports_match_tf(case, monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    actual = json.loads(json.dumps(dtype_report_cases.CASES[case](tf, keras)))
    assert actual == EXPECTED[case]


def test_library_code_and_torch_read_tensor_dtypes():
    """keraslike's own code and torch read a Keras variable's tensor dtype (torch functions need one); user code
    reads Keras 3's string, which also goes back into keraslike's and torch's dtype arguments through as_dtype."""
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    assert isinstance(layer.kernel.dtype, str)
    assert layer.kernel.value.dtype is torch.float32
    opt = torch.optim.Adam(layer.trainable_variables, lr=0.1)  # torch's optimizer reads p.dtype internally
    (torch.ones(2, 3) @ layer.kernel + layer.bias).sum().backward()
    opt.step()
    assert tf.zeros((2,), dtype=layer.kernel.dtype).dtype is torch.float32
    assert tf.cast(tf.constant([1, 2]), layer.kernel.dtype).dtype is torch.float32


def test_dtype_name_pickles_and_compares_as_a_string():
    dtype = keras.Variable(1.0).dtype
    assert type(pickle.loads(pickle.dumps(dtype))) is str
    assert dtype == "float32" and dtype == tf.float32 and tf.float32 == dtype and dtype != tf.float64
    assert keras.Input((1,), dtype="string").dtype == tf.string
    assert hash(dtype) == hash("float32")


def test_legacy_keras_variables_keep_tensor_dtypes(monkeypatch):
    """tf_keras's weights are tf.Variables: their dtype is a tensor dtype (TF's DType; torch's here)."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    opt = keras.optimizers.Adam()
    assert layer.kernel.dtype is torch.float32
    assert opt.iterations.dtype is torch.int64
    assert keras.Input((3,)).dtype is torch.float32
    assert layer.dtype == "float32" and layer.dtype == tf.float32
