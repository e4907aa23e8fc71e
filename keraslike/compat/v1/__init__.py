"""`tf.compat.v1`: the TF1 names, running eagerly; every other name resolves to the TF2 one (`tf.<name>`)."""

import sys as _sys

from keraslike._src.compat.v1.config_proto import ConfigProto, GPUOptions, GraphOptions  # noqa: F401
from keraslike._src.compat.v1.graph_names import (  # noqa: F401
    control_flow_v2_enabled, disable_control_flow_v2, disable_eager_execution, disable_resource_variables,
    disable_v2_behavior, disable_v2_tensorshape, enable_control_flow_v2, enable_eager_execution,
    enable_resource_variables, enable_v2_behavior, enable_v2_tensorshape, executing_eagerly,
    resource_variables_enabled,
    global_variables_initializer, initialize_all_variables, local_variables_initializer, placeholder,
    placeholder_with_default, reset_default_graph, sparse_placeholder, tables_initializer, variables_initializer,
)
from keraslike._src.compat.v1.control_flow_v1 import cond, while_loop  # noqa: F401
from keraslike._src.compat.v1.session import (  # noqa: F401
    InteractiveSession, Operation, Session, get_default_session,
)
from keraslike._src.sparse.sparse_tensor import SparseTensorValue  # noqa: F401
from keraslike._src.io.protos import HistogramProto, Summary, SummaryMetadata  # noqa: F401
from keraslike._src.ops.tensor_equality import disable_tensor_equality, enable_tensor_equality  # noqa: F401
from keraslike._src.compat.v1.v1_ops import (  # noqa: F401
    FIFOQueue, RandomShuffleQueue, arg_max, arg_min, argmax, argmin, assign, assign_add, assign_sub, batch_to_space,
    div, log, space_to_batch,
    py_func, random_normal, random_poisson, random_uniform,
    reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_sum,
    set_random_seed, setdiff1d, squared_difference, to_bfloat16, to_complex128, to_complex64, to_double, to_float,
    to_int32, to_int64, truncated_normal,
)
from keraslike._src.compat.v1.init_ops_v1 import (  # noqa: F401
    constant_initializer, glorot_normal_initializer, glorot_uniform_initializer, ones_initializer,
    orthogonal_initializer, random_normal_initializer, random_uniform_initializer, truncated_normal_initializer,
    variance_scaling_initializer, zeros_initializer,
)
from keraslike._src.graph.framework import (  # noqa: F401
    add_to_collection, add_to_collections, get_collection, get_collection_ref, import_graph_def,
)
from keraslike._src.graph.graph import Graph, GraphKeys, get_default_graph  # noqa: F401
from keraslike._src.graph.shape_v1 import Dimension, dimension_value  # noqa: F401
from keraslike._src.graph.tensor import Operation as _GraphOperation  # noqa: F401
from keraslike._src.graph.variable_scope import (  # noqa: F401
    AUTO_REUSE, VariableScope, get_variable, get_variable_scope, variable_scope,
)
from keraslike._src.graph.wrap_function import wrap_function  # noqa: F401
from keraslike._src.graph.variables import (  # noqa: F401
    global_variables, local_variables, model_variables, trainable_variables,
)
from keraslike.compat.v1 import io, python_io  # noqa: F401,E402  (TF1's tf_record_iterator)
from keraslike import feature_column  # noqa: F401,E402  (tf.compat.v1.feature_column: the same columns)
from keraslike.compat.v1 import saved_model  # noqa: F401,E402  (TF1's Builder/loader raise, naming why)
from keraslike._src.graph.template import make_template  # noqa: F401,E402
from keraslike.compat.v1 import data, initializers, layers, losses, math, metrics, nn, random, summary, train  # noqa: F401,E402,I001
from keraslike.compat.v1 import app, flags, gfile, logging, manip, sets, sparse, spectral  # noqa: F401,E402,I001
from keraslike._src.compat.v1.v1_only_ops import (  # noqa: F401,E402
    Print, all_variables, assert_equal, assert_greater, assert_greater_equal, assert_integer, assert_less,
    assert_less_equal, assert_near, assert_negative, assert_non_negative, assert_non_positive, assert_none_equal,
    assert_positive, assert_rank, assert_rank_at_least, assert_rank_in, assert_scalar, assert_type, batch_gather,
    batch_to_space_nd, bincount, clip_by_average_norm, colocate_with, confusion_matrix, container,
    convert_to_tensor_or_sparse_tensor, count_nonzero, count_up_to, decode_csv, decode_raw, depth_to_space,
    executing_eagerly_outside_functions, extract_image_patches, floor_div, get_local_variable, get_seed,
    moving_average_variables, multinomial, name_scope, op_scope, parse_example, parse_single_example, reduce_join,
    scatter_add, scatter_div, scatter_max, scatter_min, scatter_mul, scatter_nd_add, scatter_nd_sub,
    scatter_nd_update, scatter_sub, scatter_update, space_to_depth, sparse_add, sparse_concat, sparse_reduce_max,
    sparse_reduce_max_sparse, sparse_reduce_sum, sparse_reduce_sum_sparse, sparse_segment_mean,
    sparse_segment_sqrt_n, sparse_segment_sum, sparse_split, sparse_to_dense, string_split, string_to_hash_bucket,
    string_to_number, substr, uniform_unit_scaling_initializer, variable_op_scope, verify_tensor_all_finite,
)
from keraslike._src.compat.v1.graph_names import (  # noqa: E402
    local_variables_initializer as initialize_local_variables,  # noqa: F401 - TF1's older names
    tables_initializer as initialize_all_tables,  # noqa: F401
    variables_initializer as initialize_variables,  # noqa: F401
)
from keraslike._src.compat.v1 import v2_names as _v2_names  # noqa: E402


_ROOT = __name__.split(".")[0]  # "keraslike"


def __getattr__(name):
    try:
        return getattr(_sys.modules[_ROOT], name)  # the root package is loaded before its subpackages
    except AttributeError:
        value = _v2_names.resolve(_sys.modules[_ROOT], name)
        if value is not None:
            return value
        raise AttributeError(
            f"module 'keraslike.compat.v1' has no attribute '{name}' (nor has keraslike). "
            f"Received: name={name!r}"
        ) from None
