"""`tf.keras.constraints`.

The names are listed one by one: only what Keras publishes here is public (tests/test_public_face.py).
"""

from keraslike._src.keras.constraints import (
    Constraint, deserialize, get, max_norm, MaxNorm, min_max_norm, MinMaxNorm, non_neg, NonNeg, serialize, unit_norm,
    UnitNorm,
)
