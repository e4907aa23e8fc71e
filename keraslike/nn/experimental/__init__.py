"""`tf.nn.experimental`: seeded and sampler-driven dropout."""

from keraslike._src.ops.nn_experimental import general_dropout, stateless_dropout
