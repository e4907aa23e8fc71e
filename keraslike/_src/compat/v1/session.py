"""TF1 `tf.Session` over eager execution.

Mirrors `tensorflow/python/client/session.py`. keraslike always runs eagerly:
every op already ran when it was written, so `Session.run(fetches)` returns the
numpy values of what was computed, in the structure of `fetches`. A session
with `ConfigProto(log_device_placement=True)` prints TF1's placement log (to
stderr, as TF's C++ logger does):

    Device mapping: no known devices.
    b: /job:localhost/replica:0/task:0/device:CPU:0
    a: /job:localhost/replica:0/task:0/device:CPU:0
    MatMul: /job:localhost/replica:0/task:0/device:CPU:0

and, without `allow_soft_placement`, raises TF's `InvalidArgumentError` when an
op behind the fetched values was pinned (`tf.device`) to a device this
process lacks; the eager op itself had fallen back to the CPU under TF2's soft
placement.

Graph-only features (`feed_dict`, placeholders, fetching by name) raise an
error naming the eager equivalent.
"""

import collections
import sys
import threading

import torch

from keraslike._src.compat.v1.config_proto import ConfigProto
from keraslike._src.config import devices, memory
from keraslike._src.ops import random as random_ops
from keraslike._src.ops import tensor_numpy
from keraslike._src.graph import executor, fetches as graph_fetches
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import tensor as graph_tensor
from keraslike._src.graph import variables as graph_variables
from keraslike._src.placement import device_spec, log

_default = threading.local()


class Operation:
    """A TF1 op with no output, e.g. the variables initializer: `op.run()`, `sess.run(op)` -> None.

    Args:
        name: TF1 node name (uniquified, e.g. "init", "init_1").
        op_type: TF op type, e.g. "NoOp".
    """

    def __init__(self, name, op_type="NoOp"):
        self.type = op_type
        self._node = None
        if log.TRACE.recording:
            self._node = log.Node(log.unique_name(name), op_type, None, device_spec.canonical("CPU", 0), ())
        self.name = self._node.name if self._node is not None else name

    def run(self, feed_dict=None, session=None):
        """Run in `session` or the default session (eagerly there is nothing left to do)."""
        session = session or get_default_session()
        if session is not None:
            session.run(self, feed_dict=feed_dict)
        elif feed_dict:
            _reject_feed_dict(feed_dict)

    def __repr__(self):
        return f"<tf.Operation '{self.name}' type={self.type}>"


def _reject_feed_dict(feed_dict):
    raise RuntimeError(
        "feed_dict is not supported: keraslike runs eagerly, so there are no placeholders to feed. "
        "Compute with the values themselves (numpy arrays or tf.constant), or put the computation in a "
        "Python function (optionally @tf.function) that takes them as arguments. "
        f"Received: feed_dict with keys {list(feed_dict)[:5]!r}"
    )


def get_default_session():
    """`tf.compat.v1.get_default_session()`: the innermost `with Session()` / `as_default()`, or None."""
    stack = getattr(_default, "stack", None)
    return stack[-1] if stack else None


class Session:
    """`tf.Session(target="", graph=None, config=None)`: run TF1 code eagerly.

    Args:
        target: must be "" (in-process); distributed TF1 runtimes are not emulated.
        graph: ignored (there is one eager "graph").
        config: a `tf.ConfigProto`. Its GPU memory options, thread counts and
            placement flags apply when the session is created.

    Raises:
        ValueError: for a non-empty `target` or a `config` that is not a ConfigProto.
    """

    def __init__(self, target="", graph=None, config=None):
        if target:
            raise ValueError(
                "keraslike runs TF1 sessions in process; remote targets are not supported. Use "
                f"tf.distribute.MultiWorkerMirroredStrategy for multi-machine training. Received: target={target!r}"
            )
        if config is not None and not isinstance(config, ConfigProto):
            raise ValueError(f"Expected config to be a tf.ConfigProto. Received: config={config!r}")
        self._config = config if config is not None else ConfigProto()
        self._graph = graph if graph is not None else graph_lib.default_graph()
        if self._graph is not None:  # a session makes its own kernels: seeded random ops start afresh
            random_ops.restart_kernels()
        self._variable_values = {}  # graph variable -> its value in this session
        self._iterator_states = {}  # graph iterator op -> its Python iterator in this session
        self._plans = {}
        self._plans_version = None
        self._graph_context = None
        self._closed = False
        self._logged = set()
        self._apply_config(self._config)
        devices.mark_initialized()
        if self._config.log_device_placement:
            print("\n".join(log.device_mapping_lines()), file=sys.stderr, flush=True)

    @staticmethod
    def _apply_config(config):
        gpu = config.gpu_options
        if not devices.is_initialized():
            if gpu.visible_device_list:
                wanted = [int(i) for i in str(gpu.visible_device_list).split(",") if i.strip()]
                physical = devices.list_physical_devices("GPU")
                devices.set_visible_devices([physical[i] for i in wanted if i < len(physical)], "GPU")
            if "GPU" in config.device_count:
                visible = devices.get_visible_devices("GPU")
                devices.set_visible_devices(visible[: int(config.device_count["GPU"])], "GPU")
            if gpu.allow_growth:
                memory.set_memory_growth_all(True)
        if gpu.per_process_gpu_memory_fraction:
            memory.set_gpu_memory_fraction(gpu.per_process_gpu_memory_fraction)
        if config.intra_op_parallelism_threads:
            torch.set_num_threads(int(config.intra_op_parallelism_threads))
        if config.inter_op_parallelism_threads:
            try:
                torch.set_num_interop_threads(int(config.inter_op_parallelism_threads))
            except RuntimeError:  # torch allows it once, before inter-op work; TF1 pools are per session
                pass

    # ---- running --------------------------------------------------------------------------
    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        """Values of `fetches` as numpy, in the same nested structure.

        Args:
            fetches: a tensor, `tf.Variable`, `Operation` (gives None), or a
                list/tuple/namedtuple/dict nesting them.
            feed_dict: must be empty (no placeholders exist eagerly).
            options, run_metadata: ignored.

        Returns:
            numpy arrays (numpy scalars for 0-d tensors) in the structure of `fetches`.

        Raises:
            RuntimeError: if the session is closed, or `feed_dict` is given.
            TypeError: for a fetch that is not a tensor or operation.
            tf.errors.InvalidArgumentError: if an op behind a fetch was pinned to a
                missing device and the config lacks `allow_soft_placement`.
        """
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        if self._graph is not None:
            return self._run_graph(fetches, feed_dict)
        if feed_dict:
            _reject_feed_dict(feed_dict)
        nodes = []
        result = _map_fetches(fetches, nodes)
        if nodes:
            self._check_and_log(nodes)
        return result

    def _run_graph(self, fetches, feed_dict):
        graph = self._graph
        elements = []
        rebuild = graph_fetches.flatten_fetches(graph, fetches, elements)
        feeds = graph_fetches.feed_items(graph, feed_dict)
        fed = {}
        for tensor, _ in feeds:
            fed[tensor] = None
        if self._plans_version != graph.version:
            self._plans.clear()
            self._plans_version = graph.version
        key = (tuple(map(id, elements)), tuple(map(id, fed)))
        plan = self._plans.get(key)
        if plan is None:
            plan = executor.Plan(elements, fed)
            self._check_graph_placement(plan)
            self._plans[key] = plan
            if self._config.log_device_placement:
                self._log_graph_placement(plan)
        device = device_spec.default_torch_device()  # fed values go where TF would place their consumers
        slots = executor.execute(self, plan, [value if not isinstance(value, torch.Tensor) or value.device == device
                                              else value.to(device) for _, value in feeds])  # strings: host
        values = [None if isinstance(e, graph_tensor.Operation) else graph_fetches.to_numpy(slots[plan.index[e]])
                  for e in elements]
        return rebuild(values)

    def _check_graph_placement(self, plan):
        if self._config.allow_soft_placement:
            return
        for op, _, _, _ in plan.steps:
            if op.device:
                device_type, index = device_spec.parse(op.device)
                if device_spec.resolve(device_type, index) is None:
                    raise device_spec.placement_error(op.name, device_type, index, op.device)

    def _log_graph_placement(self, plan):
        in_plan = {id(op) for op, _, _, _ in plan.steps}
        order, seen = [], set()

        def visit(op):  # inputs last-first, as TF1's placer log lists them (and the eager log does)
            if id(op) in seen or id(op) not in in_plan:
                return
            seen.add(id(op))
            for t in reversed(op.inputs):
                visit(t.op)
            for dep in reversed(op.control_inputs):
                visit(dep)
            order.append(op)

        for op, _, _, _ in reversed(plan.steps):
            visit(op)
        lines = []
        for op in order:
            if id(op) not in self._logged:
                self._logged.add(id(op))
                lines.append(f"{op.name}: {_graph_device(op.device)}")
        if lines:
            print("\n".join(lines), file=sys.stderr, flush=True)

    def _set_variable(self, variable, value):
        self._variable_values[variable] = graph_fetches.convert_feed(variable, value)

    def _check_and_log(self, fetched):
        graph = log.graph_of(fetched)
        if not self._config.allow_soft_placement:
            for node in graph:
                if node.requested is not None and device_spec.resolve(node.requested[0], node.requested[1]) is None:
                    raise device_spec.placement_error(node.name, node.requested[0], node.requested[1],
                                                      node.requested[2])
        if self._config.log_device_placement:
            lines = [f"{n.name}: {n.device}" for n in graph if id(n) not in self._logged]
            self._logged.update(id(n) for n in graph)
            if lines:
                print("\n".join(lines), file=sys.stderr, flush=True)

    # ---- lifetime ---------------------------------------------------------------------------
    def close(self):
        """Close the session; later `run` calls raise RuntimeError."""
        self._closed = True

    def as_default(self):
        """Context manager making this the default session (for `op.run()`)."""
        return _DefaultSession(self)

    def __enter__(self):
        stack = getattr(_default, "stack", None)
        if stack is None:
            stack = _default.stack = []
        stack.append(self)
        if self._graph is not None:
            self._graph_context = self._graph.as_default()
            self._graph_context.__enter__()
        return self

    def __exit__(self, *exc):
        if self._graph_context is not None:
            self._graph_context.__exit__(*exc)
            self._graph_context = None
        _default.stack.remove(self)
        self.close()
        return False

    @property
    def graph(self):
        """The graph this session runs (None for an eager session)."""
        return self._graph

    def list_devices(self):
        """Devices this session can use, as `tf.config.LogicalDevice`s with full names."""
        return [devices.LogicalDevice(name, name.rsplit(":", 2)[-2]) for name in device_spec.available_devices()]


def _graph_device(requested):
    if not requested:
        return device_spec.logical_name(device_spec.default_torch_device())
    device_type, index = device_spec.parse(requested)
    if device_spec.resolve(device_type, index) is None:
        return device_spec.canonical("CPU", 0)
    return device_spec.canonical(device_type, index)


graph_tensor.register_default_session_getter(get_default_session)
graph_variables.set_default_session_getter(get_default_session)


class _DefaultSession:
    def __init__(self, session):
        self._session = session

    def __enter__(self):
        stack = getattr(_default, "stack", None)
        if stack is None:
            stack = _default.stack = []
        stack.append(self._session)
        return self._session

    def __exit__(self, *exc):
        _default.stack.remove(self._session)
        return False


class InteractiveSession(Session):
    """`tf.InteractiveSession`: a Session that installs itself as the default on creation."""

    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, config)
        stack = getattr(_default, "stack", None)
        if stack is None:
            stack = _default.stack = []
        stack.append(self)

    def close(self):
        super().close()
        stack = getattr(_default, "stack", [])
        if self in stack:
            stack.remove(self)


def _fetch_value(value, nodes):
    if isinstance(value, torch.Tensor):
        node = log.node_of(value)
        if node is not None:
            nodes.append(node)
        array = tensor_numpy.snapshot(value)  # a fetched variable is its value now, not a view of it
        return array[()] if array.ndim == 0 else array
    if isinstance(value, Operation):
        if value._node is not None:
            nodes.append(value._node)
        return None
    if isinstance(value, str):
        raise TypeError(
            "Fetching by name is not supported: keraslike keeps no graph of named tensors. Fetch the tensor "
            f"object itself (e.g. sess.run(c)). Received: fetch={value!r}"
        )
    raise TypeError(
        f"Fetch argument {value!r:.80} has invalid type {type(value)}, must be a string or Tensor. "
        "(Expected a tensor, tf.Variable, operation, or a list/tuple/dict of them.) "
        f"Received: fetch of type {type(value).__name__}"
    )


def _map_fetches(fetches, nodes):
    if isinstance(fetches, dict):
        return type(fetches)((k, _map_fetches(v, nodes)) for k, v in fetches.items()) \
            if not isinstance(fetches, collections.defaultdict) else {k: _map_fetches(v, nodes)
                                                                      for k, v in fetches.items()}
    if isinstance(fetches, tuple) and hasattr(fetches, "_fields"):
        return type(fetches)(*(_map_fetches(v, nodes) for v in fetches))
    if isinstance(fetches, (list, tuple)):
        return type(fetches)(_map_fetches(v, nodes) for v in fetches)
    return _fetch_value(fetches, nodes)
