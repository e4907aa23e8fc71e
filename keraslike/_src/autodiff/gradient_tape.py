"""`tf.GradientTape` on torch autograd.

Mirrors `tensorflow/python/eager/backprop.py`.

How TF's model maps onto torch:
- A trainable `Variable` is a torch leaf with `requires_grad=True`, so every op
  on it is recorded by torch; the tape only decides what `gradient` reports
  (e.g. with `watch_accessed_variables=False` an unwatched variable gets None).
- `watch(t)` on a plain tensor turns on `requires_grad` for that leaf tensor so
  torch records what follows (restored after a non-persistent tape's
  `gradient`, or on `reset`/deletion of a persistent tape). Watching must come
  before the computation, exactly as in TF. A non-leaf tensor (one already
  computed from something requiring grad) is differentiable as is.
- `gradient` of a non-scalar target is the gradient of its sum; several targets
  add up; `output_gradients` weight them.
- While another tape is recording, gradients are built with `create_graph=True`
  so nested tapes give higher-order derivatives.

Known limits (torch records by tensor, not by tape): operations run on watched
values *outside* the tape's context are still differentiable, and `reset()`
cannot forget operations already recorded on variables. `stop_recording()`
uses `torch.no_grad()`, which pauses every tape, not only this one.

Example:
    >>> x = tf.constant(3.0)
    >>> with tf.GradientTape() as tape:
    ...     tape.watch(x)
    ...     y = x * x
    >>> tape.gradient(y, x)     # 6.0
"""

import contextlib
import enum
import threading
import weakref
import warnings

import torch

from keraslike._src.autodiff import nest
from keraslike._src.nest.composite import is_composite
from keraslike._src.ops import indexed_slices, sparse_gradient, variables
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.string_tensor import StringTensor, looks_like_strings, string_tensor

_local = threading.local()
# Tapes that recorded and may still compute a gradient. Torch keeps one autograd graph for all of them, so a
# backward pass frees the graph's saved tensors only when no other such tape remains (TF's tapes record
# independently: a GAN's generator and discriminator tapes both differentiate through the same ops).
_pending = weakref.WeakSet()


def _recording_tapes():
    if not hasattr(_local, "stack"):
        _local.stack = []
    return _local.stack


def is_recording():
    """True while a `GradientTape` of this thread is recording (layers then keep the autograd graph), or while a
    forward recorded under one is replayed (`replaying_recorded`)."""
    return bool(_recording_tapes()) or getattr(_local, "replaying", 0) > 0


@contextlib.contextmanager
def replaying_recorded():
    """Within: `is_recording()` is True, as it was when the computation now recomputed first ran (`tf.recompute_grad`
    recomputes its function's forward during `tape.gradient`, after the tape stopped recording; its layers must keep
    the autograd graph again, as in the original forward)."""
    _local.replaying = getattr(_local, "replaying", 0) + 1
    try:
        yield
    finally:
        _local.replaying -= 1


class UnconnectedGradients(enum.Enum):
    """What `gradient` returns for a source the target does not depend on: None or zeros."""

    NONE = "none"
    ZERO = "zero"


def _is_variable(x):
    return isinstance(x, torch.nn.Parameter) and hasattr(x, "assign")


def _differentiable_dtype(t):
    return t.is_floating_point() or t.is_complex()


def stop_gradient(input, name=None):
    """`tf.stop_gradient(input)`: the same value, treated as a constant by every tape."""
    if _is_variable(input):
        return input.detach().clone()
    if isinstance(input, StringTensor) or looks_like_strings(input):
        return string_tensor(input)  # strings carry no gradient
    return to_tensor(input, None, "input").detach()


class GradientTape:
    """Record operations for automatic differentiation: `tf.GradientTape(persistent=False, ...)`.

    Args:
        persistent: allow several `gradient`/`jacobian` calls (default: one).
        watch_accessed_variables: report gradients for trainable variables
            without an explicit `watch` (default True).

    Raises (from its methods):
        RuntimeError: a second `gradient` call on a non-persistent tape, or
            `stop_recording` on a tape that is not recording.
        ValueError: for sources that are not tensors or Variables.
    """

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = bool(persistent)
        self._watch_accessed_variables = bool(watch_accessed_variables)
        self._recording = False
        self._used = False
        self._watched = {}  # id -> tensor
        self._accessed = {}  # id -> trainable Variable read while recording (watch_accessed_variables)
        self._flipped = []  # leaf tensors whose requires_grad this tape turned on
        self._targets = []

    # ---- context ------------------------------------------------------------------------------
    def __enter__(self):
        self._push()
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._recording:
            self._pop()

    def _push(self):
        _recording_tapes().append(self)
        _pending.add(self)
        self._recording = True
        if self._watch_accessed_variables:
            variables.add_access_listener(self._on_access)

    def _pop(self):
        stack = _recording_tapes()
        if self in stack:
            stack.remove(self)
        self._recording = False
        variables.remove_access_listener(self._on_access)

    def _on_access(self, variable):
        """A Variable was read by an op: TF's tape watches trainable ones (this thread's tapes only)."""
        if variable.trainable and self in _recording_tapes():
            self._accessed.setdefault(id(variable), variable)

    def __del__(self):
        try:
            self._release()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def _release(self):
        for t in self._flipped:
            if t.is_leaf and t.requires_grad:
                t.requires_grad_(False)
        self._flipped = []

    # ---- watching -----------------------------------------------------------------------------
    def watch(self, tensor):
        """Ensure `tensor` (a tensor, Variable, or nested list/tuple/dict of them) is traced.

        Raises:
            ValueError: if an element is not a tensor or Variable.
        """
        for t in nest.flatten(tensor, expand_composites=True):  # a RaggedTensor's values and row splits
            if not isinstance(t, torch.Tensor):
                raise ValueError(
                    "Passed in object of type "
                    f"{type(t).__name__}, not a tensor or Variable, to `GradientTape.watch`. "
                    f"Received: {t!r:.80}"
                )
            if not _differentiable_dtype(t):
                warnings.warn(
                    f"The dtype of the watched tensor must be floating (e.g. tf.float32), got "
                    f"{str(t.dtype).replace('torch.', '')}; its gradient will be None.",
                    stacklevel=2,
                )
                continue
            if not t.requires_grad and t.is_leaf:
                t.requires_grad_(True)
                self._flipped.append(t)
            self._watched[id(t)] = t

    def watched_variables(self):
        """The variables this tape watches, in the order it saw them: explicitly watched ones, trainable ones
        read while recording (`watch_accessed_variables=True`), and those reached from the targets of
        earlier `gradient` calls."""
        found = {id(v): v for v in self._watched.values() if _is_variable(v)}
        for key, var in self._accessed.items():
            found.setdefault(key, var)
        seen, stack = set(), [t.grad_fn for t in self._targets if t.grad_fn is not None]
        while stack:
            node = stack.pop()
            if node is None or id(node) in seen:
                continue
            seen.add(id(node))
            var = getattr(node, "variable", None)
            if _is_variable(var) and (self._watch_accessed_variables or id(var) in self._watched):
                found.setdefault(id(var), var)
            stack.extend(fn for fn, _ in node.next_functions)
        return tuple(found.values())

    @contextlib.contextmanager
    def stop_recording(self):
        """Context manager under which operations are not recorded (implemented with `torch.no_grad`).

        Raises:
            RuntimeError: if the tape is not recording.
        """
        if not self._recording:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        self._pop()
        try:
            with torch.no_grad():
                yield
        finally:
            self._push()

    def reset(self):
        """Forget what was watched (as if exiting and re-entering with a new tape)."""
        recording = self._recording
        if recording:
            self._pop()
        self._release()
        self._watched.clear()
        self._targets = []
        self._used = False
        if recording:
            self._push()

    # ---- differentiation ----------------------------------------------------------------------
    def _check_usable(self, method):
        if self._used and not self._persistent:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of gradients "
                "(or jacobians). Create the tape with `persistent=True` to call "
                f"`{method}` more than once."
            )
        if self._recording and not self._persistent:
            self._pop()  # as TF: the first gradient call ends a non-persistent tape's recording

    def _finish(self):
        self._used = True
        if not self._persistent:
            _pending.discard(self)
            self._release()

    def _others_pending(self):
        """Whether another tape may still differentiate through the graph (so this pass keeps it)."""
        return any(tape is not self for tape in list(_pending))

    def _reports(self, source):
        """Whether this tape gives a gradient for `source` (else it counts as unconnected)."""
        if source is None:
            return False
        if not isinstance(source, torch.Tensor):
            raise ValueError(
                "Expected `sources` to hold tensors or Variables. "
                f"Received: a source of type {type(source).__name__}"
            )
        if not (source.requires_grad and _differentiable_dtype(source)):
            return False
        if _is_variable(source) and not self._watch_accessed_variables:
            return id(source) in self._watched
        return True

    @staticmethod
    def _higher_order():
        return bool(_recording_tapes())

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """Gradients of `target` with respect to `sources`.

        Args:
            target: tensor or nested structure of tensors; non-scalar targets are
                summed (TF: the gradient of `sum(target)`), several targets added.
            sources: tensor/Variable or nested list/tuple/dict of them.
            output_gradients: optional tensors (same structure as `target`)
                weighting each target, instead of ones.
            unconnected_gradients: `UnconnectedGradients.NONE` (None for sources
                the target does not depend on) or `.ZERO`.

        Returns:
            gradients in the structure of `sources`, each shaped like its source.

        Raises:
            RuntimeError: if called twice on a non-persistent tape.
            ValueError: for non-tensor sources.
        """
        self._check_usable("gradient")
        unconnected = UnconnectedGradients(unconnected_gradients)
        flat_sources = nest.flatten(sources, expand_composites=True)  # composites: their component tensors
        targets = nest.flatten(target, expand_composites=True)
        weights = (nest.flatten(output_gradients, expand_composites=True) if output_gradients is not None
                   else [None] * len(targets))
        if len(weights) != len(targets):
            raise ValueError(
                f"Expected one output gradient per target ({len(targets)}). "
                f"Received: {len(weights)} output_gradients"
            )
        wanted = [i for i, s in enumerate(flat_sources) if self._reports(s)]
        outs, grad_outs = [], []
        for t, w in zip(targets, weights):
            if isinstance(t, torch.Tensor) and t.requires_grad and _differentiable_dtype(t):
                outs.append(t)
                w = torch.ones_like(t) if w is None else torch.as_tensor(w, dtype=t.dtype).to(t.device)
                grad_outs.append(w)
        self._targets = list(outs)
        results = [None] * len(flat_sources)
        if outs and wanted:
            create = self._higher_order()
            grads = torch.autograd.grad(
                outs, [flat_sources[i] for i in wanted], grad_outs,
                retain_graph=self._persistent or create or self._others_pending(), create_graph=create,
                allow_unused=True,
            )
            for i, g in zip(wanted, grads):
                sparse = sparse_gradient.take(flat_sources[i])  # a lookup's occurrences: TF's IndexedSlices
                results[i] = g if g is None or sparse is None else \
                    indexed_slices.as_gradient(sparse_gradient.attach(g, sparse))
        results = self._fill_unconnected(flat_sources, results, unconnected)
        self._finish()
        return _pack_gradients(sources, results)

    @staticmethod
    def _fill_unconnected(sources, results, unconnected):
        if unconnected is UnconnectedGradients.ZERO:
            return [torch.zeros_like(s) if g is None and isinstance(s, torch.Tensor) else g
                    for s, g in zip(sources, results)]
        return results

    def _batched_grads(self, target, sources, grad_outputs):
        """Grads of `target` for each of the N stacked `grad_outputs`: each `[N, *source.shape]`."""
        create = self._higher_order()
        try:
            return torch.autograd.grad(target, sources, grad_outputs, retain_graph=True,
                                       create_graph=create, allow_unused=True, is_grads_batched=True)
        except RuntimeError:  # an op without a batching rule: one backward pass per row
            rows = [torch.autograd.grad(target, sources, g, retain_graph=True, create_graph=create,
                                        allow_unused=True) for g in grad_outputs]
            return [None if rows[0][k] is None else torch.stack([r[k] for r in rows])
                    for k in range(len(sources))]

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """Full Jacobian: for each source, a tensor of shape `target.shape + source.shape`.

        Returns:
            the Jacobians in the structure of `sources` (None for unconnected sources).
        """
        self._check_usable("jacobian")
        unconnected = UnconnectedGradients(unconnected_gradients)
        flat_sources = nest.flatten(sources)
        wanted = [i for i, s in enumerate(flat_sources) if self._reports(s)]
        results = [None] * len(flat_sources)
        if wanted and isinstance(target, torch.Tensor) and target.requires_grad and target.numel() > 0:
            n = target.numel()
            eye = torch.eye(n, dtype=target.dtype, device=target.device).reshape(n, *target.shape)
            grads = self._batched_grads(target, [flat_sources[i] for i in wanted], eye)
            for i, g in zip(wanted, grads):
                if g is not None:
                    results[i] = g.reshape(*target.shape, *flat_sources[i].shape)
        if unconnected is UnconnectedGradients.ZERO:
            results = [
                torch.zeros(*target.shape, *s.shape, dtype=s.dtype, device=s.device)
                if g is None and isinstance(s, torch.Tensor) else g
                for s, g in zip(flat_sources, results)
            ]
        self._finish()
        return nest.pack_sequence_as(sources, results)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example Jacobian: `target [b, y...]`, `source [b, x...]` -> `[b, y..., x...]`.

        Assumes row i of `target` depends only on row i of `source`, as TF does.

        Raises:
            ValueError: if the first dimensions differ.
        """
        self._check_usable("batch_jacobian")
        unconnected = UnconnectedGradients(unconnected_gradients)
        if target.shape[0] != source.shape[0]:
            raise ValueError(
                "Need first dimension of `target` shape and `source` shape to match. Received: "
                f"target.shape={list(target.shape)}, source.shape={list(source.shape)}"
            )
        b, y_shape, x_shape = target.shape[0], tuple(target.shape[1:]), tuple(source.shape[1:])
        out = None
        m = int(torch.tensor(y_shape).prod()) if y_shape else 1
        if self._reports(source) and target.requires_grad and target.numel() > 0:
            eye = torch.eye(m, dtype=target.dtype, device=target.device)  # [m, m]
            grad_outputs = eye.unsqueeze(1).expand(m, b, m).reshape(m, b, *y_shape)
            (g,) = self._batched_grads(target, [source], grad_outputs)
            if g is not None:
                out = g.movedim(0, 1).reshape(b, *y_shape, *x_shape)
        if out is None and unconnected is UnconnectedGradients.ZERO:
            out = torch.zeros(b, *y_shape, *x_shape, dtype=source.dtype, device=source.device)
        self._finish()
        return out


def _pack_gradients(sources, flat_grads):
    """`flat_grads` (one per component of `sources` flattened with its composites expanded) in the structure of
    `sources`: a composite source's gradient is the composite of its float components' gradients with its other
    components (a RaggedTensor's row splits) kept, as TF's; None when a float component has none."""
    per_leaf, position = [], 0
    for leaf in nest.flatten(sources):
        if not is_composite(leaf):
            per_leaf.append(flat_grads[position])
            position += 1
            continue
        components = leaf._to_components()
        grads = flat_grads[position:position + len(components)]
        position += len(components)
        trainable = [isinstance(c, torch.Tensor) and _differentiable_dtype(c) for c in components]
        if not any(trainable) or any(g is None for g, t in zip(grads, trainable) if t):
            per_leaf.append(None)
            continue
        per_leaf.append(leaf._from_components([g if t else c for g, c, t in zip(grads, components, trainable)]))
    return nest.pack_sequence_as(sources, per_leaf)
