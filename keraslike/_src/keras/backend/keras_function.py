"""`tf.keras.backend.function` and `learning_phase`: Keras 2's way to read intermediate outputs.

Old tutorials write `get_hidden = K.function([model.input], [model.layers[1].output])` and then
`get_hidden([x])[0]`. Eager tf_keras builds a functional model from those tensors and returns a function that
calls it and hands back numpy; so does this. `learning_phase()` is Keras 2's eager flag, 0 (inference):
`set_learning_phase(0)` warns and changes nothing (calls without `training=` already run in inference mode),
`set_learning_phase(1)` raises (`training=` decides each call, as in Keras 3).

    OMP_NUM_THREADS=1 python -c "import keraslike as tf; print(tf.keras.backend.learning_phase())"
"""

import warnings

from keraslike._src.keras.layers.keras_tensor import map_structure
from keraslike._src.keras.models.model import Model
from keraslike._src.ops import tensor_numpy


def function(inputs, outputs, updates=None, name=None, **kwargs):
    """A function from `inputs` values to `outputs` values, as Keras 2's eager `K.function`.

    Args:
        inputs: a functional-API input tensor (`model.input`) or a list of them.
        outputs: a functional-API tensor or a list of them, computed from `inputs`.
        updates: Keras 1's update ops; eager Keras 2 refuses them.
        name: accepted as Keras 2 accepts it (unused by eager Keras 2 too).
        **kwargs: `Session.run` arguments, refused as eager Keras 2 refuses them.

    Returns:
        A callable taking the input values (a list, one per input) and returning the output values as numpy
        arrays, a list when `outputs` was a list.

    Raises:
        ValueError: for `updates` or session keyword arguments.
    """
    del name  # eager tf_keras ignores it as well: the model gets its own name
    if kwargs:
        raise ValueError(f"Session keyword arguments are not supported during eager execution. Received: "
                         f"kwargs={kwargs}")
    if updates:
        raise ValueError(f"`updates` argument is not supported during eager execution. Received: updates={updates}")
    model = Model(inputs=inputs, outputs=outputs)
    wrap_outputs = isinstance(outputs, list) and len(outputs) == 1

    def func(model_inputs):
        outs = model(model_inputs)
        if wrap_outputs:
            outs = [outs]
        return map_structure(_to_numpy, outs)

    return func


def _to_numpy(value):
    """A tensor as a numpy copy (a 0-d one as a Python number, as Keras 2 returns it); other values unchanged."""
    if hasattr(value, "detach"):
        array = tensor_numpy.snapshot(value)
        return array.item() if array.ndim == 0 else array
    return value


def learning_phase():
    """Keras 2's learning-phase flag in eager mode: 0 (test). `training=` arguments decide each call here."""
    return 0


def set_learning_phase(value):
    """Keras 2's deprecated global learning phase. 0 (test) is what keraslike's calls without `training=` already
    do, as under TF (`fit` passes `training=True` itself), so it warns as Keras 2 and changes nothing.

    Raises:
        ValueError: for a value other than 0 or 1.
        NotImplementedError: for 1 (a training-mode default for every call), which keraslike does not have:
            pass `training=True` to the layer or model call instead.
    """
    warnings.warn("`tf.keras.backend.set_learning_phase` is deprecated and will be removed after 2020-10-11. To "
                  "update it, simply pass a True/False value to the `training` argument of the `__call__` method "
                  "of your layer or model.", stacklevel=2)
    if value not in (0, 1):
        raise ValueError(f"Expected learning phase to be 0 or 1. Received: value={value!r}")
    if value == 1:
        raise NotImplementedError("keraslike has no global training-mode learning phase; pass `training=True` to "
                                  "the layer or model call instead. Received: value=1")


function.__keraslike_tf_op__ = function  # not a TF op: `wrap_tf_namespaces` leaves it unwrapped (never a layer)
