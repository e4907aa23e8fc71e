"""`tf.keras.experimental` (tf_keras's): the premade models and the cosine learning-rate schedules."""

from keraslike._src.keras.premade_models.linear import LinearModel  # noqa: F401
from keraslike._src.keras.premade_models.wide_deep import WideDeepModel  # noqa: F401
from keraslike.keras.optimizers.schedules import CosineDecay, CosineDecayRestarts  # noqa: F401
