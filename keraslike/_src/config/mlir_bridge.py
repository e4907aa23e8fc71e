"""`tf.config.experimental.enable_mlir_bridge` / `disable_mlir_bridge`.

In TF these pick which compiler lowers TF graphs to XLA (the MLIR-based bridge or the older one); both give
the same results. keraslike has no TF graphs to lower (functions run eagerly on torch, `jit_compile` uses
torch.compile), so the choice is recorded and has no effect (README "Accepted, no effect").
"""

_state = {"enabled": None}


def enable_mlir_bridge():
    """`tf.config.experimental.enable_mlir_bridge()`: recorded; no effect (see module docstring)."""
    _state["enabled"] = True


def disable_mlir_bridge():
    """`tf.config.experimental.disable_mlir_bridge()`: recorded; no effect (see module docstring)."""
    _state["enabled"] = False
