"""tf.data implementation: `Dataset`, its transformations, `TensorSpec`, `Options`.

Public names are re-exported by `keraslike/data/__init__.py`.
"""
