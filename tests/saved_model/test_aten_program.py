"""`programs.aten_program`: the ATen-level program a SavedModel stores, without paying torch's fixed second of
`run_decompositions({})` when the captured graph already is that program (functional, non-composite ATen ops, no
mutation): what is saved is op for op what `run_decompositions({})` gives, and programs that need it (a
variable's assign, composite ops such as `numpy_T`/`linear`, views) still go through it."""

import os

import torch

import keraslike as tf
from keraslike._src.saved_model import programs


class _Module(torch.nn.Module):
    def __init__(self, forward):
        super().__init__()
        self.register_buffer("s0", torch.ones(3))
        self._forward = forward

    def forward(self, x):
        return self._forward(self, x)


def _no_grad(compute):
    with torch.no_grad():
        return compute()


def _both(forward, example=None):
    example = torch.arange(3.0) if example is None else example
    program = torch.export.export(_Module(forward), (example,), strict=False)
    return programs.aten_program(program), program.run_decompositions({}), program


def _same(a, b):
    return (a.graph_module.code == b.graph_module.code and str(a.graph_signature) == str(b.graph_signature)
            and str(a.module_call_graph) == str(b.module_call_graph) and a.dialect == b.dialect == "ATEN")


def test_a_functional_graph_is_wrapped_as_is_and_equals_the_decomposition():
    ours, reference, captured = _both(lambda m, x: (x + 2) * m.s0 - torch.exp(x))
    assert ours.graph is captured.graph  # no retrace
    assert _same(ours, reference)
    x = torch.tensor([1.0, -2.0, 0.5])
    torch.testing.assert_close(ours.module()(x), reference.module()(x))


def test_a_graph_that_is_one_no_grad_region_is_inlined_as_the_decomposition_does():
    def inference(m, x):  # a graph-mode session's or a Keras model's inference call
        with torch.no_grad():
            return (x + 2) * m.s0, x - 1

    captured = torch.export.export(_Module(inference), (torch.arange(3.0),), strict=False)
    assert "wrap_with_set_grad_enabled" in captured.graph_module.code
    inlined = programs._inlined_no_grad_body(captured)
    reference = captured.run_decompositions({})
    assert inlined is not None and _same(inlined, reference)
    x = torch.tensor([1.0, -2.0, 0.5])
    for got, want in zip(inlined.module()(x), reference.module()(x)):
        torch.testing.assert_close(got, want)


def test_graphs_that_change_under_decomposition_are_decomposed():
    def assign(m, x):
        with torch.no_grad():
            m.s0.add_(1.0)
        return x * m.s0

    cases = [assign,
             lambda m, x: torch.nn.functional.linear(x[None], m.s0[None]),  # composite ops (linear)
             lambda m, x: x[None].T * m.s0,                                 # numpy_T: composite, a view
             lambda m, x: x.view(3, 1) * m.s0,                              # a view
             lambda m, x: _no_grad(lambda: x.to(torch.float64) + m.s0)]     # a no-grad region over a composite op
    for forward in cases:
        ours, reference, captured = _both(forward)
        assert ours.graph is not captured.graph
        assert _same(ours, reference)


def test_saved_model_of_a_plain_function_round_trips(tmp_path):
    class AddTwo(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
        def __call__(self, x):
            return {"output": x + 2}

    path = os.path.join(str(tmp_path), "m")
    tf.saved_model.save(AddTwo(), path)
    loaded = tf.saved_model.load(path)
    assert float(loaded.signatures["serving_default"](tf.constant(5.0))["output"]) == 7.0
