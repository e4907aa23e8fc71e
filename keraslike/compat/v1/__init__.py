"""`tf.compat.v1`: the TF1 names, running eagerly; every other name resolves to the TF2 one (`tf.<name>`)."""

import sys

from keraslike._src.compat.v1.config_proto import ConfigProto, GPUOptions, GraphOptions  # noqa: F401
from keraslike._src.compat.v1.graph_names import (  # noqa: F401
    disable_eager_execution, disable_v2_behavior, enable_eager_execution, enable_v2_behavior, executing_eagerly,
    global_variables_initializer, initialize_all_variables, local_variables_initializer, placeholder,
    placeholder_with_default, reset_default_graph, tables_initializer, variables_initializer,
)
from keraslike._src.compat.v1.session import (  # noqa: F401
    InteractiveSession, Operation, Session, get_default_session,
)
from keraslike._src.sparse.sparse_tensor import SparseTensorValue  # noqa: F401
from keraslike.compat.v1 import io, python_io  # noqa: F401,E402  (TF1's tf_record_iterator)


_ROOT = __name__.split(".")[0]  # "keraslike"


def __getattr__(name):
    try:
        return getattr(sys.modules[_ROOT], name)  # the root package is loaded before its subpackages
    except AttributeError:
        raise AttributeError(
            f"module 'keraslike.compat.v1' has no attribute '{name}' (nor has keraslike). "
            f"Received: name={name!r}"
        ) from None
