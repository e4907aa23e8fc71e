"""Multi-label targets as keras-io's multi-label text classification builds them: a pandas column of Python lists
(`df["terms"].values`, an object array of lists) into `tf.ragged.constant`, then `StringLookup(output_mode=
"multi_hot")` adapted and called on the ragged rows. keraslike raised `Expected value to hold numbers or booleans`
in `tf.ragged.constant` and `Expected a string value ... Received: value=<tf.RaggedTensor ...>` in the lookup.
Expected values from TF 2.21 (hand-checkable: "cs.LG" is the most frequent term, ties keep first-seen order)."""

from ast import literal_eval

import numpy as np
import pandas as pd

import keraslike as tf


def _terms():
    df = pd.DataFrame({"terms": ["['cs.CV']", "['cs.LG', 'stat.ML']", "['cs.LG']"]})
    df["terms"] = df["terms"].apply(literal_eval)
    return df["terms"].values  # dtype object, one Python list per row


def test_ragged_constant_walks_an_object_array_of_rows():
    terms = tf.ragged.constant(_terms())
    assert terms.row_lengths().numpy().tolist() == [1, 2, 1]
    assert terms.to_list() == [[b"cs.CV"], [b"cs.LG", b"stat.ML"], [b"cs.LG"]]
    numbers = np.empty(2, dtype=object)
    numbers[0], numbers[1] = [1, 2], [3]
    assert tf.ragged.constant(numbers).to_list() == [[1, 2], [3]]


def test_string_lookup_encodes_ragged_rows():
    terms = tf.ragged.constant(_terms())
    lookup = tf.keras.layers.StringLookup(output_mode="multi_hot")
    lookup.adapt(terms)
    assert [str(v) for v in lookup.get_vocabulary()] == ["[UNK]", "cs.LG", "stat.ML", "cs.CV"]
    assert np.asarray(lookup(terms)).tolist() == [[0, 0, 0, 1], [0, 1, 1, 0], [0, 1, 0, 0]]
    assert np.asarray(lookup([_terms()[1]])).tolist() == [[0, 1, 1, 0]]
    as_int = tf.keras.layers.StringLookup(vocabulary=["cs.LG", "stat.ML"])
    assert as_int(terms).to_list() == [[0], [1, 2], [1]]  # "int" keeps the rows ragged
    count = tf.keras.layers.StringLookup(vocabulary=["cs.LG", "stat.ML"], output_mode="count")
    assert np.asarray(count(tf.ragged.constant([["cs.LG", "cs.LG", "x"], []]))).tolist() == [[1, 2, 0], [0, 0, 0]]
