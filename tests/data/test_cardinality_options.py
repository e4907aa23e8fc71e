"""Cardinality, len(), options and specs of tf.data datasets.

Run: python -m pytest tests/data -q
"""

import pytest
import torch

from keraslike import data as tfdata

Dataset = tfdata.Dataset
INF, UNK = tfdata.INFINITE_CARDINALITY, tfdata.UNKNOWN_CARDINALITY


@pytest.mark.parametrize("make, expected", [
    (lambda: Dataset.range(5).batch(2, drop_remainder=True), 2),
    (lambda: Dataset.range(5).batch(2), 3),
    (lambda: Dataset.range(5).filter(lambda _: True).batch(2), UNK),
    (lambda: Dataset.range(5).repeat().batch(2), INF),
    (lambda: Dataset.range(5).cache(), 5),
    (lambda: Dataset.range(5).concatenate(Dataset.range(5)), 10),
    (lambda: Dataset.range(5).repeat().concatenate(Dataset.range(5).filter(lambda _: True)), INF),
    (lambda: Dataset.range(5).concatenate(Dataset.range(5).filter(lambda _: True)), UNK),
    (lambda: Dataset.from_tensors(0), 1),
    (lambda: Dataset.from_tensor_slices(([0, 0, 0], [1, 1, 1])), 3),
    (lambda: Dataset.range(5).map(lambda x: x), 5),
    (lambda: Dataset.range(10, 5, -2), 3),
    (lambda: Dataset.range(0).repeat(), 0),
    (lambda: Dataset.range(1).repeat(), INF),
    (lambda: Dataset.range(2).repeat(3), 6),
    (lambda: Dataset.range(5).filter(lambda _: True).repeat(), INF),
    (lambda: Dataset.range(5).shuffle(2), 5),
    (lambda: Dataset.range(5).skip(8), 0),
    (lambda: Dataset.range(5).repeat().skip(2), INF),
    (lambda: Dataset.range(5).take(8), 5),
    (lambda: Dataset.range(5).repeat().take(2), 2),
    (lambda: Dataset.range(5).filter(lambda _: True).take(2), UNK),
    (lambda: Dataset.range(10).shard(3, 0), 4),
    (lambda: Dataset.range(10).shard(3, 2), 3),
    (lambda: Dataset.zip((Dataset.range(5), Dataset.range(3).repeat())), 5),
    (lambda: Dataset.zip((Dataset.range(5).repeat(), Dataset.range(3).repeat())), INF),
    (lambda: Dataset.zip((Dataset.range(5), Dataset.range(3).filter(lambda _: True))), UNK),
    (lambda: Dataset.range(6).batch(2).unbatch(), UNK),
    (lambda: Dataset.range(5).padded_batch(2, []), 3),
])
def test_cardinality_matches_tf(make, expected):
    ds = make()
    card = ds.cardinality()
    assert isinstance(card, torch.Tensor) and card.dtype == torch.int64
    assert card.item() == expected
    assert tfdata.experimental.cardinality(ds).item() == expected


def test_constants():
    assert (INF, UNK) == (-1, -2)
    assert tfdata.experimental.INFINITE_CARDINALITY == -1 and tfdata.experimental.UNKNOWN_CARDINALITY == -2
    assert tfdata.AUTOTUNE == tfdata.experimental.AUTOTUNE == -1


def test_len_raises_type_error_when_not_finite():
    assert len(Dataset.range(7).batch(2)) == 4
    with pytest.raises(TypeError, match="infinite"):
        len(Dataset.range(3).repeat())
    with pytest.raises(TypeError, match="unknown"):
        len(Dataset.range(3).filter(lambda x: x > 0))
    assert bool(Dataset.range(3).repeat())


def test_options_defaults_aliases_and_errors():
    options = tfdata.Options()
    assert options.experimental_distribute.auto_shard_policy == tfdata.experimental.AutoShardPolicy.AUTO
    options.experimental_deterministic = False
    assert options.deterministic is False
    options.experimental_distribute.auto_shard_policy = tfdata.experimental.AutoShardPolicy.DATA
    with pytest.raises(AttributeError, match="Received: not_an_option=1"):
        options.not_an_option = 1
    policy = tfdata.experimental.AutoShardPolicy
    assert (policy.OFF, policy.AUTO, policy.FILE, policy.DATA) == (-1, 0, 1, 2)


def test_with_options_propagates_and_merges():
    first = tfdata.Options()
    first.experimental_distribute.auto_shard_policy = tfdata.experimental.AutoShardPolicy.OFF
    second = tfdata.Options()
    second.deterministic = False
    ds = Dataset.range(4).with_options(first).batch(2).with_options(second).map(lambda x: x)
    got = ds.options()
    assert got.experimental_distribute.auto_shard_policy == tfdata.experimental.AutoShardPolicy.OFF
    assert got.deterministic is False
    assert Dataset.range(2).options() == tfdata.Options()
    with pytest.raises(TypeError, match="Options"):
        Dataset.range(2).with_options({"deterministic": False})


def test_tensor_spec_and_shape():
    spec = tfdata.TensorSpec([None, 3], torch.float32)
    assert repr(spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)"
    assert spec.shape.as_list() == [None, 3] and spec.shape.rank == 2
    assert spec.is_compatible_with(torch.zeros(5, 3)) and not spec.is_compatible_with(torch.zeros(5, 4))
    assert tfdata.TensorSpec(None).shape.rank is None
    assert tfdata.TensorSpec.from_tensor([1, 2]) == tfdata.TensorSpec([2], torch.int32)
    assert tfdata.TensorSpec((), "float64").dtype == torch.float64


def test_iterator_protocol():
    iterator = iter(Dataset.range(2))
    assert iterator.element_spec == tfdata.TensorSpec((), torch.int64)
    assert iterator.get_next().item() == 0 and next(iterator).item() == 1
    with pytest.raises(StopIteration):
        next(iterator)
