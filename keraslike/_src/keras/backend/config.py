"""Keras's global configuration: `keras.config.*` (keras/src/backend/config.py and its neighbours).

One place holds the process-wide settings Keras keeps: float dtype, epsilon, image data format,
interactive logging, flash attention, safe deserialization, and the debugging caps on epochs and
steps. At import the values come, as in Keras, from `$KERAS_HOME/keras.json` (default
`~/.keras/keras.json`; read bounded, a malformed file is ignored as Keras ignores it) and the
`KERAS_MAX_EPOCHS` / `KERAS_MAX_STEPS_PER_EPOCH` environment variables.

`backend()` is "tensorflow": keraslike stands in for TensorFlow's Keras, so code that branches on
the backend takes its TF branch, whose `tf.*` calls keraslike provides. `set_backend` accepts only
"tensorflow" (already the backend) and raises for any other name.
"""

import json
import os
import warnings

_FLOAT_TYPES = ("float16", "bfloat16", "float32", "float64")
_DATA_FORMATS = ("channels_last", "channels_first")
_MAX_CONFIG_BYTES = 1 << 16


def _env_int(name):
    value = os.environ.get(name)
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"The environment variable {name} must be an integer. Received: {name}={value!r}") from None


def _from_keras_json():
    home = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
    path = os.path.join(home, "keras.json")
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(_MAX_CONFIG_BYTES))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _initial_state():
    state = {"floatx": "float32", "epsilon": 1e-7, "image_data_format": "channels_last",
             "interactive_logging": True, "flash_attention": None, "safe_mode": None,
             "traceback_filtering": False, "max_epochs": _env_int("KERAS_MAX_EPOCHS"),
             "max_steps_per_epoch": _env_int("KERAS_MAX_STEPS_PER_EPOCH")}
    saved = _from_keras_json()
    if saved.get("floatx") in _FLOAT_TYPES:
        state["floatx"] = saved["floatx"]
    if isinstance(saved.get("epsilon"), (int, float)) and not isinstance(saved.get("epsilon"), bool):
        state["epsilon"] = float(saved["epsilon"])
    if saved.get("image_data_format") in _DATA_FORMATS:
        state["image_data_format"] = saved["image_data_format"]
    return state


_STATE = _initial_state()


def floatx():
    """The default float dtype name, "float32" unless set (`keras.config.floatx`)."""
    return _STATE["floatx"]


def set_floatx(value):
    """Set the default float dtype name. Raises ValueError for a name not in float16/bfloat16/float32/float64."""
    if value not in _FLOAT_TYPES:
        raise ValueError(f"Unknown `floatx` value: {value}. Expected one of {set(_FLOAT_TYPES)}")
    _STATE["floatx"] = str(value)


def epsilon():
    """The fuzz factor of numeric expressions (losses' clipping, ...), 1e-7 unless set."""
    return _STATE["epsilon"]


def set_epsilon(value):
    """Set `epsilon()`. Raises TypeError for a non-number."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"`value` must be a float. Received: value={value!r}")
    _STATE["epsilon"] = float(value)


def image_data_format():
    """"channels_last" unless set: the default `data_format` of image layers."""
    return _STATE["image_data_format"]


def set_image_data_format(data_format):
    """Set `image_data_format()`. Raises ValueError for another value than the two formats."""
    value = str(data_format).lower()
    if value not in _DATA_FORMATS:
        raise ValueError(f"The `data_format` argument must be one of {{'channels_first', 'channels_last'}}. "
                         f"Received: data_format={data_format}")
    _STATE["image_data_format"] = value


def enable_interactive_logging():
    """Progress and messages go to stdout (the default)."""
    _STATE["interactive_logging"] = True


def disable_interactive_logging():
    """Progress and messages go to the Python logger "keras" at INFO level (Keras sends them to absl logging)."""
    _STATE["interactive_logging"] = False


def is_interactive_logging_enabled():
    return _STATE["interactive_logging"]


def enable_flash_attention():
    """Let attention layers use flash attention (torch's flash SDPA kernel on CUDA) where the inputs allow."""
    _STATE["flash_attention"] = True


def disable_flash_attention():
    """Keep attention layers off the flash kernel (torch SDPA chooses among the others)."""
    _STATE["flash_attention"] = False


def is_flash_attention_enabled():
    """True/False after enable/disable, None (the default: torch chooses) otherwise."""
    return _STATE["flash_attention"]


def is_nnx_enabled():
    """False: Flax NNX is a JAX backend feature."""
    return False


def enable_unsafe_deserialization():
    """Let `load_model` and `deserialize_keras_object` rebuild Lambda layers from Python bytecode."""
    _STATE["safe_mode"] = False


def in_safe_mode():
    """False after `enable_unsafe_deserialization()` (it then overrides `safe_mode=True` arguments, as in
    Keras), None before."""
    return _STATE["safe_mode"]


def enable_traceback_filtering():
    """Raises: keraslike shows full tracebacks (Keras hides its own frames; keraslike has no such filter)."""
    raise ValueError("keraslike does not filter tracebacks: its errors show every frame, as with "
                     "keras.config.disable_traceback_filtering(). Received: enable_traceback_filtering()")


def disable_traceback_filtering():
    """Tracebacks show every frame; in keraslike they always do, so this changes nothing."""
    _STATE["traceback_filtering"] = False


def is_traceback_filtering_enabled():
    """False: keraslike never filters tracebacks."""
    return _STATE["traceback_filtering"]


def backend():
    """"tensorflow" (see the module docstring)."""
    return "tensorflow"


def set_backend(backend_name):
    """Accept "tensorflow" (the backend keraslike stands in for); raise for any other."""
    if backend_name != "tensorflow":
        raise ValueError(f"keraslike runs TensorFlow's Keras on torch; its backend is 'tensorflow' and cannot be "
                         f"switched (for Keras on JAX or torch, use the keras package). "
                         f"Received: backend={backend_name!r}")


def _check_limit(value, name):
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
        raise ValueError(f"`{name}` must be a positive integer or None. Received: {name}={value!r}")


def set_max_epochs(max_epochs):
    """Cap the epochs of every `fit` (a debugging aid, also `KERAS_MAX_EPOCHS`); None removes the cap."""
    _check_limit(max_epochs, "max_epochs")
    _STATE["max_epochs"] = max_epochs


def max_epochs():
    return _STATE["max_epochs"]


def set_max_steps_per_epoch(max_steps_per_epoch):
    """Cap the steps of every epoch of `fit`/`evaluate`/`predict` (also `KERAS_MAX_STEPS_PER_EPOCH`)."""
    _check_limit(max_steps_per_epoch, "max_steps_per_epoch")
    _STATE["max_steps_per_epoch"] = max_steps_per_epoch


def max_steps_per_epoch():
    return _STATE["max_steps_per_epoch"]


def capped_epochs(epochs):
    """`epochs` limited by `max_epochs()`, with Keras's warning when it cuts."""
    limit = _STATE["max_epochs"]
    if limit and limit < epochs:
        warnings.warn(f"Limiting epochs to {limit}", stacklevel=3)
        return limit
    return epochs


def capped_steps(steps):
    """Steps per epoch limited by `max_steps_per_epoch()` (None means "the whole data" before the cap)."""
    limit = _STATE["max_steps_per_epoch"]
    if limit and (not steps or limit < steps):
        warnings.warn(f"Limiting steps_per_epoch to {limit}", stacklevel=3)
        return limit
    return steps
