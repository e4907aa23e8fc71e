"""Device placement logging: `tf.debugging.set_log_device_placement` and TF1 `log_device_placement`.

Mirrors the log lines of TF's eager executor
(`Executing op MatMul in device /job:localhost/replica:0/task:0/device:CPU:0`)
and of TF1's graph placer (`MatMul: /job:localhost/replica:0/task:0/device:CPU:0`).

TF1 code builds its graph first and only then opens
`tf.Session(config=tf.ConfigProto(log_device_placement=True))`, so the
placement of each op has to be known when the session runs. keraslike runs
eagerly and therefore records a small `Node` (TF name, op type, requested and
actual device, input nodes; never the tensors) for each tensor made by a
placement-aware tf op (`tf.constant`, `tf.Variable`, `tf.matmul`, `tf.add`,
`tf.add_n`, the other `tf.math` element-wise ops) - the first `RECORD_LIMIT`
of them per process (or since `tf.compat.v1.reset_default_graph()`), which
covers TF1-style scripts. After that, recording stops and an op's cost is one
boolean check (`TRACE.on`), unless eager logging is on.

Node names follow TF's graph uniquifier: "Const", "Const_1", "MatMul",
"MatMul_1"; user names ("a") are kept and suffixed on reuse ("a_1").
"""

import sys

import torch

from keraslike._src.config import devices
from keraslike._src.placement import device_spec, scope
from keraslike._src.placement.tensor_nodes import node_of, set_node

RECORD_LIMIT = 10_000
_CPU = device_spec.canonical("CPU", 0)


class _Trace:
    def __init__(self):
        self.eager = False  # tf.debugging.set_log_device_placement(True)
        self.recording = True  # keep Nodes for TF1 Session logs
        self.count = 0
        self.on = True  # eager or recording: the one check ops make

    def update(self):
        self.on = self.eager or self.recording


TRACE = _Trace()
_names_in_use = {}


class Node:
    """What TF1's placer knows of one op: name, type, requested and assigned device, inputs."""

    __slots__ = ("name", "op_type", "requested", "device", "inputs", "__weakref__")

    def __init__(self, name, op_type, requested, device, inputs):
        self.name = name
        self.op_type = op_type
        self.requested = requested  # None or (device_type, index, user string) of the tf.device scope
        self.device = device  # canonical name where it ran
        self.inputs = inputs  # tuple of Node

    def __repr__(self):
        return f"Node({self.name!r}, {self.op_type!r}, {self.device!r})"


def unique_name(name):
    """TF's `Graph.unique_name`: "MatMul", then "MatMul_1", ... (case-insensitive, as TF)."""
    key = name.lower()
    i = _names_in_use.get(key, 0)
    _names_in_use[key] = i + 1
    if i > 0:
        base = name
        while key in _names_in_use:
            name = f"{base}_{i}"
            key = name.lower()
            i += 1
        _names_in_use[key] = 1
    return name


def reset():
    """Forget names and restart recording (`tf.compat.v1.reset_default_graph`)."""
    _names_in_use.clear()
    TRACE.count = 0
    TRACE.recording = True
    TRACE.update()


def set_log_device_placement(enabled):
    """`tf.debugging.set_log_device_placement(enabled)`: print each op's device to stderr.

    Mirrors `tensorflow/python/framework/config.py`; lines read
    `Executing op MatMul in device /job:localhost/replica:0/task:0/device:CPU:0`.
    """
    TRACE.eager = bool(enabled)
    TRACE.update()


def get_log_device_placement():
    """Whether eager placement logging is on."""
    return TRACE.eager


def record(op_type, out, inputs=(), name=None, default_name=None):
    """Log and/or record one op that produced `out` (call only when `TRACE.on`).

    Args:
        op_type: TF op type as the eager log prints it ("MatMul", "AddV2", "Const").
        out: the result tensor (it receives the Node).
        inputs: the op's input tensors (their Nodes become the inputs).
        name: the user's `name=` argument, or None.
        default_name: TF1's default node name when it differs from `op_type` ("Add" for AddV2).
    """
    if not isinstance(out, torch.Tensor) or torch.compiler.is_compiling():
        return
    device = device_spec.logical_name(out.device) if out.is_cuda else _CPU
    if TRACE.eager:
        print(f"Executing op {op_type} in device {device}", file=sys.stderr, flush=True)
    if not TRACE.recording:
        return
    top = scope.state.top
    requested = None if top is None else (top.device_type, top.index, top.requested)
    ins = tuple(n for n in (node_of(t) for t in inputs) if n is not None)
    set_node(out, Node(unique_name(name or default_name or op_type), op_type, requested, device, ins))
    TRACE.count += 1
    if TRACE.count >= RECORD_LIMIT:
        TRACE.recording = False
        TRACE.update()


def graph_of(fetched_nodes):
    """Nodes reachable from `fetched_nodes`, in the order TF1's placer logs them (inputs last-first)."""
    order, seen = [], set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        for child in reversed(node.inputs):
            visit(child)
        order.append(node)

    for node in fetched_nodes:
        visit(node)
    return order


def device_mapping_lines():
    """TF1's "Device mapping:" block: one line per GPU, or "no known devices"."""
    ordinals = devices.logical_gpu_ordinals()
    if not ordinals:
        return ["Device mapping: no known devices."]
    lines = ["Device mapping:"]
    for i, ordinal in enumerate(ordinals):
        props = torch.cuda.get_device_properties(ordinal)
        bus = "%04x:%02x:%02x.0" % (getattr(props, "pci_domain_id", 0), getattr(props, "pci_bus_id", 0),
                                    getattr(props, "pci_device_id", 0))
        lines.append(f"{device_spec.canonical('GPU', i)} -> device: {ordinal}, name: {props.name}, "
                     f"pci bus id: {bus}, compute capability: {props.major}.{props.minor}")
    return lines
