"""`EinsumDense` (keras/src/layers/core/einsum_dense.py): a dense layer given by an einsum equation.

`EinsumDense("abc,cd->abd", output_shape=(None, 64))` multiplies `(batch, a?, c)` inputs by a
`(c, d)` kernel. The kernel's shape follows from the equation: each of its letters takes its size
from the input when the input has it, else from `output_shape` (whose batch axis is implicit).
A leading or trailing "..." stands for axes passed through unchanged. `bias_axes` names the output
letters the bias varies along; it broadcasts over the others.
"""

import re


from keraslike._src.keras import activations, initializers
from keraslike._src.keras.layers.core import quantization_config as quantization_config_lib
from keraslike._src.keras.layers.core.lora import KernelLoRA, lora_config
from keraslike._src.keras.layers.layer import Layer, weight_options_config, with_activity_regularizer
from keraslike._src.ops import half_matmul

_FORMS = (
    (re.compile(r"^([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)$"), "none"),
    (re.compile(r"^\.\.\.([a-zA-Z]+),([a-zA-Z]+)->\.\.\.([a-zA-Z]+)$"), "left"),
    (re.compile(r"^([a-zA-Z]{2,})\.\.\.,([a-zA-Z]+)->([a-zA-Z]+)\.\.\.$"), "right"),
)


def fan_axes(equation):
    """`(input_axes, output_axes)` of the kernel of `equation` ("input,kernel->output"): a kernel dimension named in
    the output is an output axis, the others input axes (Keras 3); None for a kernel spec with an ellipsis."""
    operands, output = equation.replace(" ", "").split("->")
    kernel = operands.split(",")[1]
    if "..." in kernel:
        return None
    return ([i for i, c in enumerate(kernel) if c not in output], [i for i, c in enumerate(kernel) if c in output])


def analyze_equation(equation, bias_axes, input_shape, output_shape):
    """-> (kernel_shape, bias_shape or None, full_output_shape) for an EinsumDense equation.

    Raises:
        ValueError: for an equation of another form, letters without a source, or sizes that disagree.
    """
    eq = equation.replace(" ", "")
    match, elided_side = None, None
    for pattern, side in _FORMS:
        match = pattern.match(eq)
        if match:
            elided_side = side
            break
    if match is None:
        raise ValueError(f"Invalid einsum equation '{equation}'. Equations must be in the form [X],[Y]->[Z], "
                         "...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....")
    in_spec, w_spec, out_spec = match.groups()
    input_shape = list(input_shape)
    out = [output_shape] if isinstance(output_shape, int) else list(output_shape)
    out.insert(0, input_shape[0])
    elided = len(input_shape) - len(in_spec)
    if elided > 0 and elided_side == "left":
        for i in range(1, elided):
            out.insert(1, input_shape[i])
    elif elided > 0:
        out.extend(input_shape[len(input_shape) - elided:])
    if elided_side == "left":
        in_pos = {c: i + elided - len(input_shape) for i, c in enumerate(in_spec)}
        out_pos = {c: i + elided - len(out) for i, c in enumerate(out_spec)}
    else:
        in_pos = {c: i for i, c in enumerate(in_spec)}
        out_pos = {c: i for i, c in enumerate(out_spec)}
    for c in in_spec:
        if c in out_pos and out[out_pos[c]] is not None and input_shape[in_pos[c]] is not None \
                and out[out_pos[c]] != input_shape[in_pos[c]]:
            raise ValueError(f"Input shape and output shape do not match at shared dimension '{c}'. Input shape "
                             f"is {input_shape[in_pos[c]]}, and output shape is {out[out_pos[c]]}.")
    for c in out_spec:
        if c not in in_spec and c not in w_spec:
            raise ValueError(f"Dimension '{c}' was specified in the output '{out_spec}' but has no corresponding "
                             f"dim in the input spec '{in_spec}' or weight spec '{w_spec}'")
    kernel_shape = []
    for c in w_spec:
        if c in in_pos:
            kernel_shape.append(input_shape[in_pos[c]])
        elif c in out_pos:
            kernel_shape.append(out[out_pos[c]])
        else:
            raise ValueError(f"Weight dimension '{c}' did not have a match in either the input spec '{in_spec}' "
                             f"or the output spec '{out_spec}'. For this layer, the weight must be fully specified.")
    bias_shape = None
    if bias_axes is not None:
        for c in bias_axes:
            if c not in out_spec:
                raise ValueError(f"Bias dimension '{c}' was requested, but is not part of the output spec "
                                 f"'{out_spec}'")
        first = min(out_spec.find(c) for c in bias_axes)
        bias_shape = [out[out_pos[c]] if c in bias_axes else 1 for c in out_spec[first:]]
        if elided_side != "left":
            bias_shape += [1] * max(elided, 0)
    return tuple(kernel_shape), None if bias_shape is None else tuple(bias_shape), tuple(out)


class EinsumDense(Layer, KernelLoRA):
    """A dense layer whose kernel contraction is an einsum equation.

    Args:
        equation: str such as "ab,bc->ac", "abc,cd->abd", "...b,bc->...c".
        output_shape: int or tuple, the output's shape without the batch axis (None for dims taken
            from the input).
        activation: optional activation.
        bias_axes: optional str of output letters for the bias, e.g. "d".
        kernel_initializer, bias_initializer: default "glorot_uniform" / "zeros".
        kernel_regularizer, bias_regularizer, kernel_constraint, bias_constraint: optional.
        lora_rank, lora_alpha: optional LoRA: the layer is built with `enable_lora(lora_rank, lora_alpha)`
            (`lora_kernel_a` `(*kernel.shape[:-1], rank)`, `lora_kernel_b` `(rank, kernel.shape[-1])`).

    Input shape: anything matching the equation's input spec. Output shape: `(batch, *output_shape)`.

    Raises:
        ValueError: for a malformed equation or incompatible shapes (at build); `enable_lora` with a
            kernel constraint, before build, or twice.
    """

    def __init__(self, equation, output_shape, activation=None, bias_axes=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, lora_rank=None, lora_alpha=None, quantization_config=None, **kwargs):
        quantization_config_lib.check(quantization_config)
        super().__init__(**kwargs)
        self.equation = equation
        self.partial_output_shape = (output_shape,) if isinstance(output_shape, int) else tuple(output_shape)
        self.activation = activations.get(activation)
        self.bias_axes = bias_axes
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = kernel_regularizer
        self.bias_regularizer = bias_regularizer
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.full_output_shape = None

    def build(self, input_shape):
        kernel_shape, bias_shape, full = analyze_equation(self.equation, self.bias_axes, input_shape,
                                                          self.partial_output_shape)
        self.full_output_shape = full
        kernel_init = self.kernel_initializer
        axes = fan_axes(self.equation)
        if axes is not None:  # Keras 3: a VarianceScaling kernel's fans come from the equation's axes
            kernel_init = initializers.with_fan_axes(kernel_init, *axes)
        self.kernel = self.add_weight("kernel", kernel_shape, kernel_init,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        self.bias = None if bias_shape is None else self.add_weight(
            "bias", bias_shape, self.bias_initializer, regularizer=self.bias_regularizer,
            constraint=self.bias_constraint)
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    def call(self, inputs):
        kernel = self.lora_merged_kernel()
        out = half_matmul.einsum(self.equation, inputs, kernel)
        if self.bias is not None:
            out = out + self.bias
        return self.activation(out)

    def compute_output_shape(self, input_shape):
        return analyze_equation(self.equation, self.bias_axes, input_shape, self.partial_output_shape)[2]

    def get_config(self):
        return with_activity_regularizer({
            **super().get_config(), "output_shape": self.partial_output_shape, "equation": self.equation,
            "activation": activations.serialize(self.activation), "bias_axes": self.bias_axes,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            **weight_options_config(kernel_regularizer=self.kernel_regularizer, bias_regularizer=self.bias_regularizer,
                                    kernel_constraint=self.kernel_constraint, bias_constraint=self.bias_constraint),
        } | quantization_config_lib.entry() | lora_config(self), self)
