"""Top-level TF op names (`tf.constant`, `tf.matmul`, ...) re-exported by `keraslike/__init__.py`.

Add a public op here and it becomes `tf.<name>`.
"""

# ruff: noqa: F401, I001
from keraslike._src.ops.dtypes import (
    as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32, float64, half,
    int8, int16, int32, int64, uint8,
)
from keraslike._src.ops.variables import Variable, VariableAggregation, VariableSynchronization

from keraslike._src.autodiff.function import function
from keraslike._src.autodiff.gradient_tape import GradientTape, UnconnectedGradients, stop_gradient
from keraslike._src.ops.array import (
    broadcast_to, concat, expand_dims, identity, newaxis, pad, rank, reshape, reverse, shape, size,
    slice, split, squeeze, stack, tile, transpose, unstack,
)
from keraslike._src.ops.conversion import Tensor, constant, convert_to_tensor, is_tensor
from keraslike._src.ops.creation import (
    eye, fill, linspace, one_hot, ones, ones_like, range, zeros, zeros_like,
)
from keraslike._src.ops.indexing import (
    boolean_mask, gather, gather_nd, scatter_nd, tensor_scatter_nd_add, tensor_scatter_nd_update, where,
)
from keraslike._src.ops.math import (
    abs, acos, add, add_n, asin, atan, atan2, cast, clip_by_value, cos, cosh, divide, einsum, equal, exp,
    floor, floordiv, greater, greater_equal, less, less_equal, logical_and, logical_not, logical_or,
    matmul, maximum, minimum, multiply, negative, not_equal, pow, round, saturate_cast,
    sigmoid, sign, sin, sinh, sqrt, square, subtract, tan, tanh, tensordot, truediv, truncatemod,
)
from keraslike._src.ops.printing import print
from keraslike._src.ops.reduction import (
    argmax, argmin, argsort, clip_by_global_norm, clip_by_norm, cumprod, cumsum, norm, reduce_all,
    reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_sum, sort,
)

from keraslike._src.ops import tensor_attributes as _tensor_attributes  # noqa: E402
from keraslike._src.ops import tensor_numpy as _tensor_numpy  # noqa: E402
from keraslike._src.ops import tensor_operators as _tensor_operators  # noqa: E402

_tensor_numpy.install()
_tensor_attributes.install()
_tensor_operators.install()  # TF's operators with lists/numpy operands and negative slice steps

# ---- placement, errors, TF1 names (issue 4) ----------------------------------------------------
from keraslike._src.placement.scope import device  # noqa: E402
from keraslike._src.compat.v1.config_proto import ConfigProto, GPUOptions, GraphOptions  # noqa: E402
from keraslike._src.compat.v1.graph_names import (  # noqa: E402
    executing_eagerly, global_variables_initializer, initialize_all_variables, local_variables_initializer,
    placeholder, reset_default_graph, variables_initializer,
)
from keraslike._src.compat.v1.session import InteractiveSession, Session, get_default_session  # noqa: E402
from keraslike import compat, debugging, errors  # noqa: E402

# ---- control flow, functional ops, custom gradients, checks (issue 11) ------------------------
from keraslike._src.autodiff.custom_gradient import custom_gradient, recompute_grad  # noqa: E402
from keraslike._src.ops.check_ops import (  # noqa: E402
    Assert, assert_equal, assert_greater, assert_less, assert_rank,
)
from keraslike._src.ops.control_flow import case, cond, switch_case, while_loop  # noqa: E402
from keraslike._src.ops.functional_ops import foldl, foldr, map_fn, scan, vectorized_map  # noqa: E402
from keraslike._src.ops.script_ops import numpy_function, py_function  # noqa: E402
from keraslike._src.ops.tensor_array import TensorArray  # noqa: E402
from keraslike._src.module.module import Module  # noqa: E402
from keraslike._src.ops.name_scope import get_current_name_scope, init_scope, name_scope  # noqa: E402
from keraslike._src.ops.framework_ops import (  # noqa: E402
    DType, control_dependencies, ensure_shape, get_logger, get_static_value, grad_pass_through, gradients, group,
    hessians, identity_n, inside_function, no_op, tuple,
)
