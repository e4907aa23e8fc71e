"""`tf.print`: print tensors, TF style, to stderr by default.

Mirrors `tensorflow/python/ops/logging_ops.py` (`print_v2`) and the tensor
summariser of `tensorflow/core/framework/tensor.cc`: numpy-like layout without
column alignment, `summarize` entries at each end of a long dimension with
`...` between, floats in their shortest round-trip form (`1`, `0.5`,
`0.333333343`), bools as `1`/`0`.

Example:
    >>> tf.print(tf.constant([[22, 28], [49, 64]]))
    [[22 28]
     [49 64]]
"""

import builtins
import sys

import numpy as np
import torch

from keraslike._src.ops import trace_state
from keraslike._src.ops.string_tensor import StringTensor, as_string_array

_STREAMS = ("stdout", "stderr")
# `output_stream=sys.stderr` binds the stream of import time; map it (and the
# interpreter's originals) to whatever sys.stderr/stdout is at call time.
_STREAM_NAMES = {
    id(sys.stderr): "stderr", id(sys.stdout): "stdout",
    id(sys.__stderr__): "stderr", id(sys.__stdout__): "stdout",
}


def _format_float(value, dtype):
    digits, extra = (15, 17) if dtype == np.float64 else (6, 9)
    if np.isnan(value):
        return "nan" if not np.signbit(value) else "-nan"
    if np.isinf(value):
        return "inf" if value > 0 else "-inf"
    short = f"{value:.{digits}g}"
    return short if dtype(short) == value else f"{value:.{extra}g}"


def _element_formatter(array):
    kind = array.dtype.kind
    if kind == "b":
        return lambda v: "1" if v else "0"
    if kind == "f":
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        return lambda v: _format_float(dtype(v), dtype)
    if kind == "c":
        def fmt_complex(v):
            re_, im_ = (_format_float(np.float64(part), np.float64) for part in (v.real, v.imag))
            return f"({re_},{im_})"

        return fmt_complex
    return lambda v: str(v)


def _format_block(array, depth, summarize, fmt):
    if array.ndim == 0:
        return fmt(array[()])
    n = array.shape[0]
    if 0 <= summarize and n > 2 * summarize:
        indices = [*builtins.range(summarize), None, *builtins.range(n - summarize, n)]
    else:
        indices = builtins.range(n)
    if array.ndim == 1:
        parts = ["..." if i is None else fmt(array[i]) for i in indices]
        return "[" + " ".join(parts) + "]"
    separator = "\n" * (array.ndim - 1) + " " * (depth + 1)
    parts = ["..." if i is None else _format_block(array[i], depth + 1, summarize, fmt) for i in indices]
    return "[" + separator.join(parts) + "]"


def format_tensor(tensor, summarize=3):
    """TF's print_v2 text for one tensor (`summarize=-1` prints every element)."""
    t = tensor.detach()
    if t.dtype in (torch.bfloat16, torch.float16):
        t = t.float()
    array = t.cpu().numpy()
    return _format_block(array, 0, -1 if summarize is None else int(summarize), _element_formatter(array))


def _quoted(value):
    return '"' + value.decode("utf-8", "surrogateescape") + '"'


def format_value(value, summarize=3):
    """TF's text of one tensor (torch tensor or string tensor, whose elements are quoted) for tf.strings.format."""
    if isinstance(value, StringTensor):
        array = as_string_array(value)
        return _format_block(array, 0, -1 if summarize is None else int(summarize), _quoted)
    return format_tensor(value, summarize)


def _format(value, summarize, top_level):
    if isinstance(value, torch.Tensor):
        return format_tensor(value, summarize)
    if isinstance(value, StringTensor):  # tf.print quotes a string tensor's elements, a scalar's too
        return format_value(value, summarize)
    if isinstance(value, dict):
        items = ", ".join(f"{k!r}: {_format(v, summarize, False)}" for k, v in value.items())
        return "{" + items + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_format(v, summarize, False) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(_format(v, summarize, False) for v in value)
        return "(" + inner + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, str) and not top_level:
        return repr(value)
    return str(value)


def print(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):
    """`tf.print(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\\n")`.

    Args:
        *inputs: tensors, Variables, Python values, and lists/tuples/dicts of them.
        output_stream: a file-like object, `"stdout"`/`"stderr"`, `"file://<path>"`
            (appended to), or a logging function such as `logging.info` / `absl.logging.info`
            (called with the text, without `end`). Default `sys.stderr`, as in TF.
        summarize: entries shown at each end of every dimension; -1 or None shows all.
        sep: separator between inputs.
        end: text written after the last input.
        name: ignored.

    Raises:
        ValueError: for an unknown `output_stream` string.
    """
    if trace_state.in_symbolic_trace():
        return  # a trace on placeholders (`get_concrete_function`): TF's trace prints nothing
    if len(inputs) == 1 and isinstance(inputs[0], StringTensor) and inputs[0].ndim == 0:
        text = inputs[0].numpy().decode("utf-8", "surrogateescape") + end  # TF: a lone string scalar prints bare
    else:
        text = sep.join(_format(v, summarize, True) for v in inputs) + end
    if isinstance(output_stream, str):
        if output_stream.startswith("file://"):
            with open(output_stream[len("file://"):], "a") as handle:
                handle.write(text)
            return
        if output_stream not in _STREAMS:
            raise ValueError(
                "Expected `output_stream` to be a file object, 'stdout', 'stderr' or 'file://<path>'. "
                f"Received: output_stream={output_stream!r}"
            )
        output_stream = getattr(sys, output_stream)
    elif id(output_stream) in _STREAM_NAMES:
        output_stream = getattr(sys, _STREAM_NAMES[id(output_stream)])
    elif callable(output_stream) and not hasattr(output_stream, "write"):  # logging.info, absl.logging.info, ...
        output_stream(text[:-len(end)] if end and text.endswith(end) else text)
        return
    output_stream.write(text)
    if hasattr(output_stream, "flush"):
        output_stream.flush()
    return
