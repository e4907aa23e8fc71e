"""`tf.data.Options` and its nested option groups, plus `AUTOTUNE`.

Mirrors `tensorflow/python/data/ops/options.py` and
`tensorflow/python/data/experimental/ops/distribute_options.py`. Options are plain
records here: iteration is sequential, so performance options are accepted and kept
(for code that reads them back) but change nothing. `auto_shard_policy` is read by the
distributed input code.
"""

import enum
from typing import ClassVar

AUTOTUNE = -1
"""`tf.data.AUTOTUNE`: let the runtime pick a parallelism/buffer size."""


class AutoShardPolicy(enum.IntEnum):
    """How a dataset is sharded across workers (`tf.data.experimental.AutoShardPolicy`).

    OFF: no sharding. AUTO: shard by file if possible, else by data. FILE: by input
    file. DATA: each worker keeps every N-th element. HINT: only where `shard` is
    placed with `tf.data.experimental.SHARD_HINT`.
    """

    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class OptionsBase:
    """A record of named options with defaults; unknown names are rejected like TF does."""

    _DEFAULTS: ClassVar[dict] = {}
    _ALIASES: ClassVar[dict] = {}

    def __init__(self):
        values = {}
        for key, default in self._DEFAULTS.items():
            values[key] = default() if callable(default) else default
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name):
        name = type(self)._ALIASES.get(name, name)
        values = self.__dict__.get("_values", {})
        if name in values:
            return values[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        name = self._ALIASES.get(name, name)
        if name not in self._values:
            raise AttributeError(
                f"Cannot set the property {name} on {type(self).__name__}. Expected one of "
                f"{sorted(self._values)}. Received: {name}={value!r}"
            )
        self._values[name] = value

    def _merge_from(self, other):
        """Copies every option `other` set (non-default), recursing into option groups."""
        for key, value in other._values.items():
            mine = self._values[key]
            if isinstance(value, OptionsBase):
                mine._merge_from(value)
            elif value != _default_of(type(other), key):
                self._values[key] = value

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values == other._values

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"{type(self).__name__}({inner})"


def _default_of(cls, key):
    default = cls._DEFAULTS[key]
    return default() if callable(default) else default


class DistributeOptions(OptionsBase):
    """Distribution options (`tf.data.experimental.DistributeOptions`).

    Attributes:
        auto_shard_policy: an `AutoShardPolicy`, default `AUTO`.
        num_devices: number of devices attached to this input pipeline, default `None`.
    """

    _DEFAULTS: ClassVar[dict] = {"auto_shard_policy": AutoShardPolicy.AUTO, "num_devices": None}


class OptimizationOptions(OptionsBase):
    """Static-optimization switches (`tf.data.experimental.OptimizationOptions`); no effect here."""

    _DEFAULTS: ClassVar[dict] = dict.fromkeys((
        "apply_default_optimizations", "filter_fusion", "filter_parallelization", "inject_prefetch",
        "map_and_batch_fusion", "map_and_filter_fusion", "map_fusion", "map_parallelization",
        "noop_elimination", "parallel_batch", "seq_interleave_prefetch", "shuffle_and_repeat_fusion",
        "autotune", "autotune_buffers", "autotune_cpu_budget", "autotune_ram_budget",
    ))


class ThreadingOptions(OptionsBase):
    """Thread-pool options (`tf.data.ThreadingOptions`); recorded only."""

    _DEFAULTS: ClassVar[dict] = {"max_intra_op_parallelism": None, "private_threadpool_size": None}


class AutotuneOptions(OptionsBase):
    """Autotuning options (`tf.data.experimental.AutotuneOptions`); recorded only."""

    _DEFAULTS: ClassVar[dict] = dict.fromkeys(("enabled", "cpu_budget", "ram_budget", "autotune_algorithm"))


class Options(OptionsBase):
    """Options for a `Dataset` (`tf.data.Options`), attached with `Dataset.with_options`.

    Attributes:
        deterministic: whether outputs keep a deterministic order (alias
            `experimental_deterministic`); `None` means `True`.
        experimental_distribute: a `DistributeOptions` (`auto_shard_policy`, `num_devices`).
        experimental_optimization: an `OptimizationOptions`.
        threading: a `ThreadingOptions` (alias `experimental_threading`).
        autotune: an `AutotuneOptions`.
        experimental_slack, experimental_external_state_policy, experimental_warm_start,
        experimental_symbolic_checkpoint: recorded only.

    Raises:
        AttributeError: when setting an option TF does not define.

    Example:
        >>> options = Options()
        >>> options.experimental_distribute.auto_shard_policy = AutoShardPolicy.DATA
    """

    _DEFAULTS: ClassVar[dict] = {
        "deterministic": None,
        "experimental_distribute": DistributeOptions,
        "experimental_optimization": OptimizationOptions,
        "threading": ThreadingOptions,
        "autotune": AutotuneOptions,
        "experimental_slack": None,
        "experimental_external_state_policy": None,
        "experimental_warm_start": None,
        "experimental_symbolic_checkpoint": None,
    }
    _ALIASES: ClassVar[dict] = {
        "experimental_deterministic": "deterministic",
        "experimental_threading": "threading",
    }

    def merge(self, options):
        """Returns a new `Options` with `options`' set values overriding this object's.

        Args:
            options: a `tf.data.Options`.

        Returns:
            The merged `tf.data.Options`; neither input is modified.

        Raises:
            TypeError: if `options` is not a `tf.data.Options`.
        """
        return merge_options(self, options)


def merge_options(*options_list):
    """Merges `Options` objects left to right; later non-default values win (TF's rule).

    Raises:
        TypeError: if an argument is not a `tf.data.Options`.
    """
    result = Options()
    for options in options_list:
        if not isinstance(options, Options):
            raise TypeError(f"Expected a tf.data.Options. Received: options={options!r}")
        result._merge_from(options)
    return result
