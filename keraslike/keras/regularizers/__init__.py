"""`tf.keras.regularizers`.

The names are listed one by one: only what Keras publishes here is public (tests/test_public_face.py).
"""

from keraslike._src.keras.regularizers import (
    deserialize, get, L1, l1, l1_l2, L1L2, L2, l2, orthogonal_regularizer, OrthogonalRegularizer, Regularizer,
    serialize,
)
