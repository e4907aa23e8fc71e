"""`GraphDef` / `NodeDef`: the picture of a recorded graph that `Graph.as_graph_def()` hands back.

Mirrors the fields of `tensorflow/core/framework/graph.proto` and `node_def.proto` that programs read:
`graph_def.node` (each with `name`, `op`, `input`, `device`, `attr`) and `versions`, and prints in
protobuf's text format as TF's `print(graph_def)` does. Inputs are named TF's way: `"op"` for an op's
first output, `"op:1"` for the others, `"^op"` for a control input. Attributes are the ones TF shows
for every node of a kind keraslike records: a Placeholder's `dtype` and `shape` (and
`_user_specified_name` in a function's graph), a Const's `dtype` and `value`, and the element type `T`
of the other ops. It is a read-only picture: keraslike never executes or imports a GraphDef.

Example:
    >>> @tf.function
    ... def double(a):
    ...     return a + a
    >>> g = double.get_concrete_function(tf.constant("a")).graph
    >>> [(n.name, n.op, list(n.input)) for n in g.as_graph_def().node]
    [('a', 'Placeholder', []), ('add', 'Add', ['a', 'a']), ('Identity', 'Identity', ['add'])]
"""

import numpy as np
import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_shape import TensorShape

GRAPH_DEF_VERSION = 2474  # TF 2.21's GraphDef producer version (`tf.version.GRAPH_DEF_VERSION`)

_DT_NAMES = {
    torch.float32: "DT_FLOAT", torch.float64: "DT_DOUBLE", torch.int32: "DT_INT32", torch.uint8: "DT_UINT8",
    torch.int16: "DT_INT16", torch.int8: "DT_INT8", torch.complex64: "DT_COMPLEX64", torch.int64: "DT_INT64",
    torch.bool: "DT_BOOL", torch.bfloat16: "DT_BFLOAT16", torch.float16: "DT_HALF",
    torch.complex128: "DT_COMPLEX128", torch.uint16: "DT_UINT16", torch.uint32: "DT_UINT32",
    torch.uint64: "DT_UINT64",
}
_VAL_FIELDS = {"DT_FLOAT": "float_val", "DT_DOUBLE": "double_val", "DT_INT64": "int64_val", "DT_BOOL": "bool_val",
               "DT_STRING": "string_val", "DT_HALF": "half_val", "DT_BFLOAT16": "half_val",
               "DT_COMPLEX64": "scomplex_val", "DT_COMPLEX128": "dcomplex_val", "DT_UINT32": "uint32_val",
               "DT_UINT64": "uint64_val"}


def dtype_enum_name(dtype):
    """TF's `DataType` name for a dtype (`DT_FLOAT` for `tf.float32`, `DT_STRING`, `DT_RESOURCE` for handles)."""
    if dtype is dtypes.string:
        return "DT_STRING"
    if dtype == "resource":
        return "DT_RESOURCE"
    if dtype == "variant":
        return "DT_VARIANT"
    return _DT_NAMES.get(dtype, "DT_INVALID")


class Shape:
    """`TensorShapeProto`: `dim` sizes (-1 unknown), or `unknown_rank`."""

    def __init__(self, shape):
        self.unknown_rank = shape is None or shape.rank is None
        self.dim = [] if self.unknown_rank else [-1 if d is None else int(d) for d in shape.as_list()]

    def _text(self, indent):
        pad = " " * indent
        if self.unknown_rank:
            return [f"{pad}unknown_rank: true"]
        lines = []
        for size in self.dim:
            lines += [f"{pad}dim {{", f"{pad}  size: {size}", f"{pad}}}"]
        return lines


class TensorValue:
    """`TensorProto` of a Const: dtype, shape and the values (a single value when all are equal, as TF)."""

    def __init__(self, value):
        array = value.numpy() if hasattr(value, "numpy") else np.asarray(value)
        self.dtype = dtype_enum_name(getattr(value, "dtype", None))
        self.shape = Shape(TensorShape(array.shape))
        flat = list(array.reshape(-1))
        self.values = flat[:1] if flat and all(_same(v, flat[0]) for v in flat) else flat

    def _text(self, indent):
        pad = " " * indent
        lines = [f"{pad}dtype: {self.dtype}", f"{pad}tensor_shape {{"] + self.shape._text(indent + 2) + [f"{pad}}}"]
        field = _VAL_FIELDS.get(self.dtype, "int_val")
        lines += [f"{pad}{field}: {_scalar_text(v)}" for v in self.values]
        return lines


def _same(a, b):
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def _scalar_text(value):
    if isinstance(value, bytes):
        return '"' + value.decode("latin-1").encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (float, np.floating)):
        return repr(float(value)) if float(value) != int(value) or abs(float(value)) >= 1e16 else f"{float(value):g}"
    return str(value)


class AttrValue:
    """`AttrValue`: one of `type` (a DataType name), `shape`, `tensor`, `b`, `i`, `s`."""

    def __init__(self, type=None, shape=None, tensor=None, b=None, i=None, s=None):  # noqa: A002 - proto field
        self.type, self.shape, self.tensor, self.b, self.i, self.s = type, shape, tensor, b, i, s

    def _text(self, indent):
        pad = " " * indent
        if self.type is not None:
            return [f"{pad}type: {self.type}"]
        if self.shape is not None:
            return [f"{pad}shape {{"] + self.shape._text(indent + 2) + [f"{pad}}}"]
        if self.tensor is not None:
            return [f"{pad}tensor {{"] + self.tensor._text(indent + 2) + [f"{pad}}}"]
        if self.b is not None:
            return [f"{pad}b: {'true' if self.b else 'false'}"]
        if self.i is not None:
            return [f"{pad}i: {self.i}"]
        return [f"{pad}s: {_scalar_text(self.s if isinstance(self.s, bytes) else str(self.s).encode())}"]


class NodeDef:
    """`NodeDef`: `name`, `op` (TF's op type), `input` (tensor names), `device`, `attr` {name: AttrValue}."""

    def __init__(self, name, op, input=(), device="", attr=None):  # noqa: A002 - the proto's field name
        self.name, self.op, self.input, self.device = name, op, list(input), device
        self.attr = dict(attr or {})

    def _text(self, indent):
        pad = " " * indent
        lines = [f'{pad}name: "{self.name}"', f'{pad}op: "{self.op}"']
        lines += [f'{pad}input: "{name}"' for name in self.input]
        if self.device:
            lines.append(f'{pad}device: "{self.device}"')
        for key, value in self.attr.items():
            lines += [f"{pad}attr {{", f'{pad}  key: "{key}"', f"{pad}  value {{"] + value._text(indent + 4) + [
                f"{pad}  }}", f"{pad}}}"]
        return lines

    def __str__(self):
        return "\n".join(self._text(0)) + "\n"

    __repr__ = __str__


class Versions:
    """`VersionDef`: the producer version of the GraphDef."""

    def __init__(self, producer=GRAPH_DEF_VERSION):
        self.producer = producer


class GraphDef:
    """`GraphDef`: `node` (a list of `NodeDef`) and `versions`; `str()` is protobuf's text format."""

    def __init__(self, node, versions=None):
        self.node = list(node)
        self.versions = versions or Versions()

    def __str__(self):
        lines = []
        for node in self.node:
            lines += ["node {"] + node._text(2) + ["}"]
        lines += ["versions {", f"  producer: {self.versions.producer}", "}"]
        return "\n".join(lines) + "\n"

    __repr__ = __str__


def _input_name(tensor):
    return tensor.op.name if tensor.value_index == 0 else f"{tensor.op.name}:{tensor.value_index}"


def node_def(op, in_function=False):
    """The `NodeDef` of one recorded operation."""
    inputs = [_input_name(t) for t in op.inputs] + [f"^{c.name}" for c in op.control_inputs]
    attr = {}
    if op.type == "Placeholder":
        out = op.outputs[0]
        attr["shape"] = AttrValue(shape=Shape(TensorShape([]) if getattr(op, "handle_dtype", None) else out._shape))
        attr["dtype"] = AttrValue(type=dtype_enum_name(getattr(op, "handle_dtype", None) or out.dtype))
        if in_function:
            attr["_user_specified_name"] = AttrValue(s=op.name.encode())
    elif op.type == "Const" and getattr(op, "const_value", None) is not None:
        attr["value"] = AttrValue(tensor=TensorValue(op.const_value))
        attr["dtype"] = AttrValue(type=dtype_enum_name(op.outputs[0].dtype))
    elif op.type == "ReadVariableOp":
        attr["dtype"] = AttrValue(type=dtype_enum_name(op.outputs[0].dtype))
    else:
        if op.type == "MatMul" and hasattr(op, "call_arguments"):
            arguments = op.call_arguments()
            for flag in ("transpose_b", "transpose_a"):
                attr[flag] = AttrValue(b=bool(arguments.get(flag, False)))
            attr["grad_b"], attr["grad_a"] = AttrValue(b=False), AttrValue(b=False)
        typed = op.inputs[0] if op.inputs else (op.outputs[0] if op.outputs else None)
        if typed is not None:
            attr["T"] = AttrValue(type=dtype_enum_name(typed.dtype))
    return NodeDef(op.name, op.type, inputs, op.device or "", attr)


def graph_def(graph, in_function=False):
    """The `GraphDef` picture of `graph`'s operations, in creation order."""
    return GraphDef([node_def(op, in_function) for op in graph.get_operations()])
