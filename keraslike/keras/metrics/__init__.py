"""`tf.keras.metrics`.

The names are listed one by one: only what Keras publishes here is public (tests/test_public_face.py).
"""

from keraslike._src.keras.metrics import (
    Accuracy, AUC, binary_accuracy, binary_crossentropy, binary_focal_crossentropy, BinaryAccuracy,
    BinaryCrossentropy, BinaryIoU, categorical_accuracy, categorical_crossentropy, categorical_focal_crossentropy,
    categorical_hinge, CategoricalAccuracy, CategoricalCrossentropy, CategoricalHinge, concordance_correlation,
    ConcordanceCorrelation, CosineSimilarity, deserialize, F1Score, FalseNegatives, FalsePositives, FBetaScore, get,
    Hinge, hinge, huber, IoU, kl_divergence, KLD, kld, KLDivergence, kullback_leibler_divergence, log_cosh, logcosh,
    LogCoshError, MAE, mae, MAPE, mape, Mean, mean_absolute_error, mean_absolute_percentage_error, mean_squared_error,
    mean_squared_logarithmic_error, MeanAbsoluteError, MeanAbsolutePercentageError, MeanIoU, MeanMetricWrapper,
    MeanSquaredError, MeanSquaredLogarithmicError, Metric, MSE, mse, MSLE, msle, OneHotIoU, OneHotMeanIoU,
    pearson_correlation, PearsonCorrelation, Poisson, poisson, Precision, PrecisionAtRecall, R2Score, Recall,
    RecallAtPrecision, RootMeanSquaredError, SensitivityAtSpecificity, serialize, sparse_categorical_accuracy,
    sparse_categorical_crossentropy, sparse_top_k_categorical_accuracy, SparseCategoricalAccuracy,
    SparseCategoricalCrossentropy, SparseTopKCategoricalAccuracy, SpecificityAtSensitivity, squared_hinge,
    SquaredHinge, Sum, top_k_categorical_accuracy, TopKCategoricalAccuracy, TrueNegatives, TruePositives,
)
