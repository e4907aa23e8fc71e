"""`tf.keras.losses`.

The names are listed one by one: only what Keras publishes here is public (tests/test_public_face.py).
"""

from keraslike._src.keras.losses import (
    binary_crossentropy, binary_focal_crossentropy, BinaryCrossentropy, BinaryFocalCrossentropy,
    categorical_crossentropy, categorical_focal_crossentropy, categorical_generalized_cross_entropy,
    categorical_hinge, CategoricalCrossentropy, CategoricalFocalCrossentropy, CategoricalGeneralizedCrossEntropy,
    CategoricalHinge, Circle, circle, cosine_similarity, CosineSimilarity, CTC, ctc, deserialize, Dice, dice, get,
    Hinge, hinge, Huber, huber, kl_divergence, KLD, kld, KLDivergence, kullback_leibler_divergence, log_cosh, LogCosh,
    logcosh, Loss, MAE, mae, MAPE, mape, mean_absolute_error, mean_absolute_percentage_error, mean_squared_error,
    mean_squared_logarithmic_error, MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError,
    MeanSquaredLogarithmicError, MSE, mse, MSLE, msle, Poisson, poisson, Reduction, serialize,
    sparse_categorical_crossentropy, SparseCategoricalCrossentropy, squared_hinge, SquaredHinge, Tversky, tversky,
)
