"""Top-level TF op names (`tf.constant`, `tf.matmul`, ...) re-exported by `keraslike/__init__.py`.

Add a public op here and it becomes `tf.<name>`.
"""

from keraslike._src.ops.dtypes import (  # noqa: F401
    as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32, float64, half,
    int8, int16, int32, int64, uint8,
)
from keraslike._src.ops.variables import Variable  # noqa: F401
