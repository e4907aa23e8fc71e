"""`tf.saved_model`: keraslike's SavedModel directory format (see save.py)."""
