"""A process-wide override of the seed every random op draws with (`DeterministicRandomTestTool.scope()`).

While an override is installed, `tf.random.*` ops and `keras.random` draws (initializers, dropout) ask it
for their `(global seed, op seed)` pair instead of using their own seed or torch's global generator, so two
pieces of code making the same sequence of random ops get the same numbers.
"""

_state = {"override": None}
_MASK = (1 << 63) - 1


def install(get_seed):
    """Make every random op seed itself from `get_seed()` -> `(seed, op_seed)`; returns the previous override."""
    previous = _state["override"]
    _state["override"] = get_seed
    return previous


def restore(previous):
    _state["override"] = previous


def active():
    """Whether an override is installed (asking draws no seed)."""
    return _state["override"] is not None


def override_pair():
    """The `(seed, op_seed)` pair of the next random op under an override, or None without one."""
    get_seed = _state["override"]
    return None if get_seed is None else get_seed()


def override_torch_seed():
    """The torch seed of the next random op under an override (its pair mixed into 63 bits), or None."""
    pair = override_pair()
    if pair is None:
        return None
    h = 1469598103934665603
    for part in pair:
        h = ((h ^ (int(part) & _MASK)) * 1099511628211) & _MASK
    return h
