"""The string hashes of TF's `tf.strings.to_hash_bucket_fast/strong` and `tf.sparse.cross_hashed`.

- `to_hash_bucket_fast`: FarmHash Fingerprint64 of the bytes, modulo the bucket count (the `pyfarmhash`
  package computes Fingerprint64; TF's `tensorflow/core/platform/fingerprint.h`).
- `to_hash_bucket_strong`: SipHash-2-4 keyed with the two 64-bit salt words, modulo the bucket count.
- `cross_hashed`: starting from the key 0xDECAFCAFFE, each feature's hash (Fingerprint64 of a string;
  the two's-complement value of an integer) is folded in with TF's `FingerprintCat64`.

Values are Python ints of 64 bits; inputs are object ndarrays of `bytes`. Each distinct value is hashed once.
"""

import numpy as np

try:
    import farmhash
except ImportError:  # pragma: no cover - pyfarmhash is a dependency; the error below names it
    farmhash = None

_MASK64 = (1 << 64) - 1
_SIP_CONSTANTS = (0x736F6D6570736575, 0x646F72616E646F6D, 0x6C7967656E657261, 0x7465646279746573)
_CAT_MUL = 0xC6A4A7935BD1E995
CROSS_HASH_KEY = 0xDECAFCAFFE


def check_salt(salt, caller):
    """`salt` as Keras keeps it: a list of two ints (one int is used twice).

    Raises:
        ValueError: for anything else.
    """
    if isinstance(salt, (tuple, list)) and len(salt) == 2 and all(isinstance(s, int) for s in salt):
        return list(salt)
    if isinstance(salt, int) and not isinstance(salt, bool):
        return [salt, salt]
    raise ValueError(f"The `salt` argument for `{caller}` can only be a tuple of size 2 integers, or a single "
                     f"integer. Received: salt={salt}.")


def fingerprint64(data):
    """FarmHash Fingerprint64 of the bytes `data` (TF's `Fingerprint64`)."""
    if farmhash is None:
        raise ImportError("String hashing needs the `pyfarmhash` package (`pip install pyfarmhash`).")
    return farmhash.fingerprint64(data)


def _rotl(x, b):
    return ((x << b) | (x >> (64 - b))) & _MASK64


def _sip_round(v0, v1, v2, v3):
    v0 = (v0 + v1) & _MASK64
    v1 = _rotl(v1, 13) ^ v0
    v0 = _rotl(v0, 32)
    v2 = (v2 + v3) & _MASK64
    v3 = _rotl(v3, 16) ^ v2
    v0 = (v0 + v3) & _MASK64
    v3 = _rotl(v3, 21) ^ v0
    v2 = (v2 + v1) & _MASK64
    v1 = _rotl(v1, 17) ^ v2
    v2 = _rotl(v2, 32)
    return v0, v1, v2, v3


def siphash24(key, data):
    """SipHash-2-4 of the bytes `data` with the 128-bit key `(key[0], key[1])` (64-bit output)."""
    k0, k1 = key[0] & _MASK64, key[1] & _MASK64
    v = (k0 ^ _SIP_CONSTANTS[0], k1 ^ _SIP_CONSTANTS[1], k0 ^ _SIP_CONSTANTS[2], k1 ^ _SIP_CONSTANTS[3])
    n = len(data)
    end = n - n % 8
    blocks = [int.from_bytes(data[i:i + 8], "little") for i in range(0, end, 8)]
    blocks.append(((n & 0xFF) << 56) | int.from_bytes(data[end:], "little"))
    for m in blocks:
        v0, v1, v2, v3 = _sip_round(*_sip_round(v[0], v[1], v[2], v[3] ^ m))
        v = (v0 ^ m, v1, v2, v3)
    v = (v[0], v[1], v[2] ^ 0xFF, v[3])
    for _ in range(4):
        v = _sip_round(*v)
    return v[0] ^ v[1] ^ v[2] ^ v[3]


def _shift_mix(value):
    return value ^ (value >> 47)


def fingerprint_cat64(fp1, fp2):
    """TF's `FingerprintCat64`: combine two 64-bit fingerprints."""
    result = fp1 ^ _CAT_MUL
    result ^= (_shift_mix((fp2 * _CAT_MUL) & _MASK64) * _CAT_MUL) & _MASK64
    result = (result * _CAT_MUL) & _MASK64
    result = (_shift_mix(result) * _CAT_MUL) & _MASK64
    return _shift_mix(result)


def hash_bucket(values, num_buckets, salt=None):
    """int64 buckets of the object ndarray of bytes `values`: Fingerprint64 (or SipHash with `salt`) mod n."""
    flat = values.reshape(-1)
    uniques, inverse = np.unique(flat, return_inverse=True) if flat.size else (flat, np.zeros(0, np.int64))
    if salt is None:
        buckets = [fingerprint64(u) % num_buckets for u in uniques.tolist()]
    else:
        buckets = [siphash24(salt, u) % num_buckets for u in uniques.tolist()]
    return np.asarray(buckets, dtype=np.int64).reshape(-1)[inverse].reshape(values.shape)


def feature_hash(value):
    """A crossed feature's own hash: Fingerprint64 of bytes, the uint64 bits of an int."""
    if isinstance(value, bytes):
        return fingerprint64(value)
    return int(value) & _MASK64


def cross_hash(features, num_buckets):
    """TF's hashed cross of one row's `features` (bytes or ints), modulo `num_buckets` (0: int64 max)."""
    result = CROSS_HASH_KEY
    for value in features:
        result = fingerprint_cat64(result, feature_hash(value))
    return result % (num_buckets if num_buckets > 0 else np.iinfo(np.int64).max)
