"""`tf.keras.activations`.

The names are listed one by one: only what Keras publishes here is public (tests/test_public_face.py).
"""

from keraslike._src.keras.activations import (
    celu, deserialize, elu, exponential, gelu, get, glu, hard_shrink, hard_sigmoid, hard_silu, hard_swish, hard_tanh,
    leaky_relu, linear, log_sigmoid, log_softmax, mish, relu, relu6, selu, serialize, sigmoid, silu, soft_shrink,
    softmax, softplus, softsign, sparse_plus, sparse_sigmoid, sparsemax, squareplus, swish, tanh, tanh_shrink,
    threshold,
)
