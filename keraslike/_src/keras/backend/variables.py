"""`keras.Variable` (keras/src/backend/common/variables.py): Keras 3's variable constructor over `tf.Variable`.

`keras.Variable(initializer, shape=None, dtype=None, trainable=True, autocast=True, aggregation="none",
synchronization="auto", name=None)` makes a keraslike `tf.Variable` (a torch Parameter):
`initializer` is a value (array, tensor, number) or an initializer (a name such as "glorot_uniform",
an `Initializer`, or a callable `(shape, dtype)`), which then needs `shape`. Without `dtype`, values
keep their dtype except Python floats and float64 arrays, which become `keras.config.floatx()`, and
initializers produce floatx, as Keras.

`isinstance(x, keras.Variable)` is True for every keraslike variable (layer weights included), since
keraslike has one variable type.
"""

import numpy as np
import torch

from keraslike._src.keras import initializers
from keraslike._src.keras.backend.config import floatx
from keraslike._src.ops.dtypes import as_dtype
from keraslike._src.ops.variable_meta import VariableMeta
from keraslike._src.ops.variables import Variable as TFVariable
from keraslike._src.ops.variables import VariableAggregation, VariableSynchronization

_AGGREGATIONS = {"none": VariableAggregation.NONE, "mean": VariableAggregation.MEAN, "sum": VariableAggregation.SUM,
                 "only_first_replica": VariableAggregation.ONLY_FIRST_REPLICA}
_SYNCHRONIZATIONS = {"auto": VariableSynchronization.AUTO, "none": VariableSynchronization.NONE,
                     "on_write": VariableSynchronization.ON_WRITE, "on_read": VariableSynchronization.ON_READ}


class _KerasVariableMeta(VariableMeta):
    def __instancecheck__(cls, instance):
        return isinstance(instance, TFVariable)


def _choice(value, table, name):
    if value not in table:
        raise ValueError(f"Invalid value for argument `{name}`. Expected one of {sorted(table)}. Received: "
                         f"{name}={value!r}")
    return table[value]


class Variable(TFVariable, metaclass=_KerasVariableMeta):
    """`keras.Variable`; see the module docstring.

    Raises:
        ValueError: for an initializer without `shape`, a `shape` that does not match a value, an unknown
            `aggregation`/`synchronization`, or `autocast=False` (keraslike's mixed precision runs under
            torch.autocast, which cannot exempt one variable).
    """

    def __new__(cls, initializer, shape=None, dtype=None, trainable=True, autocast=True, aggregation="none",
                synchronization="auto", name=None):
        if autocast is not True:
            raise ValueError("keraslike's mixed precision runs under torch.autocast, which casts every operand and "
                             f"cannot exempt one variable. Received: autocast={autocast!r}")
        aggregation = _choice(aggregation, _AGGREGATIONS, "aggregation")
        synchronization = _choice(synchronization, _SYNCHRONIZATIONS, "synchronization")
        if isinstance(initializer, str) or (callable(initializer) and not isinstance(initializer, torch.Tensor)):
            if shape is None:
                raise ValueError(f"When creating a Variable from an initializer, the `shape` argument should be "
                                 f"specified. Received: initializer={initializer} and shape={shape}")
            init = initializers.get(initializer)
            value = init(tuple(shape), dtype=as_dtype(dtype or floatx()))
        else:
            value = initializer if isinstance(initializer, torch.Tensor) else np.asarray(initializer)
            if dtype is None and (isinstance(initializer, float) or getattr(value, "dtype", None) == np.float64):
                dtype = floatx()
            if shape is not None and tuple(shape) != tuple(value.shape):
                raise ValueError(f"Initial value has shape {tuple(value.shape)}, but the `shape` argument is "
                                 f"{tuple(shape)}. Received: shape={tuple(shape)}")
        var = TFVariable.__new__(TFVariable, value, trainable=trainable, name=name,
                                 dtype=None if dtype is None else as_dtype(dtype), aggregation=aggregation,
                                 synchronization=synchronization)
        var._replica_updates_aggregate = False  # metrics reduce at read time; optimizers update every replica alike
        var._dtype_as_name = True  # Keras 3 reports its variables' dtypes as strings: "float32"
        return var
