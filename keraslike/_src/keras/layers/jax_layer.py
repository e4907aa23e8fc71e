"""`keras.layers.JaxLayer` and `keras.layers.FlaxLayer` (keras/src/utils/jax_layer.py).

Keras runs them only on its JAX backend (and on TensorFlow through jax2tf). keraslike computes with
torch, which cannot execute JAX functions, so creating either raises a ValueError that says so and
names the torch equivalent: `keras.layers.TorchModuleWrapper` around a `torch.nn.Module` (for
example a port of the Flax module), or a Keras layer written with `keras.ops`.
"""

from keraslike._src.keras.layers.layer import Layer


def _refuse(cls, what):
    raise ValueError(f"{cls.__name__} is only supported with the JAX or TensorFlow backend; keraslike runs Keras on "
                     f"torch, which cannot execute {what}. Wrap a torch.nn.Module in "
                     f"keras.layers.TorchModuleWrapper instead, or write the layer with keras.ops. "
                     f"Received: {cls.__name__}(...)")


class JaxLayer(Layer):
    """Raises ValueError: a JAX `call_fn`/`init_fn` cannot run on torch (see the module docstring).

    Args (as Keras): call_fn, init_fn=None, params=None, state=None, seed=None,
        native_serialization_platforms=None, **kwargs.
    """

    def __init__(self, call_fn, init_fn=None, params=None, state=None, seed=None, native_serialization_platforms=None,
                 **kwargs):
        _refuse(type(self), "JAX functions")


class FlaxLayer(JaxLayer):
    """Raises ValueError: a Flax module cannot run on torch (see the module docstring).

    Args (as Keras): module, method=None, variables=None, **kwargs.
    """

    def __init__(self, module, method=None, variables=None, **kwargs):
        _refuse(type(self), "Flax modules")
