"""Keras weight initializers, drawn by TF's random ops with the seeds each Keras flavour gives them (`_Random`).

Mirrors `keras/src/initializers/`. Fans follow Keras: for a kernel of shape
`(..., in, out)` the receptive field is the product of the leading dims.
"""

import copy
import math

import numpy as np
import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import config as backend_config
from keraslike._src.keras.random import random as keras_random
from keraslike._src.keras.random import seed_generator
from keraslike._src.keras.saving import object_registration
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup
from keraslike._src.ops import dtypes, seed_override
from keraslike._src.ops import random as tf_random


def compute_fans(shape, input_axes=None, output_axes=None):
    """Keras's `(fan_in, fan_out)` for a weight shape: the products of its input and output axes when both are
    given (Keras 3's `EinsumDense` kernels), else the dense/convolution rule."""
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        return math.prod(shape[a] for a in input_axes), math.prod(shape[a] for a in output_axes)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = math.prod(shape[:-2])
    return shape[-2] * receptive, shape[-1] * receptive


class Initializer:
    """Base class: `init(shape, dtype=None) -> torch.Tensor`."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        object_registration.register_builtin("initializers", cls)  # found by name when deserializing

    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


object_registration.register_builtin_base("initializers", Initializer)


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = dtype or torch.float32
        value = np.asarray(self.value.numpy() if hasattr(self.value, "numpy") else self.value)
        if value.ndim == 0:
            return torch.full(tuple(shape), float(value), dtype=dtype)
        # an array value broadcasts to the shape, as Keras 3 (the imbalanced-data tutorial's np.log([pos / neg]))
        return torch.as_tensor(np.broadcast_to(value, tuple(shape)).copy()).to(dtype)

    def get_config(self):
        value = self.value
        if hasattr(value, "numpy"):
            value = value.numpy()
        return {"value": value.tolist() if isinstance(value, np.ndarray) else value}


class Zeros(Constant):
    def __init__(self):
        super().__init__(0.0)

    def get_config(self):
        return {}


class Ones(Constant):
    def __init__(self):
        super().__init__(1.0)

    def get_config(self):
        return {}


class _Random(Initializer):
    """A random initializer; `_rule` decides how its `seed` becomes values, as each TF flavour does:

    - `"keras"`: Keras 3 (`keras/src/initializers/random_initializers.py`): an unseeded initializer draws its seed
      from Python's `random` when made; each call runs the stateless op on `keras.random`'s pair for the seed (an
      int gives the same values on every call, a `SeedGenerator` advances). Under `TF_USE_LEGACY_KERAS=1`,
      tf_keras's rule: the stateless op on `[seed, 0]`, an unseeded initializer drawing its seed on its first call
      (from the generator `keras.utils.set_random_seed` made, else Python's `random`).
    - `"tf2"` (`tf.random_normal_initializer`, ...): seeded, the stateless op on `[seed, 0]`; unseeded, the stateful
      `tf.random` op (the global seed's sequence).
    - `"tf1"` (`tf.compat.v1.*_initializer`): the stateful `tf.random` op with `seed` as its op seed.

    Inside `DeterministicRandomTestTool.scope()` every flavour draws the stateful `tf.random` op (the tool seeds it).
    """

    _rule = "keras"

    def __init__(self, seed=None):
        self._init_seed = seed
        self._legacy_seed = None
        if self._rule == "keras" and not keras_version.legacy_keras():
            if seed is None:
                seed = seed_generator.make_default_seed()
            elif isinstance(seed, dict):
                seed = seed_generator.SeedGenerator.from_config(seed.get("config", seed))
            elif isinstance(seed, bool) or not isinstance(seed, (int, seed_generator.SeedGenerator)):
                raise ValueError("`seed` argument should be an instance of `keras.random.SeedGenerator()` or an "
                                 f"integer. Received: seed={seed}")
        self.seed = seed

    def _stateless_pair(self):
        """The `[2]` seed of the stateless op, or None for the stateful op (see the class docstring)."""
        if seed_override.active():
            return None
        if self._rule == "keras" and not keras_version.legacy_keras():
            return keras_random.seed_pair(self.seed)
        if self._rule == "keras":  # tf_keras
            if self.seed is None and self._legacy_seed is None:
                self._legacy_seed = seed_generator.legacy_default_seed()
            return (self.seed if self.seed is not None else self._legacy_seed, 0)
        if self._rule == "tf2" and self.seed is not None:
            return (int(self.seed), 0)
        return None

    def _op_seed(self):
        return self.seed if self._rule == "tf1" and not seed_override.active() else None

    def _normal(self, shape, mean, stddev, dtype):
        pair = self._stateless_pair()
        if pair is None:
            return tf_random.normal(shape, mean, stddev, dtype=dtype, seed=self._op_seed())
        return tf_random.stateless_normal(shape, pair, mean, stddev, dtype=dtype)

    def _uniform(self, shape, minval, maxval, dtype):
        pair = self._stateless_pair()
        if pair is None:
            return tf_random.uniform(shape, minval, maxval, dtype=dtype, seed=self._op_seed())
        return tf_random.stateless_uniform(shape, pair, minval, maxval, dtype=dtype)

    def _truncated_normal(self, shape, mean, stddev, dtype):
        pair = self._stateless_pair()
        if pair is None:
            return tf_random.truncated_normal(shape, mean, stddev, dtype=dtype, seed=self._op_seed())
        return tf_random.stateless_truncated_normal(shape, pair, mean, stddev, dtype=dtype)

    def get_config(self):
        seed = self._init_seed
        if isinstance(seed, seed_generator.SeedGenerator):
            seed = {"module": "keras.random", "class_name": "SeedGenerator", "config": seed.get_config(),
                    "registered_name": None}
        return {"seed": seed}

    def _seeded_config(self, params):
        """`params` with the seed: first under Keras 3, last under tf_keras (the order their configs print)."""
        seed = _Random.get_config(self)
        return {**params, **seed} if keras_version.legacy_keras() else {**seed, **params}


def _dtype(dtype):
    return dtypes.as_dtype(dtype or backend_config.floatx())


def _cpu(x):
    return x.cpu() if isinstance(x, torch.Tensor) else x


class RandomUniform(_Random):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape, dtype=None):
        return self._uniform(tuple(shape), _cpu(self.minval), _cpu(self.maxval), _dtype(dtype))

    def get_config(self):
        return self._seeded_config({"minval": self.minval, "maxval": self.maxval})


class RandomNormal(_Random):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=None):
        return self._normal(tuple(shape), self.mean, self.stddev, _dtype(dtype))

    def get_config(self):
        return self._seeded_config({"mean": self.mean, "stddev": self.stddev})


class TruncatedNormal(RandomNormal):
    """Normal truncated at two standard deviations (Keras)."""

    def __call__(self, shape, dtype=None):
        return self._truncated_normal(tuple(shape), self.mean, self.stddev, _dtype(dtype))


class VarianceScaling(_Random):
    """Samples with variance `scale / fan`.

    `mode` is fan_in, fan_out or fan_avg; `distribution` is truncated_normal, untruncated_normal or uniform.
    """

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, input_axes=None,
                 output_axes=None):
        self.input_axes, self.output_axes = input_axes, output_axes  # Keras 3: the fans' axes (None: by shape)
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"Expected mode to be fan_in, fan_out or fan_avg. Received: mode={mode!r}")
        if distribution == "normal":
            distribution = "truncated_normal"
        if distribution not in ("truncated_normal", "untruncated_normal", "uniform"):
            raise ValueError(
                "Expected distribution to be truncated_normal, untruncated_normal or uniform. "
                f"Received: distribution={distribution!r}"
            )
        super().__init__(seed)
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def __call__(self, shape, dtype=None):
        shape, dtype = tuple(shape), _dtype(dtype)
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        variance = self.scale / max(1.0, fan)
        if self.distribution == "uniform":
            limit = math.sqrt(3.0 * variance)
            return self._uniform(shape, -limit, limit, dtype)
        if self.distribution == "untruncated_normal":
            return self._normal(shape, 0.0, math.sqrt(variance), dtype)
        # 0.8796...: the standard deviation of a unit normal truncated at +-2
        return self._truncated_normal(shape, 0.0, math.sqrt(variance) / 0.87962566103423978, dtype)

    def get_config(self):
        return {**self._seeded_config({"scale": self.scale, "mode": self.mode, "distribution": self.distribution}),
                **self._axes_config()}

    def _axes_config(self):
        if keras_version.legacy_keras() or self._rule != "keras":
            return {}
        return {"input_axes": self.input_axes, "output_axes": self.output_axes}


def _scaling(name, scale, mode, distribution):
    class _Named(VarianceScaling):
        def __init__(self, seed=None, input_axes=None, output_axes=None):
            super().__init__(scale=scale, mode=mode, distribution=distribution, seed=seed, input_axes=input_axes,
                             output_axes=output_axes)

        def get_config(self):
            return {**_Random.get_config(self), **self._axes_config()}

    _Named.__name__ = _Named.__qualname__ = name
    return _Named


GlorotUniform = _scaling("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _scaling("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
HeUniform = _scaling("HeUniform", 2.0, "fan_in", "uniform")
HeNormal = _scaling("HeNormal", 2.0, "fan_in", "truncated_normal")
LecunUniform = _scaling("LecunUniform", 1.0, "fan_in", "uniform")
LecunNormal = _scaling("LecunNormal", 1.0, "fan_in", "truncated_normal")


class Orthogonal(_Random):
    """An orthogonal matrix (rows or columns orthonormal) times `gain`: the Q of the QR factorization of a normal
    draw of shape `(max(rows, cols), min(rows, cols))`, its columns' signs fixed by R's diagonal, transposed when
    there are fewer rows than columns (`rows` = the product of all but the last dimension).

    Raises:
        ValueError: for a shape of rank < 2.
    """

    def __init__(self, gain=1.0, seed=None):
        super().__init__(seed)
        self.gain = gain

    def __call__(self, shape, dtype=None):
        shape, dtype = tuple(shape), _dtype(dtype)
        if len(shape) < 2:
            raise ValueError(f"The tensor to initialize must be at least two-dimensional. Received: shape={shape} "
                             f"of rank {len(shape)}.")
        rows, cols = math.prod(shape[:-1]), shape[-1]
        a = self._normal((max(rows, cols), min(rows, cols)), 0.0, 1.0, dtype)
        q, r = torch.linalg.qr(a)
        q = q * torch.sign(torch.diagonal(r))
        if rows < cols:
            q = q.T
        return self.gain * q.reshape(shape)

    def get_config(self):
        return self._seeded_config({"gain": self.gain})


class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        return self.gain * torch.eye(*shape, dtype=dtype or torch.float32)


# STFT: `keras.initializers.STFT`, the windowed DFT kernel of `STFTSpectrogram`
# (keras/src/initializers/constant_initializers.py).
#
# For a kernel shape `(frame_length, 1, fft_bins)` it returns `cos` ("real") or `sin` ("imag") of
# `-2 pi t k / n` for `t < frame_length`, `k < fft_bins`, `n = 2 (fft_bins - 1)`, times the window and
# divided by `sqrt(sum(w^2))` ("density") or `sum(|w|)` ("spectrum").
#
# Windows are computed with torch (`torch.signal.windows`), with scipy's `get_window` meaning: a name
# or a `(name, parameter)` tuple, symmetric unless `periodic=True`. Names torch has: "hann" ("hanning"),
# "hamming", "blackman", "bartlett", "boxcar" ("rectangular", "ones"), "cosine", "nuttall", and the tuples
# ("kaiser", beta), ("gaussian", std), ("exponential", tau). Other scipy names work when scipy is
# installed (keraslike does not depend on it); without it they raise a ValueError naming the window.

_TORCH_WINDOWS = {"hann": "hann", "hanning": "hann", "hamming": "hamming", "blackman": "blackman",
                  "bartlett": "bartlett", "cosine": "cosine", "nuttall": "nuttall"}
_TORCH_WINDOWS_WITH_PARAMETER = {"kaiser": "beta", "gaussian": "std", "exponential": "tau"}
_BOXCAR = ("boxcar", "rectangular", "ones", "box", "rect")


def get_window(window, length, periodic=False):
    """A float64 numpy window of `length` samples, as `scipy.signal.get_window(window, length, fftbins=periodic)`.

    Raises:
        ValueError: for a window name neither torch nor (an installed) scipy knows.
    """
    name, parameter = (window, None) if isinstance(window, str) else (window[0], window[1] if len(window) > 1 else None)
    sym = not periodic
    if name in _BOXCAR:
        return np.ones(length)
    if name in _TORCH_WINDOWS and parameter is None:
        return getattr(torch.signal.windows, _TORCH_WINDOWS[name])(length, sym=sym, dtype=torch.float64).numpy()
    if name in _TORCH_WINDOWS_WITH_PARAMETER and parameter is not None:
        fn = getattr(torch.signal.windows, name)
        keyword = {_TORCH_WINDOWS_WITH_PARAMETER[name]: float(parameter)}
        return fn(length, sym=sym, dtype=torch.float64, **keyword).numpy()
    try:
        import scipy.signal  # noqa: PLC0415  (optional dependency: only for windows torch does not have)
    except ImportError:
        raise ValueError(f"Unknown window {window!r}: keraslike computes {sorted(set(_TORCH_WINDOWS) | set(_BOXCAR))} "
                         f"and the tuples ('kaiser', beta), ('gaussian', std), ('exponential', tau) itself; other "
                         f"scipy windows need scipy (pip install scipy). Received: window={window!r}") from None
    try:
        return np.asarray(scipy.signal.get_window(window, length, periodic), dtype=np.float64)
    except ValueError as error:
        raise ValueError(f"Unknown window: {error}. Received: window={window!r}") from None


class STFT(Initializer):
    """`keras.initializers.STFT(side="real", window="hann", scaling="density", periodic=False)`.

    Args:
        side: "real" (cosine kernel) or "imag" (sine kernel).
        window: a window name or `(name, parameter)` (see the module docstring), a 1-D array of
            `frame_length` values, or None (no window, no scaling).
        scaling: "density" (default), "spectrum" or None.
        periodic: bool, default False: periodic (DFT-even) instead of symmetric windows.

    Call: `init((frame_length, 1, fft_bins), dtype=None)` -> a tensor of that shape.

    Raises:
        ValueError: for another side or scaling, an unknown window name, or a window array whose length
            is not `frame_length`.
    """

    def __init__(self, side="real", window="hann", scaling="density", periodic=False):
        if side not in ("real", "imag"):
            raise ValueError(f"side should be 'real' or 'imag', not {side}")
        if isinstance(window, (str, tuple)):
            get_window(window, 1, periodic)  # an unknown name fails here, as Keras checks early
        if scaling is not None and scaling not in ("density", "spectrum"):
            raise ValueError(f"Scaling is invalid, it must be `None`, 'density' or 'spectrum'. "
                             f"Received scaling={scaling}")
        self.side, self.window, self.scaling, self.periodic = side, window, scaling, periodic

    def __call__(self, shape, dtype=None):
        frame_length, _, bins = tuple(shape)
        dtype = dtype or torch.float32
        n = (bins - 1) * 2
        t = np.arange(frame_length, dtype=np.float64).reshape(frame_length, 1, 1)
        k = np.arange(bins, dtype=np.float64).reshape(1, 1, bins)
        angle = -2.0 * t * (k / n) * math.pi
        kernel = np.cos(angle) if self.side == "real" else np.sin(angle)
        if self.window is not None:
            win = (get_window(self.window, frame_length, self.periodic) if isinstance(self.window, (str, tuple))
                   else np.asarray(self.window, dtype=np.float64))
            if win.ndim != 1 or win.shape[-1] != frame_length:
                raise ValueError(f"The shape of `window` must be equal to [frame_length]. "
                                 f"Received: window shape={win.shape}")
            win = win.reshape(frame_length, 1, 1)
            scale = {"density": np.sqrt(np.sum(win ** 2)), "spectrum": np.sum(np.abs(win)), None: 1.0}[self.scaling]
            kernel = kernel * win / scale
        return torch.as_tensor(kernel, dtype=dtype)

    def get_config(self):
        window = self.window.tolist() if isinstance(self.window, np.ndarray) else self.window
        return {"side": self.side, "window": window, "periodic": self.periodic, "scaling": self.scaling}




_NAMES = {
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_uniform": RandomUniform,
    "random_normal": RandomNormal, "truncated_normal": TruncatedNormal, "variance_scaling": VarianceScaling,
    "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal, "he_uniform": HeUniform,
    "he_normal": HeNormal, "lecun_uniform": LecunUniform, "lecun_normal": LecunNormal,
    "orthogonal": Orthogonal, "identity": Identity, "stft": STFT,
}
# Keras's aliases (`"uniform"` is RandomUniform(-0.05, 0.05), `"normal"` RandomNormal(0, 0.05)).
_NAMES.update(uniform=RandomUniform, normal=RandomNormal, zero=Zeros, one=Ones, IdentityInitializer=Identity,
              OrthogonalInitializer=Orthogonal, STFTInitializer=STFT)
_LOOKUP = NamespaceLookup("initializer", "keras.initializers", Initializer, _NAMES)


def get(identifier):
    """Resolve `"glorot_uniform"`, a class name, an Initializer, a callable `(shape, dtype)`, or a tensor
    (its values: a function that returns them for a request of their shape, cast to `dtype`).

    Raises:
        ValueError: for an unknown name (the message lists valid names).
    """
    if identifier is None:
        return None
    if isinstance(identifier, Initializer) or (callable(identifier) and not isinstance(identifier, type)):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if isinstance(identifier, dict):
        return _LOOKUP.deserialize(identifier)
    if isinstance(identifier, (torch.Tensor, np.ndarray, np.generic)):
        value = torch.as_tensor(np.array(identifier)) if not isinstance(identifier, torch.Tensor) else identifier

        def initialize_fn(shape, dtype=None):  # defined here: its name is Keras's (`get.<locals>.initialize_fn`)
            if tuple(int(d) for d in shape) != tuple(value.shape):
                raise ValueError(f"Expected `shape` to be {tuple(value.shape)} for direct tensor as initializer. "
                                 f"Received: shape={shape}")
            return value.detach().clone().to(dtypes.as_dtype(dtype or backend_config.floatx()))

        return initialize_fn
    return _LOOKUP.resolve(identifier)()


def with_fan_axes(initializer, input_axes, output_axes):
    """Keras 3's `EinsumDense` kernel initializer: a `VarianceScaling` without fan axes copied with the equation's
    input/output axes (and the same seed: no new draw); anything else as is (and everything under tf_keras)."""
    if (keras_version.legacy_keras() or not isinstance(initializer, VarianceScaling)
            or (initializer.input_axes is not None and initializer.output_axes is not None)):
        return initializer
    out = copy.copy(initializer)
    out.input_axes, out.output_axes = list(input_axes), list(output_axes)
    return out


def clone(initializer):
    """A new initializer of `initializer`'s class and config, as Keras gives each sub-layer of a layer (an unseeded
    Keras 3 initializer draws its own seed, so the sub-layers' weights differ); anything else is returned as is."""
    if isinstance(initializer, Initializer):
        return type(initializer).from_config(initializer.get_config())
    return initializer


def deserialize(config, custom_objects=None):
    """The initializer a `serialize` result (or a name) describes, as `keras.initializers.deserialize`.

    Raises:
        ValueError: for an unknown class name (the message lists valid names).
    """
    if isinstance(config, dict):
        return _LOOKUP.deserialize(config, custom_objects)
    return get(config)


def serialize(initializer):
    """An Initializer's `{"module": "keras.initializers", "class_name", "config", "registered_name"}` (a registered
    class under its module and `"package>name"`), in both Kerases' formats (tf_keras writes the same); a plain
    function (e.g. `kernel_initializer=tf.random.normal`) is saved by reference, as Keras 3 saves functions
    (`"class_name": "function"`)."""
    if not isinstance(initializer, Initializer) and callable(initializer):
        registered = object_registration.get_registered_name(initializer)
        return {"module": getattr(initializer, "__module__", None), "class_name": "function",
                "config": registered, "registered_name": registered}
    return _LOOKUP.serialize(initializer)
