"""`TensorShape.dims` lists `Dimension`s, as in TF 2 (the "TF1 vs TF2" migration guide,
tensorflow.org/guide/migrate/tf1_vs_tf2, "TensorShape"): `shape.dims[i].is_compatible_with(other_dim)`.

On TF 2.21 (measured): `tf.TensorShape([16, None, 256]).dims` is `[Dimension(16), Dimension(None),
Dimension(256)]`; `dims[0] == 16` is True; `dims[1].value` is None; iterating or indexing the shape gives ints;
`tf.TensorShape(None).dims` is None. keraslike listed plain ints, which have no `is_compatible_with`."""

import keraslike as tf


def test_the_guides_dimension_methods():
    i = 0
    other_dim = 16
    shape = tf.TensorShape([16, None, 256])
    Dimension = tf.compat.v1.Dimension
    if shape.rank is None:
        dim = Dimension(None)
    else:
        dim = shape.dims[i]
    assert dim.is_compatible_with(other_dim)
    assert repr(shape.dims) == "[Dimension(16), Dimension(None), Dimension(256)]"
    assert shape.dims[0] == 16 and shape.dims[1].value is None
    assert tf.TensorShape(None).dims is None


def test_indexing_and_iterating_still_give_ints():
    shape = tf.TensorShape([16, None, 256])
    assert shape[0] == 16 and type(shape[0]) is int
    assert list(shape) == [16, None, 256]
    assert shape.as_list() == [16, None, 256]
    x = tf.zeros([2, 3])
    assert x.shape.dims == [2, 3]
    assert [tf.compat.v1.dimension_value(d) for d in x.shape.dims] == [2, 3]
