"""`tf.autograph.experimental`."""

# ruff: noqa: F401, I001
from keraslike._src.autodiff.autograph import Feature, set_loop_options
from keraslike._src.autodiff.function import do_not_convert
