"""`tf.autodiff.ForwardAccumulator`: Jacobian-vector products by forward-mode autodiff, on `torch.autograd.forward_ad`.

Mirrors `tensorflow/python/eager/forwardprop.py`.

How TF's model maps onto torch:
- Entering the accumulator enters a torch dual level and gives every primal (tensor or `Variable`) its
  tangent in place (`primal.copy_(make_dual(...))` under `no_grad`: values unchanged, the primal's
  version counter moves on), so the user's own tensor objects carry the tangent and every torch op on
  them computes its JVP, including the backward pass of a `tf.GradientTape` run inside (forward-over-
  backward Hessian-vector products, as TF's docstring shows).
- While recording, a torch-function mode notes each result that carries a tangent; on exit their
  tangents are kept (weakly keyed by the result, dropped with it, as TF does), the dual level is left
  and the primals lose their tangents. `jvp(x)` then reads the kept tangent: it works inside and after
  the `with` block, and new JVPs are computed only inside it, as in TF.

Known limits: torch has one forward-AD level at a time, so nesting two accumulators (TF's higher-order
JVPs) raises NotImplementedError (use `torch.func.jvp` twice, or forward-over-backward with a tape);
tensors made without a torch function inside the block (e.g. by a C++ extension) are not seen after it.

Example:
    >>> v = tf.Variable([1.0, 2.0])
    >>> with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 0.0])) as acc:
    ...     with tf.GradientTape() as tape:
    ...         y = tf.reduce_sum(v ** 3.0)
    ...     backward = tape.gradient(y, v)        # [3., 12.]
    >>> acc.jvp(backward)                         # Hessian-vector product: [6., 0.]
"""

import logging
import weakref

import torch
import torch.autograd.forward_ad as forward_ad
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_leaves
from torch.utils.weak import WeakIdKeyDictionary

from keraslike._src.autodiff import nest
from keraslike._src.autodiff.gradient_tape import UnconnectedGradients

_logger = logging.getLogger("keraslike")
_active = []  # the recording accumulator (torch allows one forward-AD level at a time)


def _tangent(tensor, level):
    return forward_ad.unpack_dual(tensor, level=level).tangent


class _Recorder(TorchFunctionMode):
    """Notes (weakly) every op result that carries a tangent of `level`."""

    def __init__(self, level):
        super().__init__()
        self.level = level
        self.results = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for leaf in tree_leaves(out):
            if isinstance(leaf, torch.Tensor) and _tangent(leaf, self.level) is not None:
                self.results.append(weakref.ref(leaf))
        return out


class ForwardAccumulator:
    """Computes Jacobian-vector products ("JVP"s) of what runs inside its `with` block.

    Args:
        primals: a tensor, `Variable` or nested structure of them, to watch. Each is watched once
            (listing one twice raises ValueError, as TF).
        tangents: tensors (or array-likes) with the same nesting as `primals`, each of its primal's shape;
            converted to the primal's dtype. The "vector" of the JVP; unwatched tensors have zero tangents.

    Raises:
        ValueError: a primal listed twice, a tangent of another shape, or `tangents` not shaped like `primals`.
        TypeError: a primal that is not a tensor or Variable.
        NotImplementedError: entering while another accumulator records (torch has one forward-AD level).

    A primal that is not floating point is watched with a warning and gets no JVP, as TF logs.

    Example:
        >>> x = tf.constant([[2.0, 3.0], [1.0, 4.0]])
        >>> dense = tf.keras.layers.Dense(1)
        >>> dense.build([None, 2])
        >>> with tf.autodiff.ForwardAccumulator(primals=dense.kernel, tangents=tf.constant([[1.0], [0.0]])) as acc:
        ...     loss = tf.reduce_sum(dense(x) ** 2.0)
        >>> acc.jvp(loss)          # d loss / d kernel[0, 0]
    """

    def __init__(self, primals, tangents):
        flat_primals = nest.flatten(primals)
        try:
            flat_tangents = nest.flatten(nest.pack_sequence_as(primals, nest.flatten(tangents)))
        except (ValueError, TypeError) as err:
            raise ValueError(f"`tangents` must have the structure of `primals` ({err}). "
                             f"Received: tangents={tangents!r}") from None
        seen = set()
        self._watched = []
        for primal, tangent in zip(flat_primals, flat_tangents):
            if not isinstance(primal, torch.Tensor):
                raise TypeError(f"ForwardAccumulator watches tensors and Variables. Received: primals={primal!r}")
            if id(primal) in seen:
                raise ValueError("A tensor was specified as a primal multiple times; if intended, sum the "
                                 f"corresponding tangents. Received: primals={primals!r}")
            seen.add(id(primal))
            self._watched.append((primal, self._as_tangent(primal, tangent)))
        self._recording = False
        self._level = None
        self._recorder = None
        self._kept = WeakIdKeyDictionary()

    @staticmethod
    def _as_tangent(primal, tangent):
        from_tensor = isinstance(tangent, torch.Tensor)
        tangent = tangent.detach() if from_tensor else torch.as_tensor(tangent)
        tangent = tangent.to(device=primal.device, dtype=primal.dtype)
        if tuple(tangent.shape) != tuple(primal.shape):
            raise ValueError(f"Each tangent must have its primal's shape {tuple(primal.shape)}. "
                             f"Received: tangent with shape={tuple(tangent.shape)}")
        if not (primal.is_floating_point() or primal.is_complex()):
            _logger.warning("The dtype of the watched primal must be floating (e.g. tf.float32), got %s",
                            primal.dtype)
            return None
        return tangent

    def __enter__(self):
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        if _active:
            raise NotImplementedError(
                "Nested tf.autodiff.ForwardAccumulator contexts (higher-order JVPs) are not supported: torch's "
                "forward-mode AD has one level at a time. Use torch.func.jvp of torch.func.jvp, or a "
                "tf.GradientTape inside one accumulator (forward-over-backward).")
        self._level = forward_ad.enter_dual_level()
        with torch.no_grad():
            for primal, tangent in self._watched:
                if tangent is not None:
                    primal.copy_(forward_ad.make_dual(primal.detach().clone(), tangent, level=self._level))
        self._recorder = _Recorder(self._level)
        self._recorder.__enter__()
        _active.append(self)
        self._recording = True
        return self

    def __exit__(self, exc_type, exc, tb):
        if not self._recording:
            return
        self._recorder.__exit__(exc_type, exc, tb)
        for ref in self._recorder.results:
            result = ref()
            if result is not None:
                tangent = _tangent(result, self._level)
                if tangent is not None:
                    self._kept[result] = tangent
        for primal, tangent in self._watched:
            if tangent is not None:
                self._kept[primal] = tangent
        self._recorder = None
        forward_ad.exit_dual_level(level=self._level)
        _active.remove(self)
        self._recording = False

    def _jvp_of(self, tensor, unconnected):
        if not isinstance(tensor, torch.Tensor):
            raise TypeError(f"`jvp` takes tensors (or nested structures of them). Received: primals={tensor!r}")
        tangent = _tangent(tensor, self._level) if self._recording else self._kept.get(tensor)
        if tangent is None and unconnected == UnconnectedGradients.ZERO:
            return torch.zeros_like(tensor)
        return tangent

    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """The JVP computed for `primals` (a tensor or nested structure), inside or after the `with` block.

        Args:
            primals: tensors computed while this accumulator recorded, or the watched primals.
            unconnected_gradients: `tf.UnconnectedGradients.NONE` (default: None for a tensor without a JVP)
                or `ZERO` (zeros of its shape), or their names `"none"`/`"zero"`.

        Returns:
            The JVPs in the structure of `primals`.
        """
        unconnected = UnconnectedGradients(unconnected_gradients)
        flat = [self._jvp_of(t, unconnected) for t in nest.flatten(primals)]
        return nest.pack_sequence_as(primals, flat)
