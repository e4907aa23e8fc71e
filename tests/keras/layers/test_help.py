"""help() on layers shows Keras's API first and hides torch.nn.Module's inherited members."""

import abc
import inspect
import pydoc

import torch

import keraslike as tf


def _help_text(obj):
    return pydoc.plain(pydoc.render_doc(obj))


def test_help_dense_is_keras_first_and_short():
    text = _help_text(tf.keras.layers.Dense)
    lines = text.splitlines()
    # the Keras docstring right after the signature line, before the MRO and members
    assert lines[5].strip(" |") == "Densely connected layer.", lines[:6]
    assert "inherited from torch" not in text
    assert "Initialize internal Module state" not in text   # torch's __init__ text
    assert "register_forward_hook" not in text
    assert len(lines) < 300, len(lines)   # 1,212 lines while torch.nn.Module's members showed
    assert "torch.nn.modules.module.Module" in text          # the MRO still tells the truth


def test_signature_is_the_keras_one():
    params = list(inspect.signature(tf.keras.layers.Dense).parameters)
    assert params[:3] == ["units", "activation", "use_bias"]
    assert "Create the layer" in inspect.getdoc(tf.keras.layers.Dense.__init__)
    assert inspect.getdoc(tf.keras.layers.Layer).startswith("Base class of all layers.")


def test_torch_members_stay_usable():
    assert "state_dict" not in dir(tf.keras.layers.Dense)
    assert "get_weights" in dir(tf.keras.layers.Dense)
    layer = tf.keras.layers.Dense(3)
    layer(torch.zeros(2, 4))
    assert "state_dict" in dir(layer)   # instances: torch's Module.__dir__, unchanged
    assert sorted(layer.state_dict()) == ["bias", "kernel"]
    assert len(list(layer.parameters())) == 2
    assert isinstance(layer, torch.nn.Module) and issubclass(tf.keras.layers.Dense, torch.nn.Module)


def test_abc_mixin_still_works():
    class Base(tf.keras.layers.Layer, abc.ABC):
        @abc.abstractmethod
        def call(self, inputs):
            ...

    class Twice(Base):
        def call(self, inputs):
            return inputs * 2

    try:
        Base()
    except TypeError as err:
        assert "abstract" in str(err)
    else:
        raise AssertionError("an abstract layer was instantiated")
    out = Twice()(torch.ones(2))
    assert out.tolist() == [2.0, 2.0]
    assert isinstance(Twice(), Base) and not isinstance(tf.keras.layers.Dense(1), Base)


def test_help_variable_is_tf_first_and_short():
    text = _help_text(tf.Variable)
    assert "A mutable tensor" in text.splitlines()[5], text.splitlines()[:6]
    assert "inherited from torch" not in text and len(text.splitlines()) < 300   # 5,393 lines with torch.Tensor's
    variable = tf.Variable([1.0, 2.0])
    assert {"assign", "numpy", "add_", "grad"} <= set(dir(variable)) and "volatile" not in dir(variable)
    assert isinstance(variable, torch.nn.Parameter) and not isinstance(torch.nn.Parameter(torch.ones(1)), tf.Variable)
