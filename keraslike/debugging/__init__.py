"""`tf.debugging`: run-time assertions, numeric checks, device placement logging."""

# ruff: noqa: F401, I001
from keraslike._src.placement.log import get_log_device_placement, set_log_device_placement
from keraslike._src.ops.check_ops import (
    Assert, assert_all_finite, assert_equal, assert_greater, assert_greater_equal, assert_integer, assert_less,
    assert_less_equal, assert_near, assert_negative, assert_non_negative, assert_non_positive, assert_none_equal,
    assert_positive, assert_proper_iterable, assert_rank, assert_rank_at_least, assert_rank_in,
    assert_same_float_dtype, assert_scalar, assert_shapes, assert_type, check_numerics, is_numeric_tensor,
)
from keraslike._src.ops.numerics_mode import (
    disable_check_numerics, disable_traceback_filtering, enable_check_numerics, enable_traceback_filtering,
    is_traceback_filtering_enabled,
)
