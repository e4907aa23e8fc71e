"""TF1's top-level spellings (`tf.string_split`, `tf.sparse_reduce_sum(keep_dims=)`, `tf.count_nonzero(input=)`,
`tf.multinomial`, the TF1 assertions' `data=`, `tf.logging`, `tf.gfile`, `tf.flags`, ...) used eagerly give real
TF 2.21's results (tests/golden/v1_eager_names.json, written by make_v1_eager_golden.py), and every name of
`tf.compat.v1` that TF exports under a TF2 name resolves to keraslike's function of that name."""

import json
import pathlib

import numpy as np
import pytest

import keraslike as tf2
import keraslike.compat.v1 as tf
from keraslike._src.compat.v1.v2_names import V2_PATHS
from tests.golden import v1_eager_cases

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "v1_eager_names.json").read_text())
RESULTS = {}


def _results():
    if not RESULTS:
        tf2.random.set_seed(None)  # as in the golden's fresh process (other tests may have set one)
        RESULTS.update(v1_eager_cases.cases(tf))
    return RESULTS


def _same(got, want):
    if isinstance(want, list) and want and isinstance(want[0], dict):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    elif isinstance(want, dict):
        assert set(got) == set(want)
        for key in want:
            _same(got[key], want[key])
    elif isinstance(want, list) and want and any(isinstance(v, str) for v in np.asarray(want, dtype=object).flat):
        assert got == want
    elif isinstance(want, (int, float, list)) and not isinstance(want, bool):
        np.testing.assert_allclose(np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64),
                                   rtol=1e-6)
    else:
        assert got == want


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_v1_name_gives_tf_result(name):
    _same(_results()[name], GOLDEN[name])


@pytest.mark.parametrize("name", sorted(V2_PATHS))
def test_v1_alias_is_the_tf2_function(name):
    """Where keraslike has the TF2 function, the TF1 name is that same object (nothing reimplemented)."""
    for path in V2_PATHS[name].split(","):
        value = tf2
        try:
            for part in path.split("."):
                value = getattr(value, part)
        except AttributeError:
            continue
        assert getattr(tf, name) is value
        return
    with pytest.raises(AttributeError):
        getattr(tf, name)


def test_print_in_a_saved_graph_keeps_first_n_and_writes_its_meta(tmp_path, capfd):
    """TF writes `<prefix>.meta` for a graph holding a `tf.Print`; its `first_n` counts the op's runs."""
    tf.disable_v2_behavior()
    try:
        x = tf.placeholder(tf.float32, [None, 3])
        w = tf.Variable(tf.ones([3, 1]))
        y = tf.Print(tf.matmul(x, w), [x], message="x=", first_n=2)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for _ in range(3):
                sess.run(y, {x: np.ones((2, 3), np.float32)})
            prefix = tf.train.Saver().save(sess, str(tmp_path / "m"))
        assert capfd.readouterr().err.count("x=[[1 1 1]...]") == 2
        assert (tmp_path / "m.meta").exists()
        tf.reset_default_graph()
        with tf.Session() as sess:
            tf.train.import_meta_graph(prefix + ".meta").restore(sess, prefix)
            graph = tf.get_default_graph()
            out = sess.run(graph.get_tensor_by_name(y.name), {graph.get_tensor_by_name(x.name): np.ones((1, 3))})
        np.testing.assert_allclose(out, [[3.0]])
    finally:
        tf.enable_v2_behavior()
        tf.reset_default_graph()
