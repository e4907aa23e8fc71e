"""`tf.compat.v1.train`: TF1 optimizers, global step and learning-rate decays; every other name is `tf.train`'s."""

import sys as _sys

from keraslike._src.compat.v1.v1_ops import (  # noqa: F401
    QueueRunner, batch, input_producer, shuffle_batch, slice_input_producer, start_queue_runners,
    string_input_producer,
)
from keraslike._src.graph.optimizers import (  # noqa: F401
    AdagradOptimizer, AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer, Optimizer, RMSPropOptimizer,
)
from keraslike._src.graph.init_from_checkpoint import init_from_checkpoint  # noqa: F401
from keraslike._src.graph.saver import Saver, export_meta_graph, import_meta_graph  # noqa: F401
from keraslike._src.graph.session_run_hook import (  # noqa: F401
    SessionRunArgs, SessionRunContext, SessionRunHook, SessionRunValues,
)
from keraslike._src.graph.training_util import (  # noqa: F401
    create_global_step, exponential_decay, get_global_step, get_or_create_global_step, global_step,
    inverse_time_decay, natural_exp_decay, piecewise_constant, polynomial_decay,
)


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].train, name)
