"""`model.summary()`: the tf.keras table of layers, output shapes and parameter counts."""


def _output_shape(model, layer):
    shapes = getattr(model, "_output_shapes", {})
    if layer.name in shapes:
        return shapes[layer.name]
    nodes = getattr(layer, "_inbound_nodes", [])
    if nodes:
        out = nodes[-1].outputs
        return out.shape if hasattr(out, "shape") else [t.shape for t in out]
    return "?"


def print_summary(model, line_length=None, print_fn=None):
    """Print (or pass each line to `print_fn`) the summary of `model`."""
    print_fn = print_fn or print
    width = line_length or 65
    cols = [int(width * 0.45), int(width * 0.85), width]
    lines = [f'Model: "{model.name}"', "_" * width]

    def row(fields):
        text = ""
        for field, stop in zip(fields, cols):
            text = (text + " " + str(field)).ljust(stop)[:stop] if len(text) < stop else text + " " + str(field)
        return text.rstrip()

    lines.append(row(["Layer (type)", "Output Shape", "Param #"]))
    lines.append("=" * width)
    layers = model.layers
    for i, layer in enumerate(layers):
        lines.append(row([f"{layer.name} ({type(layer).__name__})", _output_shape(model, layer),
                          f"{layer.count_params():,}"]))
        lines.append(("_" if i < len(layers) - 1 else "=") * width if i < len(layers) - 1 else "=" * width)
    if not layers:
        lines.append("=" * width)
    trainable = sum(w.numel() for w in model.trainable_weights)
    total = model.count_params()
    lines += [f"Total params: {total:,}", f"Trainable params: {trainable:,}",
              f"Non-trainable params: {total - trainable:,}", "_" * width]
    for line in lines:
        print_fn(line)
