"""`tf.keras.preprocessing`: the TF 2 names old tutorials import (`preprocessing.sequence.pad_sequences`)."""

from keraslike.keras.preprocessing import sequence  # noqa: F401
