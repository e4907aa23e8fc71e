"""`keras.utils.model_to_dot` and `keras.utils.plot_model`: a model's layer graph as a pydot graph / picture.

Mirrors `keras/src/utils/model_visualization.py` of Keras 3.15: one node per layer (an HTML table label with
the layer name and class, and optionally shapes, dtype, activation, trainable state), one edge per tensor
passed between layers, nested models expanded as dashed clusters with `expand_nested=True`. pydot (and the
graphviz `dot` program for pictures) are optional: without them these raise ImportError with Keras's words.
"""

import os
import sys

try:
    import pydot
except ImportError:  # pragma: no cover - depends on the environment
    pydot = None

from keraslike._src.keras.layers.keras_tensor import flatten
from keraslike._src.keras.models.functional import Functional
from keraslike._src.keras.models.sequential import Sequential

_NOT_BUILT = ("This model has not yet been built. Build the model first by calling `build()` or by calling the "
              "model on a batch of data.")


def check_pydot():
    """Whether pydot can be imported."""
    return pydot is not None


def check_graphviz():
    """Whether pydot can run graphviz's `dot` program."""
    if not check_pydot():
        return False
    try:
        pydot.Dot.create(pydot.Dot())
        return True
    except (OSError, pydot.PydotException):
        return False


def _shape_text(shape):
    return "?" if shape is None else str(shape).replace("{", "").replace("}", "")


def _shapes(tensors):
    shapes = [tuple(t.shape) for t in flatten(tensors)]
    return shapes[0] if len(shapes) == 1 else shapes


def _layer_label(layer, show_shapes, show_dtype, show_layer_names, show_layer_activations, show_trainable,
                 io=None):
    class_name = type(layer).__name__
    wide = max(1, int(show_dtype) + int(show_trainable) + (2 if show_shapes else 0))
    title = f"<b>{layer.name}</b> ({class_name})" if show_layer_names else f"<b>{class_name}</b>"
    rows = [f'<tr><td colspan="{wide}" bgcolor="black"><font point-size="16" color="white">{title}</font></td></tr>']
    activation = getattr(layer, "activation", None)
    if show_layer_activations and activation is not None:
        name = getattr(activation, "__name__", None) or str(activation)
        rows.append(f'<tr><td bgcolor="white" colspan="{wide}"><font point-size="14">Activation: <b>{name}</b>'
                    "</font></td></tr>")
    cols = []
    inputs, outputs = io if io is not None else (None, None)
    if show_shapes:
        if class_name != "InputLayer":
            cols.append(f'<td bgcolor="white"><font point-size="14">Input shape: <b>'
                        f'{_shape_text(None if inputs is None else _shapes(inputs))}</b></font></td>')
        cols.append(f'<td bgcolor="white"><font point-size="14">Output shape: <b>'
                    f'{_shape_text(None if outputs is None else _shapes(outputs))}</b></font></td>')
    if show_dtype:
        dtype = None if outputs is None else str(flatten(outputs)[0].dtype).replace("torch.", "")
        cols.append(f'<td bgcolor="white"><font point-size="14">Output dtype: <b>{dtype or "?"}</b></font></td>')
    if show_trainable and layer.weights:
        cols.append('<td bgcolor="forestgreen"><font point-size="14" color="white"><b>Trainable</b></font></td>'
                    if layer.trainable else
                    '<td bgcolor="firebrick"><font point-size="14" color="white"><b>Non-trainable</b></font></td>')
    if cols:
        rows.append(f"<tr>{''.join(cols)}</tr>")
    return '<<table border="0" cellborder="1" bgcolor="black" cellpadding="10">' + "".join(rows) + "</table>>"


def _add_node(dot, key, label):
    node = pydot.Node(key, label=label)
    node.set("fontname", "Helvetica")
    node.set("border", "0")
    node.set("margin", "0")
    dot.add_node(node)


def _add_edge(dot, src, dst):
    if not dot.get_edge(src, dst):
        edge = pydot.Edge(src, dst)
        edge.set("penwidth", "2")
        dot.add_edge(edge)


class _InputPlaceholder:
    """What an `InputLayer` node shows for a functional model's input tensor."""

    def __init__(self, tensor):
        self.name = tensor.name or "input_layer"
        self.weights = []
        self.trainable = False


_InputPlaceholder.__name__ = "InputLayer"


def _graph(model):
    """(entries, edges): entries `(key, layer, (inputs, outputs), submodel?)`, edges `(src key, dst key)`."""
    if isinstance(model, Sequential):
        entries = [(str(id(layer)), layer, _io_of(layer)) for layer in model.layers]
        return entries, [(entries[i][0], entries[i + 1][0]) for i in range(len(entries) - 1)]
    entries, edges, producer = [], [], {}
    for tensor in model.inputs:
        key = f"input-{id(tensor)}"
        entries.append((key, _InputPlaceholder(tensor), (None, [tensor])))
        producer[id(tensor)] = key
    for node in getattr(model, "_nodes", []):
        key = str(id(node.layer))
        if not any(entry[0] == key for entry in entries):
            entries.append((key, node.layer, (node.parents(), node.outputs)))
        for parent in node.parents():
            if id(parent) in producer:
                edges.append((producer[id(parent)], key))
        for out in flatten(node.outputs):
            producer[id(out)] = key
    return entries, edges


def _io_of(layer):
    nodes = getattr(layer, "_inbound_nodes", None)
    if not nodes:
        return (None, None)
    return (nodes[-1].parents(), nodes[-1].outputs)


def model_to_dot(model, show_shapes=False, show_dtype=False, show_layer_names=True, rankdir="TB",
                 expand_nested=False, dpi=200, subgraph=False, show_layer_activations=False, show_trainable=False,
                 splines="ortho", **kwargs):
    """A `pydot.Dot` of the model's layer graph (`keras.utils.model_to_dot`).

    Args:
        model: a built Functional or Sequential model (a subclassed model is one node).
        show_shapes / show_dtype: add each layer's input/output shapes / output dtype.
        show_layer_names: label nodes `name (Class)` instead of `Class`.
        rankdir: graphviz rank direction, `"TB"` (vertical) or `"LR"` (horizontal).
        expand_nested: draw nested models as dashed clusters of their layers.
        dpi: picture resolution.
        subgraph: return a `pydot.Cluster` (used for nested models).
        show_layer_activations: add the activation of layers that have one.
        show_trainable: mark layers with weights as trainable or not.
        splines: graphviz edge style (`"ortho"`, `"polyline"`, `"spline"`, ...).

    Returns:
        `pydot.Dot` (or `pydot.Cluster` with `subgraph=True`).

    Raises:
        ValueError: an unbuilt model, `layer_range`, or unknown keyword arguments.
        ImportError: pydot is not installed.
    """
    if not model.built:
        raise ValueError(_NOT_BUILT)
    if not check_pydot():
        raise ImportError("You must install pydot (`pip install pydot`) for model_to_dot to work.")
    if kwargs.pop("layer_range", None) is not None:
        raise ValueError("Argument `layer_range` is no longer supported. Received: layer_range")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
    if subgraph:
        dot = pydot.Cluster(style="dashed", graph_name=model.name)
        dot.set("label", model.name)
        dot.set("labeljust", "l")
    else:
        dot = pydot.Dot()
        dot.set("rankdir", rankdir)
        dot.set("concentrate", True)
        dot.set("dpi", dpi)
        dot.set("splines", splines)
        dot.set_node_defaults(shape="record")
    options = dict(show_shapes=show_shapes, show_dtype=show_dtype, show_layer_names=show_layer_names,
                   show_layer_activations=show_layer_activations, show_trainable=show_trainable)
    if not isinstance(model, (Functional, Sequential)):
        _add_node(dot, str(id(model)), _layer_label(model, **options))
        return dot
    entries, edges = _graph(model)
    first, last = {}, {}  # a nested model's key -> the keys its edges attach to when expanded
    for key, layer, io in entries:
        if expand_nested and isinstance(layer, (Functional, Sequential)):
            dot.add_subgraph(model_to_dot(layer, subgraph=True, rankdir=rankdir, expand_nested=True, **options))
            inner, inner_edges = _graph(layer)
            heads = {dst for _, dst in inner_edges}
            tails = {src for src, _ in inner_edges}
            first[key] = [k for k, _, _ in inner if k not in heads] or [inner[0][0]]
            last[key] = [k for k, _, _ in inner if k not in tails] or [inner[-1][0]]
        else:
            _add_node(dot, key, _layer_label(layer, io=io, **options))
    for src, dst in edges:
        for s in last.get(src, [src]):
            for d in first.get(dst, [dst]):
                _add_edge(dot, s, d)
    return dot


def plot_model(model, to_file="model.png", show_shapes=False, show_dtype=False, show_layer_names=False,
               rankdir="TB", expand_nested=False, dpi=200, show_layer_activations=False, show_trainable=False,
               splines="ortho", **kwargs):
    """Draw the model's layer graph to `to_file` with graphviz (`keras.utils.plot_model`).

    Args:
        to_file: output path; its extension picks the format (`.png` default, `.pdf`, `.svg`, `.dot`, ...).
        Other arguments: as `model_to_dot` (note `show_layer_names` defaults to False here, as in Keras).

    Returns:
        An `IPython.display.Image` of a PNG/JPEG/GIF file when IPython is installed, else None.

    Raises:
        ValueError: an unbuilt model, `layer_range`, or unknown keyword arguments.
        ImportError: pydot or graphviz is not installed (in a notebook the message is printed instead).
    """
    if not model.built:
        raise ValueError(_NOT_BUILT)
    in_notebook = "IPython.core.magics.namespace" in sys.modules
    for ok, message in ((check_pydot, "You must install pydot (`pip install pydot`) for `plot_model` to work."),
                        (check_graphviz, "You must install graphviz (see instructions at "
                                         "https://graphviz.gitlab.io/download/) for `plot_model` to work.")):
        if not ok():
            if in_notebook:
                print(message)
                return None
            raise ImportError(message)
    if kwargs.pop("layer_range", None) is not None:
        raise ValueError("Argument `layer_range` is no longer supported. Received: layer_range")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
    dot = model_to_dot(model, show_shapes=show_shapes, show_dtype=show_dtype, show_layer_names=show_layer_names,
                       rankdir=rankdir, expand_nested=expand_nested, dpi=dpi,
                       show_layer_activations=show_layer_activations, show_trainable=show_trainable,
                       splines=splines)
    to_file = os.fspath(to_file)
    extension = os.path.splitext(to_file)[1][1:] or "png"
    dot.write(to_file, format=extension)
    if extension.lower() in ("png", "jpg", "jpeg", "gif"):  # what IPython's Image can embed (Keras tries all
        try:                                                  # but PDF, and fails on e.g. .dot or .svg)
            from IPython import display  # optional: only inside a notebook
        except ImportError:
            return None
        return display.Image(filename=to_file)
    return None
