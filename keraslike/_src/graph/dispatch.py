"""Graph mode for the whole eager op surface: the public op functions record ops while a graph is default.

The public modules (`tf`, `tf.nn`, `tf.math`, ...) register here when imported (`register_public_modules`).
The first time graph mode is entered, each op function they export (those implemented under
`keraslike/_src/ops/`) is replaced there by a wrapper that calls it unchanged when no graph is the default
(eager mode: one check) and otherwise records it with `record.record_call`. Functions with graph-specific
meaning (placeholders, variables, gradients, control dependencies, ...) are replaced by their graph forms
(`OVERRIDES`), which themselves defer to the eager function when no graph is the default.
"""

import functools
import operator
import types

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record, tensor
from keraslike._src.ops import dtypes

_PUBLIC_MODULES = []
_OVERRIDES = {}  # public name -> replacement (graph-aware) callable
_installed = {"done": False}
_ORIGINALS = []  # (module, name, original value) replaced by `install`
_OP_PACKAGES = ("keraslike._src.ops.", "keraslike._src.image.", "keraslike._src.strings.",
                "keraslike._src.io.csv_ops", "keraslike._src.io.decode_ops", "keraslike._src.io.parsing_ops",
                "keraslike._src.sparse.")

# Functions of the ops package that are not ops (they answer questions or open scopes) stay as they are.
_NOT_OPS = frozenset({
    "as_dtype", "name_scope", "get_current_name_scope", "init_scope", "executing_eagerly", "inside_function",
    "get_logger", "DType", "custom_gradient", "recompute_grad", "function", "device", "broadcast_static_shape",
    "required_space_to_batch_paddings", "newaxis",
})

# TF's op type names where they are not the CamelCase of the function name.
OP_TYPES = {
    "matmul": "MatMul", "constant": "Const", "convert_to_tensor": "Const", "reduce_mean": "Mean",
    "reduce_sum": "Sum", "reduce_max": "Max", "reduce_min": "Min", "reduce_prod": "Prod", "reduce_all": "All",
    "reduce_any": "Any", "argmax": "ArgMax", "argmin": "ArgMin", "add": "Add", "subtract": "Sub",
    "multiply": "Mul", "divide": "truediv", "truediv": "truediv", "equal": "Equal", "not_equal": "NotEqual",
    "cast": "Cast", "reshape": "Reshape", "softmax": "Softmax", "relu": "Relu", "sigmoid": "Sigmoid",
    "tanh": "Tanh", "log": "Log", "exp": "Exp", "sqrt": "Sqrt", "square": "Square", "zeros": "zeros",
    "ones": "ones", "random_normal": "random_normal", "truncated_normal": "truncated_normal",
    "random_uniform": "random_uniform", "conv2d": "Conv2D", "max_pool2d": "MaxPool2d", "max_pool": "MaxPool",
    "avg_pool": "AvgPool", "bias_add": "BiasAdd", "shape": "Shape", "identity": "Identity",
    "stop_gradient": "StopGradient", "add_n": "AddN", "concat": "concat", "one_hot": "one_hot",
    "transpose": "transpose", "expand_dims": "ExpandDims", "squeeze": "Squeeze", "l2_loss": "L2Loss",
    "softmax_cross_entropy_with_logits": "softmax_cross_entropy_with_logits",
    "softmax_cross_entropy_with_logits_v2": "softmax_cross_entropy_with_logits",
    "sparse_softmax_cross_entropy_with_logits": "SparseSoftmaxCrossEntropyWithLogits",
    "sigmoid_cross_entropy_with_logits": "logistic_loss", "dropout": "dropout", "fill": "Fill",
    "range": "range", "gather": "GatherV2", "maximum": "Maximum", "minimum": "Minimum", "pow": "Pow",
    "negative": "Neg", "abs": "Abs", "where": "SelectV2", "tile": "Tile", "stack": "stack",
    "unstack": "unstack", "split": "split", "pad": "Pad", "clip_by_value": "clip_by_value",
    "log_softmax": "LogSoftmax", "leaky_relu": "LeakyRelu", "elu": "Elu", "relu6": "Relu6",
    "softplus": "Softplus", "greater": "Greater", "less": "Less", "greater_equal": "GreaterEqual",
    "less_equal": "LessEqual", "logical_and": "LogicalAnd", "logical_or": "LogicalOr",
    "logical_not": "LogicalNot", "zeros_like": "zeros_like", "ones_like": "ones_like", "size": "Size",
    "rank": "Rank", "top_k": "TopKV2", "in_top_k": "in_top_k", "moments": "moments",
    "batch_normalization": "batchnorm", "einsum": "einsum", "tensordot": "Tensordot",
}


# TF's op type where it differs from the op's name (`tf.add` records an op named "Add" of type "AddV2"); ops that
# TF folds to a constant for a static shape (`tf.shape`, `tf.size`, `tf.zeros_like`, ...) are `Const`.
TF_TYPES = {
    "Add": "AddV2", "truediv": "RealDiv", "concat": "ConcatV2", "stack": "Pack", "unstack": "Unpack",
    "transpose": "Transpose", "one_hot": "OneHot", "range": "Range", "split": "Split", "einsum": "Einsum",
    "zeros": "Const", "ones": "Const", "zeros_like": "Const", "ones_like": "Const", "Size": "Const",
    "Rank": "Const", "Shape": "Const", "MaxPool2d": "MaxPool", "in_top_k": "InTopKV2",
    "softmax_cross_entropy_with_logits": "SoftmaxCrossEntropyWithLogits", "Print": "PrintV2",
    "random_uniform": "RandomUniform", "random_normal": "RandomStandardNormal",
    "truncated_normal": "TruncatedNormal",
}


def op_type(fn, public_name=None):
    """TF's op type for `fn` (e.g. "MatMul" for `tf.matmul`)."""
    name = public_name or getattr(fn, "__name__", "Op")
    if name in OP_TYPES:
        return OP_TYPES[name]
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


def register_public_modules(modules):
    """Called by the public packages: the modules whose op functions work on graph tensors."""
    _PUBLIC_MODULES.extend(modules)
    if _installed["done"]:
        _install_into(modules)


def register_override(name, fn):
    """Use `fn` for the public name `name` once graph mode is on (`fn` must itself handle eager mode)."""
    _OVERRIDES[name] = fn


def graph_op(fn, public_name=None):
    """`fn` made graph-aware: eager call without a default graph, recorded op with one."""
    if getattr(fn, "__keraslike_graph_op__", None) is not None:
        return fn
    kind = op_type(fn, public_name)
    tf_type = TF_TYPES.get(kind, kind)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        graph = graph_lib.default_graph()
        if graph is None:
            return fn(*args, **kwargs)
        return record.record_call(fn, args, kwargs, tf_type, kwargs.get("name") or kind, graph)

    wrapper.__keraslike_graph_op__ = fn
    return wrapper


def _install_into(modules):
    for module in modules:
        for name, value in list(vars(module).items()):
            if name.startswith("_"):
                continue
            if getattr(value, "__keraslike_graph_aware__", False):  # handles graph mode itself (TF1 variants)
                continue
            if name in _OVERRIDES and value is not _OVERRIDES[name]:
                if isinstance(value, (types.FunctionType, type)):
                    _ORIGINALS.append((module, name, value))
                    setattr(module, name, _OVERRIDES[name])
                continue
            if (isinstance(value, types.FunctionType) and value.__module__.startswith(_OP_PACKAGES)
                    and name not in _NOT_OPS and getattr(value, "__keraslike_graph_op__", None) is None):
                _ORIGINALS.append((module, name, value))
                setattr(module, name, _graph_op_cache(value, name))


_WRAPPERS = {}


def _graph_op_cache(fn, name):
    """One wrapper per function, so repeated graph-mode entries hand out the same objects."""
    key = (id(fn), name)
    if key not in _WRAPPERS:
        _WRAPPERS[key] = (fn, graph_op(fn, name))
    return _WRAPPERS[key][1]


def install():
    """Make the registered public modules graph-aware (idempotent); called when graph mode is entered."""
    if _installed["done"]:
        return
    _installed["done"] = True
    _install_into(_PUBLIC_MODULES)


def uninstall():
    """Put the eager functions back (graph mode has ended): the public names are exactly as before."""
    if not _installed["done"]:
        return
    _installed["done"] = False
    while _ORIGINALS:
        module, name, value = _ORIGINALS.pop()
        setattr(module, name, value)


graph_lib.on_graph_mode(install, uninstall)


# ---- Python operators on graph tensors -----------------------------------------------------------------
_SWAPPED = {}


def swapped(fn):
    """`fn` with its two arguments swapped (the reflected operators, `2 * x`); one function per `fn`, marked
    `__keraslike_swapped__` so a `.meta` file can name it."""
    if fn not in _SWAPPED:
        def reflected(a, b):
            return fn(b, a)
        reflected.__name__ = fn.__name__
        reflected.__keraslike_swapped__ = fn
        _SWAPPED[fn] = reflected
    return _SWAPPED[fn]


_swap = swapped


_SLICE = "__slice__"


def _encode_key(key):
    """Slices become tuples, so graph tensors inside them (`x[:n]`) are found as op inputs."""
    if isinstance(key, slice):
        return (_SLICE, key.start, key.stop, key.step)
    if isinstance(key, tuple):
        return tuple(_encode_key(k) for k in key)
    return key


def _decode_key(key):
    if isinstance(key, tuple) and len(key) == 4 and isinstance(key[0], str) and key[0] == _SLICE:
        return slice(*(int(v) if hasattr(v, "dim") and v.dim() == 0 else v for v in key[1:]))
    if isinstance(key, tuple):
        return tuple(_decode_key(k) for k in key)
    return key


@record.op_function
def _getitem(x, key):
    return x[_decode_key(key)]


# Python operator -> (function, TF's op name, TF's op type), as TF's operator overloads record them.
_OPERATOR_FNS = {
    "__add__": (operator.add, "add", "AddV2"), "__sub__": (operator.sub, "sub", "Sub"),
    "__mul__": (operator.mul, "mul", "Mul"), "__truediv__": (operator.truediv, "truediv", "RealDiv"),
    "__floordiv__": (operator.floordiv, "floordiv", "FloorDiv"), "__mod__": (operator.mod, "mod", "FloorMod"),
    "__pow__": (operator.pow, "pow", "Pow"), "__matmul__": (operator.matmul, "matmul", "MatMul"),
    "__lt__": (operator.lt, "Less", "Less"), "__le__": (operator.le, "LessEqual", "LessEqual"),
    "__gt__": (operator.gt, "Greater", "Greater"), "__ge__": (operator.ge, "GreaterEqual", "GreaterEqual"),
    "__and__": (operator.and_, "LogicalAnd", "LogicalAnd"), "__or__": (operator.or_, "LogicalOr", "LogicalOr"),
    "__xor__": (operator.xor, "LogicalXor", "LogicalXor"), "__eq__": (operator.eq, "Equal", "Equal"),
    "__ne__": (operator.ne, "NotEqual", "NotEqual"),
}


def _operator_type(op_type, args):
    """`+` on strings is TF's `Add` (AddV2 takes numbers only)."""
    if op_type == "AddV2" and any(isinstance(a, tensor.SymbolicTensor) and a.dtype is dtypes.string for a in args):
        return "Add"
    return op_type


def _operator_graph(x):
    """The graph an operator on `x` records into: a function graph being built inside `x`'s (a cond branch or
    loop body, which captures `x`), else `x`'s own graph."""
    graph = graph_lib.default_graph()
    if graph is not None and graph is not x.graph and graph.building_function and \
            graph.encloses(x):
        return graph
    return x.graph


def _operator(fn, name, op_type, arg_names=("x", "y")):
    def method(*args):
        return record.record_call(fn, args, {}, _operator_type(op_type, args), name, _operator_graph(args[0]),
                                  arg_names=arg_names[:len(args)])
    return method


for _name, (_fn, _op_name, _type) in _OPERATOR_FNS.items():
    tensor.OPERATORS[_name] = _operator(_fn, _op_name, _type)
    if _name not in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"):
        tensor.OPERATORS["__r" + _name[2:]] = _operator(_swap(_fn), _op_name, _type, ("y", "x"))
_record_getitem = _operator(_getitem, "strided_slice", "StridedSlice", ("input", "slice_spec"))
tensor.OPERATORS["__getitem__"] = lambda x, key: _record_getitem(x, _encode_key(key))
tensor.OPERATORS["__neg__"] = _operator(operator.neg, "Neg", "Neg")
tensor.OPERATORS["__abs__"] = _operator(operator.abs, "Abs", "Abs")
tensor.OPERATORS["__invert__"] = _operator(operator.invert, "LogicalNot", "LogicalNot")
tensor.OPERATORS["__pos__"] = _operator(operator.pos, "Identity", "Identity")
