"""Values and structure of tf.data.Dataset constructors and transformations.

Run: python -m pytest tests/data -q
"""

import collections

import numpy as np
import pytest
import torch

from keraslike import data as tfdata
from keraslike import random as tfrandom

Dataset = tfdata.Dataset


def values(ds):
    return [v.tolist() if isinstance(v, torch.Tensor) else v for v in ds]


# ------------------------------------------------------------------ constructors
def test_range_forms_and_dtype():
    assert values(Dataset.range(5)) == [0, 1, 2, 3, 4]
    assert values(Dataset.range(2, 5)) == [2, 3, 4]
    assert values(Dataset.range(10, 0, -3)) == [10, 7, 4, 1]
    assert values(Dataset.range(5, 2)) == []
    assert Dataset.range(3).element_spec == tfdata.TensorSpec((), torch.int64)
    assert next(iter(Dataset.range(3, output_type=torch.int32))).dtype == torch.int32
    with pytest.raises(ValueError, match="step"):
        Dataset.range(0, 5, 0)


def test_from_tensor_slices_dtypes_follow_tf():
    assert next(iter(Dataset.from_tensor_slices([1.0, 2.0]))).dtype == torch.float32
    assert next(iter(Dataset.from_tensor_slices([1, 2]))).dtype == torch.int32
    assert next(iter(Dataset.from_tensor_slices(np.array([1.0, 2.0])))).dtype == torch.float64
    assert next(iter(Dataset.from_tensor_slices(np.array([1, 2], dtype=np.int64)))).dtype == torch.int64
    int16 = torch.tensor([1, 2], dtype=torch.int16)
    assert next(iter(Dataset.from_tensor_slices(int16))).dtype == torch.int16
    assert next(iter(Dataset.from_tensor_slices([True, False]))).dtype == torch.bool


def test_from_tensor_slices_structures():
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    ds = Dataset.from_tensor_slices((x, [0, 1, 2, 3]))
    first = next(iter(ds))
    assert isinstance(first, tuple) and first[0].tolist() == [0.0, 1.0, 2.0] and first[1].item() == 0
    assert ds.element_spec == (tfdata.TensorSpec((3,), torch.float32), tfdata.TensorSpec((), torch.int32))

    ds = Dataset.from_tensor_slices({"b": x, "a": {"c": np.arange(4)}})
    element = list(ds)[2]
    assert list(element) == ["b", "a"] and element["a"]["c"].item() == 2
    assert element["b"].tolist() == [6.0, 7.0, 8.0]

    Point = collections.namedtuple("Point", ["x", "y"])
    point = next(iter(Dataset.from_tensor_slices(Point(x=[1, 2], y=[3, 4]))))
    assert isinstance(point, Point) and point.y.item() == 3


def test_from_tensor_slices_strings():
    ds = Dataset.from_tensor_slices(np.array(["a", "bc"]))
    assert list(ds) == [b"a", b"bc"]
    assert ds.element_spec.dtype is tfdata.TensorSpec((), "string").dtype
    batch = next(iter(Dataset.from_tensor_slices(["a", "bc", "d"]).batch(2)))
    assert batch.numpy().tolist() == [b"a", b"bc"]


def test_from_tensor_slices_errors():
    with pytest.raises(ValueError, match=r"Received: shapes=\[\(3,\), \(2,\)\]"):
        Dataset.from_tensor_slices((np.zeros(3), np.zeros(2)))
    with pytest.raises(ValueError, match="rank >= 1"):
        Dataset.from_tensor_slices(3.0)


def test_from_tensors_is_one_element():
    ds = Dataset.from_tensors(([1, 2], 3.0))
    assert len(ds) == 1
    (a, b), = list(ds)
    assert a.tolist() == [1, 2] and b.dtype == torch.float32


def test_from_generator_with_signature_and_args():
    def gen(n):
        for i in range(int(n)):
            yield i, [float(i)] * 2

    sig = (tfdata.TensorSpec((), torch.int32), tfdata.TensorSpec((2,), torch.float32))
    ds = Dataset.from_generator(gen, output_signature=sig, args=(3,))
    assert ds.element_spec == sig
    assert [(a.item(), b.tolist()) for a, b in ds] == [(0, [0.0, 0.0]), (1, [1.0, 1.0]), (2, [2.0, 2.0])]
    assert next(iter(ds.batch(2)))[1].shape == (2, 2)
    assert ds.cardinality() == tfdata.UNKNOWN_CARDINALITY
    # called anew each pass
    assert len(list(ds)) == 3


def test_from_generator_output_types_and_errors():
    ds = Dataset.from_generator(lambda: iter([[1, 2], [3]]), output_types=torch.int64, output_shapes=[None])
    assert values(ds) == [[1, 2], [3]]
    assert ds.element_spec == tfdata.TensorSpec([None], torch.int64)
    spec = tfdata.TensorSpec((2,), torch.int64)
    bad = Dataset.from_generator(lambda: iter([[1, 2, 3]]), output_signature=spec)
    with pytest.raises(ValueError, match="shape"):
        list(bad)
    with pytest.raises(TypeError):
        Dataset.from_generator(lambda: iter([]))
    with pytest.raises(TypeError, match="callable"):
        Dataset.from_generator([1, 2], output_types=torch.int64)


def test_zip_forms():
    a, b = Dataset.range(3), Dataset.range(10, 15)
    assert [(x.item(), y.item()) for x, y in Dataset.zip(a, b)] == [(0, 10), (1, 11), (2, 12)]
    assert len(list(Dataset.zip((a, b)))) == 3
    zipped = list(Dataset.zip({"x": a, "y": (b, a)}))
    assert zipped[1]["y"][0].item() == 11 and zipped[1]["x"].item() == 1
    assert Dataset.zip(datasets=(a, b)).cardinality() == 3


def test_concatenate():
    ds = Dataset.range(2).concatenate(Dataset.range(5, 7))
    assert values(ds) == [0, 1, 5, 6] and len(ds) == 4
    with pytest.raises(TypeError):
        Dataset.range(2).concatenate(Dataset.from_tensor_slices([1.0]))


# --------------------------------------------------------------- transformations
def test_batch_values_and_drop_remainder():
    assert values(Dataset.range(10).batch(4)) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    dropped = Dataset.range(10).batch(4, drop_remainder=True)
    assert values(dropped) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert dropped.element_spec.shape == [4] and Dataset.range(10).batch(4).element_spec.shape == [None]
    assert dropped._batch_size == 4 and dropped._drop_remainder is True
    with pytest.raises(ValueError, match="Received: batch_size=0"):
        Dataset.range(3).batch(0)


def test_unbatch_and_padded_batch():
    assert values(Dataset.range(7).batch(3).unbatch()) == list(range(7))
    gen = Dataset.from_generator(lambda: iter([[1], [2, 3], [4, 5, 6]]), output_types=torch.int64,
                                 output_shapes=[None])
    padded = list(gen.padded_batch(2, padding_values=torch.tensor(-1)))
    assert padded[0].tolist() == [[1, -1], [2, 3]] and padded[1].tolist() == [[4, 5, 6]]
    assert values(gen.padded_batch(3, padded_shapes=[4]))[0][0] == [1, 0, 0, 0]


def test_map_calling_convention():
    pairs = Dataset.from_tensor_slices(([1, 2], [10, 20]))
    assert values(pairs.map(lambda x, y: x + y)) == [11, 22]
    dicts = Dataset.from_tensor_slices({"a": [1, 2], "b": [3, 4]})
    assert values(dicts.map(lambda d: d["a"] * d["b"])) == [3, 8]
    listed = Dataset.range(2).map(lambda x: [x, x * 2])  # a returned list becomes a tuple
    assert isinstance(next(iter(listed)), tuple)
    mapped = Dataset.range(3).map(lambda x: 1.5)
    assert next(iter(mapped)).dtype == torch.float32


def test_map_element_spec_is_traced():
    ds = Dataset.range(10).batch(3).map(lambda x: (x.float() * 2, x.reshape(-1, 1)))
    expected = (tfdata.TensorSpec([None], torch.float32), tfdata.TensorSpec([None, 1], torch.int64))
    assert ds.element_spec == expected
    images = Dataset.from_tensor_slices(np.zeros((4, 2, 3), np.float32)).map(lambda x: x.reshape(6))
    assert images.element_spec == tfdata.TensorSpec([6], torch.float32)


def test_filter_take_skip_shard_enumerate():
    ds = Dataset.range(10)
    assert values(ds.filter(lambda x: x % 3 == 0)) == [0, 3, 6, 9]
    assert values(ds.take(3)) == [0, 1, 2] and values(ds.take(-1)) == list(range(10))
    assert values(ds.skip(7)) == [7, 8, 9] and values(ds.skip(-1)) == []
    assert values(ds.shard(3, 1)) == [1, 4, 7]
    enumerated = Dataset.range(3, 6).enumerate(start=1)
    assert [(i.item(), x.item()) for i, x in enumerated] == [(1, 3), (2, 4), (3, 5)]
    with pytest.raises(ValueError, match="index"):
        ds.shard(2, 2)
    with pytest.raises(TypeError, match="bool"):
        list(ds.filter(lambda x: x))


def test_repeat_and_cache():
    assert values(Dataset.range(3).repeat(2)) == [0, 1, 2, 0, 1, 2]
    assert values(Dataset.range(3).repeat().take(7)) == [0, 1, 2, 0, 1, 2, 0]
    assert values(Dataset.range(0).repeat()) == []
    shuffled = Dataset.range(20).shuffle(20, seed=4).cache()
    assert values(shuffled) == values(shuffled)  # cache fixes the first order


def test_reduce_and_numpy_iterator():
    assert Dataset.range(5).reduce(0, lambda state, x: state + x).item() == 10
    pairs = Dataset.from_tensor_slices(([1, 2], [3.0, 4.0]))
    total = pairs.reduce((0, 0.0), lambda s, e: (s[0] + e[0], s[1] + e[1]))
    assert total[0].item() == 3 and total[1].item() == 7.0
    out = list(Dataset.range(2).as_numpy_iterator())
    assert out == [0, 1] and isinstance(out[0], np.integer)


# --------------------------------------------------------------------- shuffling
def test_shuffle_buffer_one_is_identity():
    assert values(Dataset.range(50).shuffle(1, seed=3)) == list(range(50))


def test_seeded_full_shuffle_is_repeatable_permutation():
    first = values(Dataset.range(100).shuffle(100, seed=7))
    again = values(Dataset.range(100).shuffle(100, seed=7))
    assert sorted(first) == list(range(100)) and first != list(range(100))
    assert first == again
    assert first != values(Dataset.range(100).shuffle(100, seed=8))


def test_reshuffle_each_iteration():
    ds = Dataset.range(50).shuffle(50, seed=1)
    epoch1, epoch2 = values(ds), values(ds)
    assert epoch1 != epoch2 and sorted(epoch2) == list(range(50))
    fixed = Dataset.range(50).shuffle(50, seed=1, reshuffle_each_iteration=False)
    assert values(fixed) == values(fixed) and sorted(values(fixed)) == list(range(50))  # TF's own seeds: not epoch1
    repeated = values(Dataset.range(50).shuffle(50, seed=1).repeat(2))
    assert repeated == epoch1 + epoch2


def test_unseeded_shuffle_follows_torch_global_seed():
    tfrandom.set_seed(None)  # with a global seed the op seed is TF's next eager draw instead
    torch.manual_seed(123)
    a = values(Dataset.range(30).shuffle(30))
    torch.manual_seed(123)
    b = values(Dataset.range(30).shuffle(30))
    assert a == b


def test_small_buffer_shuffle_is_local():
    out = values(Dataset.range(100).shuffle(5, seed=0))
    assert sorted(out) == list(range(100))
    # with a buffer of 5, output i is drawn from input elements <= i + 4
    assert all(v <= i + 4 for i, v in enumerate(out))


def test_interleave_and_flat_map():
    ds = Dataset.range(1, 6).interleave(lambda x: Dataset.from_tensors(x).repeat(6), cycle_length=2,
                                        block_length=4)
    expected = [1] * 4 + [2] * 4 + [1, 1, 2, 2] + [3] * 4 + [4] * 4 + [3, 3, 4, 4] + [5] * 6
    assert values(ds) == expected  # TF's documented example
    assert ds.element_spec == tfdata.TensorSpec((), torch.int64)
    assert values(Dataset.range(4).flat_map(lambda x: Dataset.range(x))) == [0, 0, 1, 0, 1, 2]
    assert Dataset.range(3).flat_map(lambda x: Dataset.range(x)).cardinality() == tfdata.UNKNOWN_CARDINALITY


def test_string_scalars_are_bytes():
    assert list(Dataset.from_tensors("ab")) == [b"ab"]
    assert list(Dataset.range(2).map(lambda x: "q").batch(2))[0].numpy().tolist() == [b"q", b"q"]
    gen = Dataset.from_generator(lambda s: iter([s]), output_signature=tfdata.TensorSpec((), "string"),
                                 args=("hi",))
    assert list(gen) == [b"hi"]


def test_map_trace_falls_back_to_a_real_element():
    def needs_real_data(x):
        if int(x) == 0 and x.shape == ():
            raise RuntimeError("placeholder")
        return x * 2

    ds = Dataset.range(1, 4).map(needs_real_data)
    assert ds.element_spec == tfdata.TensorSpec((), torch.int64)
    assert values(ds) == [2, 4, 6]
