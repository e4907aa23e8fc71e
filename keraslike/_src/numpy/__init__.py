"""`tf.experimental.numpy` on keraslike's tensors (public face: `keraslike/experimental/numpy`)."""
