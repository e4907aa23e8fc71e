"""TF's Philox4x32-10 counter-based generator, as its stateless random ops derive it from a seed pair.

TF's stateless ops (`tf.random.fold_in`, `tf.random.split`, `stateless_random_uniform` of full-range
integers) scramble the `[2]` seed into a Philox key and counter with one Philox block under a fixed key, then
emit the blocks of the counters that follow. This module reproduces those integers bit for bit (Salmon et al.,
"Parallel random numbers: as easy as 1, 2, 3", SC 2011), so the seeds these ops return are TF's.

Example:
    >>> full_int((1, 2), 1, 32)        # [1105988140], what tf.random.fold_in([1, 2], 3)[0] holds
"""

_M0, _M1 = 0xD2511F53, 0xCD9E8D57  # round multipliers
_W0, _W1 = 0x9E3779B9, 0xBB67AE85  # key schedule (Weyl) increments
_SCRAMBLE_KEY = (0x3EC8F720, 0x02461E29)  # TF's fixed key for turning a seed into a key and counter
_U32 = 0xFFFFFFFF
_U64 = (1 << 64) - 1


def block(counter, key):
    """Philox4x32 with 10 rounds: four uint32 words from a 4-word counter and a 2-word key."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(10):
        p0, p1 = _M0 * c0, _M1 * c2
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & _U32, (p0 >> 32) ^ c3 ^ k1, p0 & _U32
        k0, k1 = (k0 + _W0) & _U32, (k1 + _W1) & _U32
    return [c0, c1, c2, c3]


def key_counter(seed0, seed1):
    """TF's key and starting counter for the seed pair (int32 seeds are sign-extended, as TF's kernel does)."""
    s0, s1 = seed0 & _U64, seed1 & _U64
    mix = block((s0 & _U32, s0 >> 32, s1 & _U32, s1 >> 32), _SCRAMBLE_KEY)
    return (mix[0], mix[1]), [0, 0, mix[2], mix[3]]


def _words(seed, count):
    key, counter = key_counter(*seed)
    words = []
    while len(words) < count:
        words += block(counter, key)
        for i in range(4):  # the 128-bit counter's increment
            counter[i] = (counter[i] + 1) & _U32
            if counter[i]:
                break
    return words[:count]


def full_int(seed, count, bits):
    """`count` full-range signed integers of `bits` (32 or 64) from the seed pair, as TF's
    `stateless_random_uniform(..., minval=None, maxval=None)` gives them (64-bit values take two words,
    low word first)."""
    if bits == 32:
        return [w - (1 << 32) if w >> 31 else w for w in _words(seed, count)]
    words = _words(seed, 2 * count)
    values = [words[2 * i] | (words[2 * i + 1] << 32) for i in range(count)]
    return [v - (1 << 64) if v >> 63 else v for v in values]
