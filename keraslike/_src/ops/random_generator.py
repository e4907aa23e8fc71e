"""`tf.random.Generator`, `tf.random.Algorithm`, `create_rng_state` and the global generator.

Mirrors `tensorflow/python/ops/stateful_random_ops.py`. A generator's state is a non-trainable int64
`tf.Variable` laid out as TF's: `[counter..., key]` (3 words for PHILOX, 2 for THREEFRY), built by
`create_rng_state` exactly as TF builds it (`create_rng_state(1234, "philox") == [1234, 0, 0]`). Every draw
reads the state and advances the counter by 256 per element drawn, as TF's kernels do. A PHILOX generator draws
TF's own values: the Philox stream at the state's 128-bit counter under its 64-bit key, turned into each
distribution as TF's kernels turn it. THREEFRY draws (and `binomial`) come from a torch generator seeded by a
hash of the state: the same state gives the same values within keraslike, not the values TF gives.

Under a multi-replica strategy (one process per replica) the state variable starts from the chief's value
(as every variable created in a strategy scope does), and a draw inside replica context (`strategy.run`, a
`fit` step) folds in the replica id, so replicas get different streams, as TF documents for generators
used under `tf.distribute`; every replica still advances the same counter, so states stay equal.
"""


import torch

from keraslike._src.distribute import context as distribute_context
from keraslike._src.launch import one_program
from keraslike._src.ops import dtypes, philox
from keraslike._src.ops import random as tf_random
from keraslike._src.ops.conversion import to_shape, to_tensor
from keraslike._src.ops.random import Algorithm
from keraslike._src.ops.variables import Variable

_MOD64 = 1 << 64


_STATE_SIZE = {Algorithm.PHILOX: 3, Algorithm.THREEFRY: 2}
_to_alg = tf_random.to_algorithm


def _signed(word):
    word %= _MOD64
    return word - _MOD64 if word >= (1 << 63) else word


def _state_list(seed, size):
    if isinstance(seed, torch.Tensor):
        seed = seed.tolist()
    if isinstance(seed, (list, tuple)) or hasattr(seed, "tolist"):
        words = [int(w) for w in (seed.tolist() if hasattr(seed, "tolist") else seed)]
        if any(isinstance(w, list) for w in words):
            raise ValueError(f"`seed` must be an integer or a 1-D array. Received: seed={seed!r}")
        words = ([0] * (size - len(words)) + words)[:size]
        return [_signed(w) for w in words]
    value = int(seed) % (1 << (64 * size))
    return [_signed(value >> (64 * i)) for i in range(size)]


def create_rng_state(seed, alg):
    """`tf.random.create_rng_state(seed, alg)`: the int64 state TF builds for `seed` (an int, taken modulo
    2**(64*size) and split into 64-bit words low first; or a 1-D array, zero-padded in front or cut to size)."""
    alg = _to_alg(alg)
    return torch.tensor(_state_list(seed, _STATE_SIZE[alg]), dtype=torch.int64)


def _non_deterministic_seed():
    # one program (DESIGN §5): a generator the user's script makes gets the same state on every replica
    return int.from_bytes(one_program.entropy(16, through=(__file__,)), "little")


class Generator:
    """`tf.random.Generator(copy_from=None, state=None, alg=None)`: a random generator whose state is a
    variable (see the module docstring).

    Args:
        copy_from: another Generator to copy (state and algorithm).
        state: initial state (1-D int64, 3 words for PHILOX, 2 for THREEFRY); needs `alg` to be meaningful.
        alg: `tf.random.Algorithm`, its value, or its lower-case name; default PHILOX.
    Without `copy_from` and `state` it starts from a non-deterministic state.

    Raises:
        ValueError: for both `copy_from` and `state`, a bad `alg`, or a state of the wrong size.
    """

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            if state is not None or alg is not None:
                raise ValueError("When `copy_from` is given, `state` and `alg` must be None. "
                                 f"Received: state={state!r}, alg={alg!r}")
            self._alg = copy_from._alg
            initial = copy_from.state.detach().clone()
        else:
            self._alg = _to_alg(alg)
            if state is None:
                initial = create_rng_state(_non_deterministic_seed(), self._alg)
            else:
                initial = to_tensor(state, torch.int64, "state").reshape(-1)
        size = _STATE_SIZE[self._alg]
        if initial.shape != (size,):
            raise ValueError(f"The state of a {self._alg.name} generator has {size} int64 words. "
                             f"Received: state shape={list(initial.shape)}")
        self._state_var = Variable(initial.to(torch.int64), trainable=False, name="StateVar")

    def _trackable_children(self):
        """The checkpoint sees a generator as TF does: one child, its state variable, under `_state_var`
        (key `<name>/_state_var/.ATTRIBUTES/VARIABLE_VALUE`), so a restore rewinds the stream."""
        return [("_state_var", self._state_var)]

    # ---- constructors ----
    @classmethod
    def from_seed(cls, seed, alg=None):
        """A generator whose state is `create_rng_state(seed, alg)`."""
        return cls(state=create_rng_state(seed, _to_alg(alg)), alg=alg)

    @classmethod
    def from_state(cls, state, alg):
        """A generator with the given state."""
        return cls(state=state, alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        """A generator seeded from the OS's entropy."""
        return cls(state=create_rng_state(_non_deterministic_seed(), _to_alg(alg)), alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        """A generator with state `counter + [key]` (counter: 2 words for PHILOX, 1 for THREEFRY)."""
        return cls(state=_key_counter_state(key, counter, _to_alg(alg)), alg=alg)

    # ---- properties ----
    @property
    def state(self):
        """The int64 state variable (`assign` to it to move the generator)."""
        return self._state_var

    @property
    def algorithm(self):
        """The algorithm's integer value (1 PHILOX, 2 THREEFRY), as TF returns."""
        return self._alg.value

    @property
    def key(self):
        """The key word of the state (its last word), an int64 scalar."""
        return self._state_var.detach()[-1].clone()

    # ---- state changes ----
    def reset(self, state):
        """Set the state."""
        value = to_tensor(state, torch.int64, "state").reshape(-1)
        if value.shape != self._state_var.shape:
            raise ValueError(f"Expected a state of shape {list(self._state_var.shape)}. "
                             f"Received: state shape={list(value.shape)}")
        self._state_var.assign(value)

    def reset_from_seed(self, seed):
        """Set the state to `create_rng_state(seed, self.algorithm)`."""
        self.reset(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        """Set the state to `counter + [key]`."""
        self.reset(_key_counter_state(key, counter, self._alg))

    def skip(self, delta):
        """Advance the counter as `normal([delta])` would."""
        self._advance(256 * int(delta))

    def _advance(self, delta):
        words = [int(w) % _MOD64 for w in self._state_var.detach().tolist()]
        counter_words = len(words) - 1
        counter = sum(w << (64 * i) for i, w in enumerate(words[:counter_words]))
        counter = (counter + delta) % (1 << (64 * counter_words))
        new = [_signed(counter >> (64 * i)) for i in range(counter_words)] + [_signed(words[-1])]
        self._state_var.assign(torch.tensor(new, dtype=torch.int64))

    def _philox_start(self, num_elements):
        """The Philox key and counter of this draw (advancing the state), or None where the draw is not TF's
        stream (THREEFRY, or inside a multi-replica step, where replicas fold in their id)."""
        if self._alg is not Algorithm.PHILOX:
            return None
        ctx = distribute_context.current_replica_context()
        if ctx is not None and ctx.num_replicas_in_sync > 1:
            return None
        c0, c1, key = (int(w) % _MOD64 for w in self._state_var.detach().tolist())
        self._advance(256 * int(num_elements))
        counter = [c0 & 0xFFFFFFFF, c0 >> 32, c1 & 0xFFFFFFFF, c1 >> 32]
        return (key & 0xFFFFFFFF, key >> 32), counter

    def _torch_generator(self, num_elements):
        parts = [self._alg.value] + self._state_var.detach().tolist()
        ctx = distribute_context.current_replica_context()
        if ctx is not None and ctx.num_replicas_in_sync > 1:
            parts.append(int(ctx.replica_id_in_sync_group) + 1)
        gen = tf_random.generator_from_parts(*parts)
        self._advance(256 * max(int(num_elements), 1))
        return gen

    @staticmethod
    def _numel(shape):
        n = 1
        for d in to_shape(shape):
            n *= int(d)
        return n

    # ---- sampling ----
    def normal(self, shape, mean=0.0, stddev=1.0, dtype=torch.float32, name=None):
        """N(mean, stddev^2) samples of `shape` (a floating dtype)."""
        dims = to_shape(shape)
        start = self._philox_start(self._numel(dims))
        if start is not None:
            dt = tf_random.float_dtype(dtype, "Generator.normal")
            z = tf_random.philox_tensor(philox.normal(start, self._numel(dims), dtypes.dtype_name(dt)), dims, dt)
            return z * to_tensor(stddev, dt, "stddev", z.device) + to_tensor(mean, dt, "mean", z.device)
        return tf_random.sample_normal(shape, mean, stddev, dtype, self._torch_generator(self._numel(shape)),
                                       "Generator.normal")

    def uniform(self, shape, minval=0, maxval=None, dtype=torch.float32, name=None):
        """Samples in `[minval, maxval)`; `maxval` defaults to 1 for floats and is required for ints
        (both None for an int dtype: the full range, as `uniform_full_int`)."""
        dt = to_tensor(0, dtype, "dtype").dtype
        if not dt.is_floating_point and minval is None and maxval is None:
            return self.uniform_full_int(shape, dtype)
        if not dt.is_floating_point:
            if dt not in (torch.int32, torch.int64):
                raise ValueError(f"Expected a float, int32 or int64 `dtype`. Received: dtype={dt}")
            if maxval is None:
                raise ValueError("Must specify `maxval` for integer dtype. Received: maxval=None")
        start = self._philox_start(self._numel(shape))
        if start is not None:
            return tf_random.philox_uniform(start, to_shape(shape), 0 if minval is None else minval, maxval, dt)
        return tf_random.sample_uniform(shape, 0 if minval is None else minval, maxval, dtype,
                                        self._torch_generator(self._numel(shape)))

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=torch.float32, name=None):
        """Normal samples within 2 stddev of the mean."""
        dims = to_shape(shape)
        start = self._philox_start(self._numel(dims))
        if start is not None:
            dt = tf_random.float_dtype(dtype, "Generator.truncated_normal")
            values = philox.truncated_normal(start, self._numel(dims), dtypes.dtype_name(dt))
            z = tf_random.philox_tensor(values, dims, dt)
            return z * to_tensor(stddev, dt, "stddev", z.device) + to_tensor(mean, dt, "mean", z.device)
        return tf_random.sample_truncated_normal(shape, mean, stddev, dtype,
                                                 self._torch_generator(self._numel(shape)),
                                                 "Generator.truncated_normal")

    def binomial(self, shape, counts, probs, dtype=torch.int32, name=None):
        """Binomial(counts, probs) samples of `shape` (counts/probs broadcast to it)."""
        return tf_random.sample_binomial(shape, counts, probs, dtype, self._torch_generator(self._numel(shape)))

    def uniform_full_int(self, shape, dtype=torch.uint64, name=None):
        """Integers uniform over the whole range of `dtype` (int32, int64, uint32 or uint64)."""
        dt = to_tensor(0, dtype, "dtype").dtype
        bits = {torch.int32: 32, torch.uint32: 32, torch.int64: 64, torch.uint64: 64}.get(dt)
        if bits is None:
            raise ValueError(f"`uniform_full_int` supports int32, int64, uint32 and uint64. Received: dtype={dt}")
        shape = to_shape(shape)
        start = self._philox_start(self._numel(shape))
        if start is not None:
            values = philox.full_int(start, self._numel(shape), bits)
            raw = torch.tensor(values, dtype=torch.int32 if bits == 32 else torch.int64).reshape(shape)
            raw = raw.to(tf_random.current_device())
            if bits == 32:
                return raw if dt == torch.int32 else raw.view(torch.uint32)
            return raw if dt == torch.int64 else raw.view(torch.uint64)
        gen = self._torch_generator(self._numel(shape))
        raw = torch.randint(-(1 << 63), (1 << 63) - 1, tuple(shape), dtype=torch.int64, generator=gen,
                            device=gen.device)
        if bits == 32:
            raw = raw.to(torch.int32)  # keeps the low 32 bits
            return raw if dt == torch.int32 else raw.view(torch.uint32)
        return raw if dt == torch.int64 else raw.view(torch.uint64)

    def make_seeds(self, count=1):
        """`[2, count]` int64 seeds for the stateless ops (advances the counter by 256 * count): as TF, the first
        row is `uniform_full_int([count], int64)`, the second zeros."""
        if self._philox_start(0) is not None:
            keys = self.uniform_full_int([int(count)], torch.int64)
            return torch.stack([keys, torch.zeros_like(keys)])
        gen = self._torch_generator(0)
        self._advance(256 * (int(count) - 1))
        return torch.randint(-(1 << 63), (1 << 63) - 1, (2, int(count)), dtype=torch.int64, generator=gen,
                             device=gen.device)

    def split(self, count=1):
        """`count` new independent generators, as TF makes them: `count` int64 keys drawn with
        `uniform_full_int` from this one, each new state a zero counter and one key."""
        keys = self.uniform_full_int(shape=[int(count)], dtype=torch.int64).tolist()
        size = _STATE_SIZE[self._alg]
        return [Generator(state=torch.tensor([0] * (size - 1) + [int(key)], dtype=torch.int64), alg=self._alg)
                for key in keys]

    def __repr__(self):
        return f"<tf.random.Generator alg={self._alg.name} state={self._state_var.detach().tolist()}>"


def _key_counter_state(key, counter, alg):
    words = [int(w) for w in (counter.tolist() if hasattr(counter, "tolist") else list(counter))]
    size = _STATE_SIZE[alg]
    if len(words) != size - 1:
        raise ValueError(f"A {alg.name} counter has {size - 1} words. Received: counter={counter!r}")
    return torch.tensor([_signed(w) for w in words] + [_signed(int(key))], dtype=torch.int64)


_global = {"generator": None}


def get_global_generator():
    """`tf.random.get_global_generator()`: the process-wide generator (created on first use from a
    non-deterministic state; `tf.random.set_seed` does not reset it, as in TF)."""
    if _global["generator"] is None:
        _global["generator"] = Generator.from_non_deterministic_state()
    return _global["generator"]


def set_global_generator(generator):
    """`tf.random.set_global_generator(generator)`: replace the global generator."""
    if not isinstance(generator, Generator):
        raise TypeError(f"Expected a tf.random.Generator. Received: generator={generator!r}")
    _global["generator"] = generator
