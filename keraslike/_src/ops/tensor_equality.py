"""`tf.compat.v1.enable_tensor_equality()` / `disable_tensor_equality()`: what `==` means for variables.

TF2 compares values elementwise (`x == y` is a boolean tensor; the default). TF1 compared Python
objects: `x == y` is `x is y` and `x != y` is `x is not y`. The switch is global, as TF's. keraslike's
`tf.Variable` follows it; plain tensors are `torch.Tensor`s and keep elementwise `==` either way
(README "Where keraslike differs").
"""

_state = {"enabled": True}


def enable_tensor_equality():
    """`tf.compat.v1.enable_tensor_equality()`: `==`/`!=` on variables compare values elementwise (TF2's default)."""
    _state["enabled"] = True


def disable_tensor_equality():
    """`tf.compat.v1.disable_tensor_equality()`: `==`/`!=` on variables compare identity (TF1), as `is`/`is not`."""
    _state["enabled"] = False


def tensor_equality_enabled():
    """Whether `==` on variables compares values (True, TF2) or identity (False, TF1)."""
    return _state["enabled"]
