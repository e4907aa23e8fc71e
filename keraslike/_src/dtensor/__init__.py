"""`tf.experimental.dtensor` in one process (public face: `keraslike/experimental/dtensor`)."""
