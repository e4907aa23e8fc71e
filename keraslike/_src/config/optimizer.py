"""`tf.config.optimizer`: Grappler's graph-rewrite options and the XLA auto-clustering switch.

In TF these configure how `tf.function` graphs are rewritten before they run (constant folding, layout and
arithmetic rewrites, ...) and whether XLA clusters ops automatically. keraslike has no TF graphs to rewrite
(functions run their Python body on torch; `jit_compile` uses torch.compile), so the options are recorded and
read back as TF reports them, with no effect (README "Accepted, no effect"). TF's `debug_stripper` also
removes `tf.debugging` asserts from graphs; here those asserts still run.
"""

_TOGGLES = (
    "layout_optimizer", "constant_folding", "shape_optimization", "remapping", "arithmetic_optimization",
    "dependency_optimization", "loop_optimization", "function_optimization", "debug_stripper",
    "disable_model_pruning", "scoped_allocator_optimization", "pin_to_host_optimization",
    "implementation_selector", "auto_mixed_precision", "use_plugin_optimizers", "disable_meta_optimizer",
    "auto_mixed_precision_onednn_bfloat16", "auto_mixed_precision_mkl",
)
_ALWAYS = ("disable_model_pruning", "disable_meta_optimizer")  # listed even when never set, as TF does
_state = {"options": {}, "jit": ""}


def get_experimental_options():
    """The options set so far (in TF's order), with `disable_model_pruning`/`disable_meta_optimizer` always
    listed and `min_graph_nodes` when non-zero."""
    options = _state["options"]
    out = {}
    for name in _TOGGLES:
        if name in options:
            out[name] = options[name]
        elif name in _ALWAYS:
            out[name] = False
    if options.get("min_graph_nodes"):
        out["min_graph_nodes"] = options["min_graph_nodes"]
    return out


def set_experimental_options(options):
    """Merges `options` (a dict of option name -> bool, `min_graph_nodes` -> int) into the recorded ones.

    Raises:
        ValueError: for a name TF does not know (TF ignores it silently).
    """
    unknown = sorted(set(options) - set(_TOGGLES) - {"min_graph_nodes"})
    if unknown:
        raise ValueError(f"Unknown graph optimizer option(s) {unknown}; known: {[*_TOGGLES, 'min_graph_nodes']}. "
                         f"Received: options={options!r}")
    for name, value in options.items():
        _state["options"][name] = int(value) if name == "min_graph_nodes" else bool(value)


def get_jit():
    """`'autoclustering'` after `set_jit(True)`, else `''`."""
    return _state["jit"]


def set_jit(enabled):
    """Records XLA auto-clustering on (`True` or `'autoclustering'`) or off (`False`); no effect here.

    Raises:
        ValueError: for any other value (TF silently turns clustering off).
    """
    if enabled is True or enabled == "autoclustering":
        _state["jit"] = "autoclustering"
    elif enabled is False:
        _state["jit"] = ""
    else:
        raise ValueError(f"`enabled` must be True, False or 'autoclustering'. Received: enabled={enabled!r}")
