"""TF1 session options: `tf.ConfigProto` and `tf.GPUOptions`.

Mirrors the fields of `tensorflow/core/protobuf/config.proto` that tutorials
set, with protobuf's attribute style (`config.gpu_options.allow_growth = True`).
Unknown keyword arguments raise `ValueError`, as a protobuf constructor does.
"""


class _Message:
    """A tiny protobuf-like message: declared fields with defaults, attribute access, equality."""

    _FIELDS = {}

    def __init__(self, **kwargs):
        for field, default in self._FIELDS.items():
            object.__setattr__(self, field, default() if callable(default) else default)
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __setattr__(self, key, value):
        if key not in self._FIELDS:
            raise ValueError(
                f"Protocol message {type(self).__name__} has no \"{key}\" field. Expected one of "
                f"{sorted(self._FIELDS)}. Received: {key}={value!r}"
            )
        object.__setattr__(self, key, value)

    def __eq__(self, other):
        return type(self) is type(other) and all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    def __repr__(self):
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS
                           if getattr(self, f) != (self._FIELDS[f]() if callable(self._FIELDS[f])
                                                   else self._FIELDS[f]))
        return f"{type(self).__name__}({fields})"


class GPUOptions(_Message):
    """`tf.GPUOptions(allow_growth=False, per_process_gpu_memory_fraction=0.0, visible_device_list="")`.

    Mirrors `GPUOptions` in `tensorflow/core/protobuf/config.proto`.

    Args:
        allow_growth: allocate GPU memory as needed (torch's allocator always
            does; the flag is recorded for `tf.config.experimental.get_memory_growth`).
        per_process_gpu_memory_fraction: float in (0, 1]: cap each visible GPU
            at this share of its memory (`torch.cuda.set_per_process_memory_fraction`);
            0 means no cap.
        visible_device_list: "0,1"-style GPU list, applied as
            `tf.config.set_visible_devices` when devices are not initialised yet.
        allocator_type, deferred_deletion_bytes, polling_active_delay_usecs,
        force_gpu_compatible, experimental: accepted, no effect.
    """

    _FIELDS = {
        "allow_growth": False, "per_process_gpu_memory_fraction": 0.0, "visible_device_list": "",
        "allocator_type": "", "deferred_deletion_bytes": 0, "polling_active_delay_usecs": 0,
        "force_gpu_compatible": False, "experimental": None,
    }


class GraphOptions(_Message):
    """`tf.GraphOptions`: accepted for compatibility; graph optimisations do not apply eagerly."""

    _FIELDS = {"enable_bfloat16_sendrecv": False, "build_cost_model": 0, "place_pruned_graph": False,
               "optimizer_options": None, "rewrite_options": None, "infer_shapes": False}


class ConfigProto(_Message):
    """`tf.ConfigProto(log_device_placement=False, allow_soft_placement=False, gpu_options=None, ...)`.

    Mirrors `ConfigProto` in `tensorflow/core/protobuf/config.proto`.

    Args:
        log_device_placement: the Session prints "Device mapping:" when created
            and `name: device` for each op behind the values it runs.
        allow_soft_placement: ops pinned to a missing device fall back instead
            of `Session.run` raising `tf.errors.InvalidArgumentError` (TF1's
            default is False).
        gpu_options: a `GPUOptions`.
        intra_op_parallelism_threads: threads per op (`torch.set_num_threads`); 0 = default.
        inter_op_parallelism_threads: threads across ops (`torch.set_num_interop_threads`); 0 = default.
        device_count: e.g. `{"GPU": 0}`; GPUs beyond the count are hidden when
            devices are not initialised yet.
        use_per_session_threads, operation_timeout_in_ms, graph_options,
        isolate_session_state, experimental: accepted, no effect.
    """

    _FIELDS = {
        "log_device_placement": False, "allow_soft_placement": False, "gpu_options": GPUOptions,
        "intra_op_parallelism_threads": 0, "inter_op_parallelism_threads": 0, "device_count": dict,
        "use_per_session_threads": False, "operation_timeout_in_ms": 0, "graph_options": GraphOptions,
        "isolate_session_state": False, "experimental": None,
    }
