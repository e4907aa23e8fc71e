"""`tf.keras.experimental` of Keras 2 (TF 2.x before 2.16; Keras 3 removed the namespace, keraslike keeps it in both
modes): the premade `LinearModel` and `WideDeepModel`, and older paths of `CosineDecay`, `CosineDecayRestarts` and
`SidecarEvaluator`."""

from keraslike._src.keras.optimizers.schedules.learning_rate_schedule import CosineDecay, CosineDecayRestarts
from keraslike._src.keras.premade_models.linear import LinearModel
from keraslike._src.keras.premade_models.wide_deep import WideDeepModel
from keraslike._src.keras.utils.sidecar_evaluator import SidecarEvaluator

__all__ = ["CosineDecay", "CosineDecayRestarts", "LinearModel", "SidecarEvaluator", "WideDeepModel"]
