"""`tf.distribute.experimental.partitioners`: shard counts against real TF 2.21
(tests/golden/make_partitioners_golden.py over tests/golden/partitioner_cases.py); arguments TF lets through
to a meaningless result or a bare Python error raise ValueError naming them."""

import json
import os

import pytest

import keraslike as tf
from tests.golden.partitioner_cases import CASES

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "partitioners.json")))
P = tf.distribute.experimental.partitioners


@pytest.mark.parametrize("case,expected", list(zip(CASES, GOLDEN)), ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_partition_counts_match_tf(case, expected):
    name, kwargs, shape, dtype, axis = case
    got = getattr(P, name)(**kwargs)(tf.TensorShape(shape), tf.as_dtype(dtype), axis=axis)
    assert got == expected and isinstance(got, list)


def test_shape_as_list_accepted():
    assert P.MaxSizePartitioner(max_shard_bytes=4)([6, 1], tf.float32) == [6, 1]


@pytest.mark.parametrize("make,arg", [
    (lambda: P.FixedShardsPartitioner(0), "num_shards"),
    (lambda: P.FixedShardsPartitioner(2.5), "num_shards"),
    (lambda: P.MinSizePartitioner(min_shard_bytes=0), "min_shard_bytes"),
    (lambda: P.MinSizePartitioner(max_shards=0), "max_shards"),
    (lambda: P.MaxSizePartitioner(max_shard_bytes=0), "max_shard_bytes"),
    (lambda: P.MaxSizePartitioner(4, max_shards=-1), "max_shards"),
    (lambda: P.MaxSizePartitioner(4, bytes_per_string=0), "bytes_per_string"),
    (lambda: P.FixedShardsPartitioner(2)(tf.TensorShape([None, 3]), tf.float32), "shape"),
    (lambda: P.MinSizePartitioner()(tf.TensorShape([6, 1]), tf.float32, axis=2), "axis"),
    (lambda: P.MaxSizePartitioner(4)(tf.TensorShape([0, 1]), tf.float32), "shape"),
])
def test_bad_arguments_raise_naming_them(make, arg):
    with pytest.raises(ValueError, match=f"Received: {arg}="):
        make()


def test_base_class_call_is_abstract():
    with pytest.raises(NotImplementedError):
        P.Partitioner()(tf.TensorShape([2]), tf.float32)
