"""Keras 3's `quantization_config` argument of Dense, EinsumDense and Embedding.

Keras 3 writes `"quantization_config": None` into these layers' configs (tf_keras has no such argument).
keraslike does not quantize: the argument is accepted as None, as configs from Keras 3 carry it, and a
quantization config raises, naming it.
"""

from keraslike._src.keras import keras_version


def check(quantization_config):
    """Raises NotImplementedError for any `quantization_config` but None."""
    if quantization_config is not None:
        raise NotImplementedError("keraslike does not implement Keras 3 quantization; pass "
                                  f"`quantization_config=None`. Received: quantization_config={quantization_config!r}")


def entry():
    """`{"quantization_config": None}` under Keras 3, `{}` under Keras 2."""
    return {} if keras_version.legacy_keras() else {"quantization_config": None}
