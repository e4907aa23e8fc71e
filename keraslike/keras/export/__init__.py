"""`keras.export`: Keras 3's SavedModel export archive."""

from keraslike._src.keras.export.export_archive import ExportArchive  # noqa: F401
