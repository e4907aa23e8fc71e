"""`tf.keras.layers.DenseFeatures(feature_columns)` (Keras 2): a dict of raw features to one dense tensor.

Each column's dense output, `[batch, n]` float32, is concatenated in the order of the columns' names (TF
sorts them); embedding columns' tables are the layer's weights, named "<layer>/<column>_embedding/
embedding_weights".

    layer = tf.keras.layers.DenseFeatures([tf.feature_column.numeric_column("x")])
    layer({"x": [[1.0], [2.0]]})    # [[1.], [2.]]
"""

import torch

from keraslike._src.feature_column import columns as fc
from keraslike._src.keras.layers.layer import Layer


class DenseFeatures(Layer):
    """Args:
        feature_columns: a dense column (numeric, bucketized, indicator, embedding) or a list of them.
        trainable: whether the embedding tables train.
        name: the layer's name.
        partitioner: not supported (keraslike has no partitioned variables); must be None.

    Input: a dict `{feature key: tensor, list or array}`. Output: `[batch, sum of the columns' sizes]` float32.

    Raises:
        ValueError: no columns, a non-dense column, a partitioner, or (at call) inputs that are not a dict.
    """

    _casts_int_inputs = False  # ids and strings reach the columns as given

    def __init__(self, feature_columns, trainable=True, name=None, partitioner=None, **kwargs):
        if partitioner is not None:
            raise ValueError(f"keraslike's DenseFeatures has no partitioned variables. Received: "
                             f"partitioner={partitioner!r}")
        super().__init__(trainable=trainable, name=name, **kwargs)
        single = isinstance(feature_columns, (fc._Dense, fc._Categorical)) or not isinstance(
            feature_columns, (list, tuple))  # a column is a namedtuple: not a list of columns
        columns = [feature_columns] if single else list(feature_columns)
        if not columns:
            raise ValueError("Expected feature_columns to be iterable, found an empty list.")
        for column in columns:
            if not isinstance(column, fc._Dense):
                raise ValueError(f"Items of feature_columns must be a DenseColumn. You can wrap a categorical column "
                                 f"with an embedding_column or indicator_column. Given: {column}")
        names = [c.name for c in columns]
        duplicated = sorted({n for n in names if names.count(n) > 1})
        if duplicated:
            raise ValueError(f"Duplicate feature column name found for columns: {duplicated}")
        self._feature_columns = sorted(columns, key=lambda c: c.name)
        self._tables = {}

    def build(self, input_shape=None):
        for column in self._feature_columns:
            if isinstance(column, fc.EmbeddingColumn) and column.name not in self._tables:
                self._tables[column.name] = column.create_variable(self)
        super().build(input_shape)

    def embedding_table(self, column):
        """The `[num_buckets, dimension]` table of an embedding column."""
        return self._tables[column.name]

    def call(self, features, cols_to_output_tensors=None, training=None):
        if not isinstance(features, dict):
            raise ValueError(f"We expected a dictionary here. Instead we got: {features!r}")
        outputs = []
        for column in self._feature_columns:
            tensor = column.dense(features, self)
            if cols_to_output_tensors is not None:
                cols_to_output_tensors[column] = tensor
            outputs.append(tensor)
        return torch.cat(outputs, dim=1)

    def compute_output_shape(self, input_shape):
        batch = next(iter(input_shape.values()))[0] if isinstance(input_shape, dict) and input_shape else None
        return (batch, sum(c.variable_size() for c in self._feature_columns))

    def get_config(self):
        raise NotImplementedError("keraslike does not serialize feature columns; rebuild the DenseFeatures layer "
                                  "in code and restore its weights. Received: DenseFeatures.get_config()")
