"""`model.summary()` under `TF_USE_LEGACY_KERAS=1`: Keras 2's plain-text table, line by line.

    Model: "model"
    _________________________________________________________________
     Layer (type)                Output Shape              Param #
    =================================================================
     input_1 (InputLayer)        [(None, 4)]               0
     ...
    =================================================================
    Total params: 49 (196.00 Byte)
    Trainable params: 49 (196.00 Byte)
    Non-trainable params: 0 (0.00 Byte)
    _________________________________________________________________

Keras 2 (tf_keras) draws columns at fractions of `line_length` (65 for a chain of layers, 98 with a
"Connected to" column), cuts a long cell after its first `),`, `},`, `],` or `',` and carries the rest to the
next line, prints a blank row after each layer, counts no optimizer variables and calls `print_fn` once per line.
"""

from keraslike._src.keras.layers.core.input_layer import InputLayer
from keraslike._src.keras.layers.keras_tensor import flatten
from keraslike._src.keras.saving.functional_graph import _graph, layer_nodes
from keraslike._src.keras.utils.summary import _count_and_bytes, _is_functional

_BREAKS = ("),", "},", "],", "',")


def readable_memory_size(size):
    """`"196.00 Byte"`, `"1.50 KB"`: Keras 2's spelling (Keras 3 writes `B`)."""
    for unit in ("Byte", "KB", "MB", "GB", "TB"):
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"


def _is_chain(model):
    """Keras 2's test for the three-column table: not a functional graph, or one whose nodes form a single path
    (one input, each node fed by one tensor and feeding at most one other node, each layer called once)."""
    if not _is_functional(model):
        return True
    layers, node_ids = _graph(model)
    consumers = {}
    roots = 0
    for layer in layers:
        nodes = layer_nodes(layer, node_ids)
        if len(nodes) > 1:
            return False
        for node in nodes:
            if isinstance(layer, InputLayer):
                roots += 1
                continue
            parents = node.parents()
            if len(parents) > 1:
                return False
            for parent in parents:
                consumers[id(parent.node)] = consumers.get(id(parent.node), 0) + 1
    return roots <= 1 and all(count <= 1 for count in consumers.values())


def _output_shape(layer, node_ids):
    """Keras 2's `layer.output_shape` as the table shows it: an InputLayer's `[(None, 4)]`, a layer's tuple (a
    list of tuples for several outputs), the same for a layer called more than once when every call gave the same
    shapes (a shared layer, a nested model), `multiple` when they differ or it was never called in a graph."""
    if isinstance(layer, InputLayer):
        return str([tuple(layer.output.shape)])
    nodes = list(layer._inbound_nodes) if node_ids is None else layer_nodes(layer, node_ids)
    texts = set()
    for node in nodes:
        shapes = [tuple(t.shape) for t in flatten(node.outputs)]
        texts.add(str(shapes[0]) if len(shapes) == 1 else str(shapes))
    return texts.pop() if len(texts) == 1 else "multiple"


def _connections(layer, node_ids):
    if isinstance(layer, InputLayer):
        return []
    links = []
    for node in layer_nodes(layer, node_ids):
        for tensor in node.parents():
            source = tensor.node.layer
            index = next((i for i, n in enumerate(layer_nodes(source, node_ids)) if n is tensor.node), 0)
            position = next((i for i, t in enumerate(flatten(tensor.node.outputs)) if t is tensor), 0)
            links.append(f"{source.name}[{index}][{position}]")
    return links


def _row_lines(fields, positions):
    """The printed lines of one row: each cell cut to its column (and after a `),`-like break), padded."""
    remaining = [str(f) for f in fields]
    last = len(positions) - 1
    lines = []
    while any(remaining):
        line = ""
        for col, text in enumerate(remaining):
            start = positions[col - 1] if col else 0
            gap = 0 if col == last else 2
            width = positions[col] - start - gap - (0 if col == last else 1)
            piece = text[:width]
            breaks = [piece.find(b) + len(b) for b in _BREAKS if b in piece]
            if breaks:
                width = min(breaks)
                piece = piece[:width]
            line += (" " if col == 0 else "") + piece + " " * gap
            remaining[col] = text[width:]
            line += " " * (positions[col] - len(line))
        lines.append(line)
    return lines


def summary_lines(model, line_length=None, positions=None):
    """The lines Keras 2's `model.summary()` prints."""
    chain = _is_chain(model)
    if chain:
        line_length = line_length or 65
        positions = list(positions or [0.45, 0.85, 1.0])
        header = ["Layer (type)", "Output Shape", "Param #"]
    else:
        line_length = line_length or 98
        positions = list(positions or [0.3, 0.6, 0.70, 1.0])
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]
    node_ids = _graph(model)[1] if _is_functional(model) else None
    lines = [f'Model: "{model.name}"', "_" * line_length, *_row_lines(header, positions), "=" * line_length]
    for layer in model.layers:
        fields = [f"{layer.name} ({type(layer).__name__})", _output_shape(layer, node_ids)]
        if chain:
            fields.append(layer.count_params() if layer.built or _is_functional(layer) else "0 (unused)")
        else:
            fields += [layer.count_params(), _connections(layer, node_ids)]
        lines += _row_lines(fields, positions)
        lines.append(" " * line_length)
    lines.append("=" * line_length)
    trainable, t_bytes = _count_and_bytes(_unique(model.trainable_weights))
    frozen, f_bytes = _count_and_bytes(_unique(model.non_trainable_weights))
    lines += [f"Total params: {trainable + frozen} ({readable_memory_size(t_bytes + f_bytes)})",
              f"Trainable params: {trainable} ({readable_memory_size(t_bytes)})",
              f"Non-trainable params: {frozen} ({readable_memory_size(f_bytes)})",
              "_" * line_length]
    return lines


def _unique(variables):
    return list({id(v): v for v in variables}.values())


def print_summary(model, line_length=None, positions=None, print_fn=None):
    """Print Keras 2's summary, or hand each line to `print_fn` (Keras 2 calls it once per line)."""
    for line in summary_lines(model, line_length, positions):
        (print if print_fn is None else print_fn)(line)
