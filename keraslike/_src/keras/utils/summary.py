"""`model.summary()`: Keras 3's table (keras/src/utils/summary_utils.py), drawn without `rich`.

    Model: "sequential"
    ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
    ┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
    ┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
    │ conv2d (Conv2D)                 │ (None, 26, 26, 32)     │           320 │
    └─────────────────────────────────┴────────────────────────┴───────────────┘
     Total params: 34,826 (136.04 KB)

Column widths follow Keras (`positions` of `line_length`, then rich's even
shrink to fit the table width); cells wrap at spaces and end with "…" when a
word does not fit; the output is cropped to the terminal width as rich does.
"""

import math
import shutil

from keraslike._src.distribute import sharded_values
from keraslike._src.keras.layers.keras_tensor import flatten
from keraslike._src.keras.saving import object_registration, optimizer_state
from keraslike._src.keras.saving.functional_graph import _graph, layer_nodes

_SEQ_POSITIONS, _GRAPH_POSITIONS = [0.45, 0.80, 1.0], [0.3, 0.56, 0.74, 1.0]


def readable_memory_size(size):
    """`"136.04 KB"` (Keras's helper)."""
    for unit in ["B", "KB", "MB", "GB", "TB", "PB"]:
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"


def _count_and_bytes(variables):
    """Scalars and bytes of the full variables (a sharded variable counts its full shape, as on one device)."""
    sizes = [math.prod(sharded_values.global_shape(v)) for v in variables]
    return sum(sizes), sum(n * v.element_size() for n, v in zip(sizes, variables))


def _format_shape(shape):
    if isinstance(shape, (list, tuple)) and shape and isinstance(shape[0], (list, tuple)):
        return str([_format_shape(s) for s in shape]).replace("'", "")
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _output_shape(model, layer):
    nodes = getattr(layer, "_inbound_nodes", [])
    if not nodes and type(layer).__name__ == "InputLayer":
        return _format_shape(layer.batch_shape)
    if nodes:
        outs = flatten(nodes[-1].outputs)
        return _format_shape(outs[0].shape) if len(outs) == 1 else _format_shape([t.shape for t in outs])
    shape = getattr(model, "_output_shapes", {}).get(layer.name)
    return _format_shape(shape) if shape is not None else "?"


def _shrink(widths, total):
    """rich's `ratio_reduce` with equal ratios: take the excess evenly, first columns first."""
    excess = sum(widths) - total
    if excess <= 0:
        return widths
    out, remaining, ratio_left = [], excess, len(widths)
    for w in widths:
        cut = min(w, round(remaining / ratio_left))
        out.append(w - cut)
        remaining -= cut
        ratio_left -= 1
    return out


def _wrap(text, width):
    """Greedy word wrap at spaces; a word longer than `width` is cut with an ellipsis."""
    if width <= 0:
        return [""]
    lines, current = [], ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
    lines.append(current)
    return [line if len(line) <= width else line[:width - 1] + "…" for line in lines]


def _is_functional(model):
    return isinstance(model, object_registration.builtin_objects("layers")["Functional"])


def _rows(model, sequential_like):
    if _is_functional(model):
        layers, node_ids = _graph(model)
    else:
        layers, node_ids = model.layers, set()
    rows = []
    for layer in layers:
        params = f"{layer.count_params():,}" if layer.built else "0 (unbuilt)"
        kind = getattr(layer, "keras_class_name", type(layer).__name__)  # a keras.ops node shows its Operation
        row = [f"{layer.name} ({kind})", _output_shape(model, layer), params]
        if not sequential_like:
            links = []
            for node in ([] if type(layer).__name__ == "InputLayer" else layer_nodes(layer, node_ids)):
                for t in node.parents():
                    src = t.node.layer
                    index = next((i for i, n in enumerate(layer_nodes(src, node_ids)) if n is t.node), 0)
                    pos = next((i for i, o in enumerate(flatten(t.node.outputs)) if o is t), 0)
                    links.append(f"{src.name}[{index}][{pos}]")
            row.append(", ".join(links) or "-")
        rows.append(row)
    return rows


def _is_sequential_like(model):
    if not _is_functional(model):
        return True
    layers, node_ids = _graph(model)
    for layer in layers:
        nodes = [] if type(layer).__name__ == "InputLayer" else layer_nodes(layer, node_ids)
        if len(nodes) > 1 or any(len(n.parents()) > 1 for n in nodes):
            return False
    return sum(type(layer).__name__ == "InputLayer" for layer in layers) <= 1


def summary_text(model, line_length=None, positions=None):
    """The summary as one string (ending with a newline)."""
    sequential_like = _is_sequential_like(model)
    header = ["Layer (type)", "Output Shape", "Param #"] + ([] if sequential_like else ["Connected to"])
    align = ["left", "left", "right", "left"]
    positions = positions or (_SEQ_POSITIONS if sequential_like else _GRAPH_POSITIONS)
    console = shutil.get_terminal_size().columns
    line_length = line_length or min(88 if sequential_like else 108, console - 4)
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]
    widths, current = [], 0
    for pos in positions:
        if pos - current < 4:
            raise ValueError(f"Insufficient console width to print summary. Received: line_length={line_length}")
        widths.append(pos - current)
        current = pos
    cells = _shrink([w + 2 for w in widths], line_length - len(widths) - 1)

    def draw(left, fill, mid, right):
        return left + mid.join(fill * w for w in cells) + right

    def row_lines(values, bar):
        wrapped = [_wrap(str(v), w - 2) for v, w in zip(values, cells)]
        height = max(len(c) for c in wrapped)
        out = []
        for i in range(height):
            parts = []
            for j, (col, w) in enumerate(zip(wrapped, cells)):
                text = col[i] if i < len(col) else ""
                parts.append(" " + (text.rjust(w - 2) if align[j] == "right" else text.ljust(w - 2)) + " ")
            out.append(bar + bar.join(parts) + bar)
        return out

    lines = [f'Model: "{model.name}"', draw("┏", "━", "┳", "┓"), *row_lines(header, "┃"),
             draw("┡", "━", "╇", "┩")]
    rows = _rows(model, sequential_like)
    for i, row in enumerate(rows):
        lines += row_lines(row, "│")
        if i < len(rows) - 1:
            lines.append(draw("├", "─", "┼", "┤"))
    lines.append(draw("└", "─", "┴", "┘"))
    lines = [line[:console] for line in lines]
    trainable, t_bytes = _count_and_bytes(model.trainable_weights)
    frozen, f_bytes = _count_and_bytes(model.non_trainable_weights)
    optimizer = getattr(model, "optimizer", None) if getattr(model, "compiled", False) else None
    opt_vars = []
    if getattr(optimizer, "_torch", None) is not None:
        opt_vars = optimizer_state.get_variables(optimizer)
    o_count, o_bytes = sum(int(v.size) for v in opt_vars), sum(int(v.nbytes) for v in opt_vars)
    total_bytes = readable_memory_size(t_bytes + f_bytes + o_bytes)
    lines.append(f" Total params: {trainable + frozen + o_count:,} ({total_bytes})")
    lines.append(f" Trainable params: {trainable:,} ({readable_memory_size(t_bytes)})")
    lines.append(f" Non-trainable params: {frozen:,} ({readable_memory_size(f_bytes)})")
    if opt_vars:
        lines.append(f" Optimizer params: {o_count:,} ({readable_memory_size(o_bytes)})")
    return "\n".join(lines) + "\n"


def print_summary(model, line_length=None, positions=None, print_fn=None):
    """Print the summary, or hand the whole text to `print_fn` in one call (Keras 3)."""
    text = summary_text(model, line_length, positions)
    if print_fn is None:
        print(text, end="")
    else:
        print_fn(text)
