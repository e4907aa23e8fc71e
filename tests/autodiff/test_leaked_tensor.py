"""A tensor a `tf.function` stores in a global (the tf.function guide's `leaky_function`, cells 39-40).

TF 2.21 (run with /work/tfvenv; see the guide's output): the stored value is the trace's graph tensor, out of
scope after the call: `x.numpy()` raises AttributeError "'SymbolicTensor' object has no attribute 'numpy'",
and another tf.function adding it (`b += x`) raises TypeError ("... is out of scope and cannot be used here");
the function's return value is a normal tensor (3, then 2).
"""

import pytest

import keraslike as tf

x = None
total = None


@tf.function
def leaky_function(a):
    global x
    x = a + 1  # leaks a local tensor
    return a + 2


@tf.function
def leaky_returning(a):
    global x
    x = a + 1
    return x


@tf.function
def captures_leaked_tensor(b):
    b += x
    return b


@tf.function
def accumulate(a):
    global total
    total = total + a  # read and stored: left as keraslike's eager value
    return a


def test_leaked_global_tensor_refuses_use_as_tf():
    assert int(leaky_function(tf.constant(1))) == 3
    with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute 'numpy'"):
        x.numpy()
    assert int(leaky_returning(tf.constant(1)).numpy()) == 2  # the return value is usable
    with pytest.raises(AttributeError, match="no attribute 'numpy'"):
        x.numpy()
    with pytest.raises(TypeError, match="is out of scope and cannot be used here"):
        captures_leaked_tensor(tf.constant(2))
    with pytest.raises(TypeError, match="is out of scope"):
        tf.add(tf.constant(2), x)


def test_eager_functions_and_read_globals_keep_values():
    global total
    total = tf.constant(1.0)
    accumulate(tf.constant(2.0))
    assert float(total) == 3.0
    tf.config.run_functions_eagerly(True)
    try:
        leaky_function(tf.constant(5))
        assert int(x.numpy()) == 6  # TF's eager run stores an eager tensor
    finally:
        tf.config.run_functions_eagerly(False)
