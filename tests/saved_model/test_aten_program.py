"""`programs.aten_program`: the ATen-level program a SavedModel stores, without paying torch's fixed second of
`run_decompositions({})` when the captured graph already is that program (functional, non-composite ATen ops, no
mutation): what is saved is op for op what `run_decompositions({})` gives, and programs that need it (a
variable's assign, composite ops such as `numpy_T`/`linear`, views) still go through it."""

import os

import numpy as np
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


def test_a_lifted_constant_is_saved_as_the_clone_the_decomposition_writes():
    # `torch.as_tensor(array)` in a trace is `aten.lift_fresh_copy`, which `run_decompositions({})` rewrites to
    # `aten.clone`: the program kept as is has the same clone, at top level and inside a no-grad region
    def top(m, x):
        return x + torch.as_tensor(np.float32(2.0)) * m.s0

    def region(m, x):
        with torch.no_grad():
            return x + torch.as_tensor(np.float32(2.0)) * m.s0, x - 1

    def returned(m, x):  # a lifted constant that is an output: its name is in the signature, left to torch
        return x * m.s0, torch.as_tensor(np.float32(2.0))

    for forward in (top, region, returned):
        captured = torch.export.export(_Module(forward), (torch.arange(3.0),), strict=False)
        assert "lift_fresh_copy" in captured.graph_module.print_readable(print_output=False)
        reference = captured.run_decompositions({})
        ours = programs.aten_program(captured)
        assert "lift_fresh_copy" not in ours.graph_module.code and "aten.clone" in ours.graph_module.code
        assert _same(ours, reference)
        x = torch.tensor([1.0, -2.0, 0.5])
        for got, want in zip(ours.module()(x), reference.module()(x)):
            torch.testing.assert_close(got, want)


def test_python_scalars_in_a_keras_model_trace_as_one_full_op(tmp_path, monkeypatch):
    # `inp + 2` / `inp * 0.5` in a functional model: the scalars trace as `aten.full` in the operand's dtype (no
    # lift_fresh_copy -> to.device -> to.dtype chain), so the save needs no `run_decompositions({})` pass
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    decomposed = []
    run_decompositions = torch.export.ExportedProgram.run_decompositions
    monkeypatch.setattr(torch.export.ExportedProgram, "run_decompositions",
                        lambda self, *a, **k: decomposed.append(self) or run_decompositions(self, *a, **k))
    inp = tf.keras.Input(3)
    model = tf.keras.Model(inputs=inp, outputs=(inp + 2) * 0.5)

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
    def serving_default(x):
        return {"output": model(x)}

    path = os.path.join(str(tmp_path), "m")
    model.save(path, save_format="tf", signatures={"serving_default": serving_default})
    assert [p.graph_module.print_readable(print_output=False) for p in decomposed] == []
    loaded = tf.saved_model.load(path)
    out = loaded.signatures["serving_default"](tf.constant([[5.0, -1.0, 0.25]]))["output"]
    np.testing.assert_array_equal(out.numpy(), np.array([[3.5, 0.5, 1.125]], np.float32))


def test_python_scalars_in_tf_ops_trace_as_one_full_op(tmp_path, monkeypatch):
    # `tf.maximum(x, 0.0)`, `tf.multiply(x, 2)`: the converted scalars are `aten.full`s, saved without a
    # `run_decompositions({})` pass; the loaded function computes TF's values
    decomposed = []
    run_decompositions = torch.export.ExportedProgram.run_decompositions
    monkeypatch.setattr(torch.export.ExportedProgram, "run_decompositions",
                        lambda self, *a, **k: decomposed.append(self) or run_decompositions(self, *a, **k))

    class Scaled(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
        def __call__(self, x):
            return tf.multiply(tf.maximum(x, 0.0), 2) - tf.constant(0.5)

    path = os.path.join(str(tmp_path), "m")
    tf.saved_model.save(Scaled(), path)
    assert [p.graph_module.print_readable(print_output=False) for p in decomposed] == []
    out = tf.saved_model.load(path)(tf.constant([-1.0, 0.25, 3.0]))
    np.testing.assert_array_equal(out.numpy(), np.array([-0.5, 0.0, 5.5], np.float32))
