"""keraslike: TensorFlow 2 / tf.keras code on PyTorch. Use as `import keraslike as tf`.

The public face: this module and the public subpackages (`keraslike.keras`, `keraslike.data`, ...) only
re-export names implemented in `keraslike._src`, which never imports them back.
"""

# ruff: noqa: E402, F401, I001

from keraslike._src.import_gc import ImportGcPause as _ImportGcPause

_gc_pause = _ImportGcPause()  # no garbage collection while torch and keraslike load: _src/import_gc.py
del _ImportGcPause

from keraslike import version

__version__ = version.VERSION  # a TF version string, as scripts print and compare `tf.__version__`
__keraslike_version__ = version.KERASLIKE_VERSION  # keraslike's own release
VERSION = __version__

from keraslike import config, distribute, keras

# ---- top-level TF ops (`tf.constant`, `tf.matmul`, ...): add a public op here and it is `tf.<name>` ----
from keraslike._src.ops.dtypes import (
    as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32, float64, half,
    int8, int16, int32, int64, qint8, qint32, quint8, uint8, uint16, uint32, uint64,
)
from keraslike._src.ops.variables import Variable, VariableAggregation, VariableSynchronization
from keraslike._src.ops.indexed_slices import IndexedSlices  # noqa: F401

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
from keraslike._src.ops.math import acosh, asinh, atanh, complex, realdiv, scalar_mul, truncatediv
from keraslike._src.ops.array_manip import (
    bitcast, broadcast_dynamic_shape, broadcast_static_shape, guarantee_const, meshgrid, repeat, roll, shape_n,
    unravel_index,
)
from keraslike._src.ops.sequence_ops import reverse_sequence, sequence_mask
from keraslike._src.ops.space_batch import (
    batch_to_space, required_space_to_batch_paddings, space_to_batch, space_to_batch_nd,
)
from keraslike._src.ops.set_ops import unique, unique_with_counts
from keraslike._src.ops.partition_ops import dynamic_partition, dynamic_stitch
from keraslike._src.ops.histogram_ops import histogram_fixed_width, histogram_fixed_width_bins
from keraslike._src.ops.indexing import (
    strided_slice, tensor_scatter_nd_max, tensor_scatter_nd_min, tensor_scatter_nd_sub,
)
from keraslike._src.ops.reduction import searchsorted
from keraslike._src.ops.linalg import eig, eigvals, matrix_square_root
from keraslike._src.ops.fft_ops import fftnd, ifftnd, irfftnd, rfftnd
from keraslike._src.ops.framework_ops import is_symbolic_tensor, timestamp
from keraslike._src.ops.array_manip import parallel_stack
from keraslike._src.ops.reduction import approx_top_k
from keraslike._src.ops.edit_distance import edit_distance
from keraslike._src.data.type_spec import type_spec_from_value
from keraslike._src.ops.reduction import (
    argmax, argmin, argsort, clip_by_global_norm, clip_by_norm, cumprod, cumsum, norm, reduce_all,
    reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_sum, sort,
)

from keraslike._src.ops import tensor_attributes as _tensor_attributes
from keraslike._src.ops import tensor_numpy as _tensor_numpy
from keraslike._src.ops import tensor_operators as _tensor_operators
from keraslike._src.placement import device_string as _device_string

_tensor_numpy.install()  # torch.Tensor: .numpy() on any device, TF's tensor attributes
_tensor_attributes.install()
_tensor_operators.install()  # TF's operators with list/tuple/numpy operands, negative slice steps
_device_string.install()  # torch.device: TF's string methods (`x.device.endswith("GPU:0")`)
del _tensor_attributes, _tensor_numpy, _tensor_operators, _device_string

# ---- placement, errors, TF1 names (issue 4) ----------------------------------------------------
from keraslike._src.placement.scope import device
from keraslike._src.placement.device_spec_value import DeviceSpec
from keraslike._src.compat.v1.config_proto import ConfigProto, GPUOptions, GraphOptions
from keraslike._src.compat.v1.graph_names import (
    executing_eagerly, global_variables_initializer, initialize_all_variables, local_variables_initializer,
    placeholder, reset_default_graph, variables_initializer,
)
from keraslike._src.compat.v1.session import InteractiveSession, Session, get_default_session
from keraslike import compat, debugging, errors

# ---- control flow, functional ops, custom gradients, checks (issue 11) ------------------------
from keraslike._src.autodiff.custom_gradient import custom_gradient, recompute_grad
from keraslike._src.ops.check_ops import (
    Assert, assert_equal, assert_greater, assert_less, assert_rank,
)
from keraslike._src.ops.control_flow import case, cond, switch_case, while_loop
from keraslike._src.ops.functional_ops import foldl, foldr, map_fn, scan, vectorized_map
from keraslike._src.ops.script_ops import numpy_function, py_function
from keraslike._src.ops.tensor_array import TensorArray
from keraslike._src.module.module import Module
from keraslike._src.ops.name_scope import get_current_name_scope, init_scope, name_scope
from keraslike._src.ops.framework_ops import (
    AggregationMethod, DType, control_dependencies, ensure_shape, get_logger, get_static_value, grad_pass_through,
    gradients, group, hessians, identity_n, inside_function, no_op, tuple,
)

# ---- public subpackages ----
from keraslike import data
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.tensor_spec import TensorSpec, string
from keraslike import bitwise, dtypes, linalg, math, nn, random, signal
from keraslike import autodiff, autograph
from keraslike import train
from keraslike import io
from keraslike import sparse
from keraslike import saved_model
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec
from keraslike import audio, image, nest, summary, test, types  # issue 11
from keraslike import profiler
from keraslike import sysconfig
from keraslike import lookup, queue, ragged, sets, strings
from keraslike import feature_column
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec
from keraslike import experimental  # issue 25: tf.experimental.Optional
from keraslike import raw_ops  # issue 25: TF's op functions, keyword arguments only
from keraslike import quantization  # issue 25: fake quantization
from keraslike._src.data.optional import OptionalSpec
from keraslike.keras import initializers, losses, metrics, optimizers  # tf.losses, ...
from keraslike._src.keras.initializers.tf_initializers import (
    constant_initializer, ones_initializer, random_normal_initializer, random_uniform_initializer, zeros_initializer,
)

from keraslike._src.launch import one_program as _one_program

_one_program.install()  # replicas re-running the script see the chief's temp paths, seeds, uuids, clock

from keraslike._src.graph.graph import Graph  # noqa: E402  (tf.Graph: TF 2 has it at the top level too)
from keraslike._src.graph import dispatch as _graph_dispatch
from keraslike._src.graph import overrides as _graph_overrides  # noqa: F401  (graph forms of tf.gradients, ...)
import sys as _sys

from keraslike._src.keras.ops import symbolic as _symbolic  # noqa: E402

# Keras 2 records these modules' ops on functional-API tensors as layers (tf_keras's TFOpLambda)
_symbolic.wrap_tf_namespaces([_sys.modules[__name__], bitwise, image, linalg, math, nn, random, signal, strings])
del _symbolic
# TF1 graph mode: these modules' op functions record graph ops once graph mode is entered
_graph_dispatch.register_public_modules([_sys.modules[__name__], bitwise, image, io, linalg, math, nn, random, signal,
                                         sparse, strings])
del _graph_dispatch, _graph_overrides, _sys

from keraslike._src import missing_names as _missing_names

_missing_names.install()   # last: a missing tf.<name> says keraslike lacks it and where the coverage table is
del _missing_names
_gc_pause.end()  # the collector as it was before `import keraslike`
del _gc_pause
