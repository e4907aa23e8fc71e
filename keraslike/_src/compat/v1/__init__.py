"""TF1 names (`tf.Session`, `tf.ConfigProto`, initializers, ...) run eagerly.

Public names live in `keraslike/compat/v1/__init__.py` (`tf.compat.v1`).
"""
