"""`tf.dtypes.experimental`: 8-bit floats and sub-byte integers (torch's dtypes of those names)."""

# ruff: noqa: F401
from keraslike._src.ops.dtypes import (
    float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz, int2, int4, uint2, uint4,
)
