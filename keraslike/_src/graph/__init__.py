"""TF1 graph mode: a recorded graph of TF ops over symbolic tensors, executed by `Session.run` with torch.

One mechanism: in graph mode (`tf.compat.v1.disable_eager_execution()`, `tf.Graph().as_default()`) the
public op functions (`tf.matmul`, `tf.nn.softmax`, ...) record an `Operation` holding the eager function and
its arguments instead of computing; `Session.run` calls the same eager functions on the fed values
(`dispatch.py`, `record.py`, `executor.py`). Variables, optimizers, layers and iterators add the few ops
with state.
"""
