"""`tf.keras.layers.experimental` of Keras 2 (TF 2.3-2.15 code; Keras 3 removed the namespace, keraslike keeps it in
both modes): `RandomFourierFeatures`, `EinsumDense` and the `preprocessing` layers under their old path."""

from keraslike._src.keras.layers.core.einsum_dense import EinsumDense
from keraslike._src.keras.layers.core.random_fourier_features import RandomFourierFeatures
from keraslike.keras.layers.experimental import preprocessing

__all__ = ["EinsumDense", "RandomFourierFeatures", "preprocessing"]
