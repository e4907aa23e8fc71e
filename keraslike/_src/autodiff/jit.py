"""`torch.compile` with a fallback: what `tf.function(jit_compile=True)` and `Model.compile(jit_compile=True)` run.

TF's `jit_compile=True` compiles with XLA and raises when a graph cannot be compiled; Keras 3's torch
backend passes the step to `torch.compile` (default mode, the inductor backend). Here a function that
torch cannot compile (a dynamo or inductor error: an unsupported construct, no C compiler for
inductor's CPU kernels) runs eagerly from then on, after ONE warning naming it and the error. Errors
raised by the function's own code are never swallowed.

`tf.config.run_functions_eagerly(True)` makes every such function run eagerly (TF's switch).

Example:
    >>> step = JitFunction(lambda x: torch.sin(x) * 2, "step")
    >>> step(torch.ones(3))          # compiled on the first call, eager if compiling fails
"""

import os
import warnings

import torch

_config = {"run_eagerly": False}


def run_functions_eagerly(run_eagerly):
    """`tf.config.run_functions_eagerly`: when True, `jit_compile=True` functions and steps are not compiled."""
    _config["run_eagerly"] = bool(run_eagerly)


def functions_run_eagerly():
    """`tf.config.functions_run_eagerly`: the flag set by `run_functions_eagerly`."""
    return _config["run_eagerly"]


_COMPILER_FILES = tuple(os.path.join(os.path.dirname(torch.__file__), part) for part in (
    "_dynamo" + os.sep, "_inductor" + os.sep, "_functorch" + os.sep, "_guards.py"))


def _raised_in_compiler(err):
    """True when the innermost frame of `err`'s traceback is torch's compiler code (a plain IndexError from
    dynamo's guard building, torch 2.14), not the user's function. Code the compiler `eval`s (a guard's source
    expression, `G['...']._training_stack[0]`: file `<string>`) counts as the frame that evaluated it."""
    tb = err.__traceback__
    if tb is None:
        return False
    files = []
    while tb is not None:
        files.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    while len(files) > 1 and files[-1] == "<string>":
        files.pop()
    return files[-1].startswith(_COMPILER_FILES)


def is_compile_error(err):
    """Whether `err` comes from torch's compiler stack (dynamo, AOTAutograd, inductor), not from user code."""
    module = type(err).__module__ or ""
    if module.startswith(("torch._dynamo", "torch._inductor", "torch._functorch")) or _raised_in_compiler(err):
        return True
    try:
        from torch._dynamo.exc import TorchDynamoException  # optional: torch builds without dynamo
    except ImportError:  # pragma: no cover - torch without dynamo
        return False
    return isinstance(err, TorchDynamoException)


def _torch_compile(fn):
    """`torch.compile(fn)` in its default mode (inductor) with static shapes; a seam tests replace.

    Shapes are specialised (`dynamic=False`): a step sees one or two batch shapes (full batches and the
    last partial one), each compiled once, and inductor's dynamic-shape path fails on some channels_last
    convolutions (torch 2.14: "cannot determine truth value of Relational").
    """
    return torch.compile(fn, dynamic=False)


class JitFunction:
    """`fn` run through `torch.compile`, falling back to `fn` itself (one warning) when compiling fails.

    Args:
        fn: the callable to compile (compiled lazily, on the first call).
        name: what the warning calls it (e.g. "`train_step` of model 'sequential'").
        what: the user-facing switch named in the warning, e.g. "Model.compile(jit_compile=True)".
        warned: optional set shared by several JitFunctions (a model's steps): only the first of them to
            fail warns.

    Attributes:
        failed: True once compiling failed; every later call runs `fn` eagerly.
    """

    def __init__(self, fn, name, what="jit_compile=True", warned=None):
        self._fn = fn
        self._warned = set() if warned is None else warned
        self._name = name
        self._what = what
        self._compiled = None
        self.failed = False

    @property
    def python_function(self):
        return self._fn

    def __call__(self, *args, **kwargs):
        if self.failed or _config["run_eagerly"]:
            return self._fn(*args, **kwargs)
        try:
            if self._compiled is None:
                self._compiled = _torch_compile(self._fn)
            return self._compiled(*args, **kwargs)
        except Exception as err:  # noqa: BLE001 - only compiler failures are caught; others re-raise
            if not is_compile_error(err):
                raise
            self.failed = True
            if self._warned:
                return self._fn(*args, **kwargs)
            self._warned.add(self._name)
            warnings.warn(
                f"{self._what}: torch.compile could not compile {self._name} ({type(err).__name__}: "
                f"{str(err)[:300]}); running it eagerly instead.", RuntimeWarning, stacklevel=3)
            return self._fn(*args, **kwargs)
