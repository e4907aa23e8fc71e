"""SparseTensors in TF1 graph mode as TF 2.21 (golden: tests/golden/make_graph_sparse_golden.py).

`tf.compat.v1.string_split` and `tf.sparse.from_dense` on placeholders build graph SparseTensors (before they
raised GraphNotRecorded), `tf.sparse.*` ops take them and `tf.compat.v1.sparse_placeholder` ones (missing before),
`Session.run` fetches them as `SparseTensorValue`s and feeds sparse placeholders from a SparseTensorValue or a
triple; a string placeholder takes Python strings (a TypeError before).
"""

import json
import os
import sys

import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import graph_sparse_cases  # noqa: E402

with open(os.path.join(GOLDEN, "graph_sparse.json")) as f:
    EXPECTED = json.load(f)


@pytest.fixture(scope="module")
def result():
    return json.loads(json.dumps(graph_sparse_cases.run(tf)))


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_graph_sparse_as_tf(result, key):
    assert result[key] == EXPECTED[key]


def test_sparse_placeholder_is_refused_eagerly():
    with pytest.raises(RuntimeError, match="eager execution"):
        tf.compat.v1.sparse_placeholder(tf.float32)
