"""Distribution strategies (`tf.distribute`); public names are re-exported by `keraslike/distribute/__init__.py`.

`one_device` is imported here so that the default strategy, which `context.get_strategy()` returns outside any
scope, is defined before any module of this package is used.
"""

from keraslike._src.distribute import one_device  # noqa: F401
