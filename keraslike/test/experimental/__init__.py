"""`tf.test.experimental`."""

from keraslike._src.testing.test_utils import sync_devices  # noqa: F401
