"""`tf.GradientTape` and `tf.function` over torch autograd and `torch.compile`."""
