"""`tf.experimental.ExtensionType` (public face: `keraslike/experimental`)."""
