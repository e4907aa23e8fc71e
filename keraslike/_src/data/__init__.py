"""tf.data implementation: `Dataset`, its transformations, `Options` (`TensorSpec` and `TensorShape` live in ops/).

Public names are re-exported by `keraslike/data/__init__.py`. The modules below implement the datasets that
`Dataset`'s methods return; they subclass `Dataset` (so it cannot import them) and join its table of
implementations when defined. Imported here, they are defined before any `Dataset` method can run.
"""

from keraslike._src.data import batching, functional, generator_dataset, sources, stream_ops  # noqa: F401
from keraslike._src.data import experimental_ops, sampling, save_load, scan_ops, window_ops  # noqa: F401,E501  (issue 11)
from keraslike._src.data import sparse_batch  # noqa: F401  (issue 11)
from keraslike._src.data import ignore_errors  # noqa: F401  (issue 25)
