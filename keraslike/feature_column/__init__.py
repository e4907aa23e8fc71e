"""`tf.feature_column` (and `tf.compat.v1.feature_column`): the Keras 2 era feature columns."""

from keraslike._src.feature_column.columns import (  # noqa: F401
    bucketized_column, categorical_column_with_hash_bucket, categorical_column_with_identity,
    categorical_column_with_vocabulary_file, categorical_column_with_vocabulary_list, crossed_column,
    embedding_column, indicator_column, numeric_column, weighted_categorical_column,
)
