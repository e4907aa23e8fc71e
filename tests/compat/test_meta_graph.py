"""TF1 meta graphs: `Saver.export_meta_graph` / `tf.compat.v1.train.export_meta_graph` write keraslike's `.meta`
format, `import_meta_graph` rebuilds it in the default graph under the same names and returns a Saver;
`tf.compat.v1.wrap_function` + `prune` run an imported graph eagerly (the guide `migrate/saved_model`, cells 16-18,
which raised NotImplementedError before). Values and names are TF 2.21's (`tests/golden/make_meta_graph_golden.py`).
"""

import json
import pathlib

import numpy as np
import pytest

import keraslike as tf
import keraslike.compat.v1 as tf1
from tests.golden import meta_graph_cases

GOLDEN_DIR = pathlib.Path(__file__).parents[1] / "golden"
GOLDEN = json.loads((GOLDEN_DIR / "meta_graph.json").read_text())


def _close(got, want):
    if isinstance(want, dict):
        assert set(got) == set(want)
        for key in want:
            _close(got[key], want[key])
    elif isinstance(want, list) and want and np.asarray(want).dtype.kind == "f":
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-6)
    else:
        assert got == want


@pytest.mark.parametrize("name", sorted(meta_graph_cases.CASES))
def test_the_programs_give_tf_results(name, tmp_path):
    _close(meta_graph_cases.CASES[name](tf, tf1, str(tmp_path)), GOLDEN[name])


def test_a_tensorflow_meta_graph_is_refused_naming_its_ops():
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match=r"TensorFlow MetaGraphDef.*Mul.*Placeholder.*VarHandleOp"):
            tf1.train.import_meta_graph(str(GOLDEN_DIR / "tf_multiply.meta"))


def test_a_tensorflow_text_meta_graph_is_refused(tmp_path):
    path = tmp_path / "text.meta"
    path.write_text('graph_def {\n  node {\n    name: "x"\n    op: "Placeholder"\n  }\n}\n')
    with tf.Graph().as_default(), pytest.raises(ValueError, match=r"TensorFlow MetaGraphDef.*Placeholder"):
        tf1.train.import_meta_graph(str(path))


def test_a_damaged_file_raises(tmp_path):
    path = tmp_path / "bad.meta"
    path.write_bytes(b"\xff\x00 not a graph")
    with tf.Graph().as_default(), pytest.raises(ValueError, match="neither a keraslike .meta file"):
        tf1.train.import_meta_graph(str(path))


def test_a_file_naming_a_foreign_function_is_refused(tmp_path):
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [], name="x")
        tf.add(x, 1.0, name="y")
        document = json.loads(tf1.train.export_meta_graph().SerializeToString())
    document["ops"][-1]["function"] = {"module": "os", "name": "system"}
    path = tmp_path / "evil.meta"
    path.write_text(json.dumps(document))
    with tf.Graph().as_default(), pytest.raises(ValueError, match="not a keraslike op function"):
        tf1.train.import_meta_graph(str(path))


def test_ops_the_format_cannot_hold_raise_at_export_naming_the_op():
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [2], name="x")
        tf.py_function(lambda a: a * 2, [x], tf.float32, name="doubled")
        with pytest.raises(NotImplementedError, match="'doubled'"):
            tf1.train.export_meta_graph()


def test_eager_mode_and_unknown_arguments_raise():
    with pytest.raises(RuntimeError, match="eager execution"):
        tf1.train.import_meta_graph("x.meta")
    with pytest.raises(RuntimeError, match="eager execution"):
        tf1.train.export_meta_graph()
    with tf.Graph().as_default():
        with pytest.raises(TypeError, match="input_map"):
            tf1.train.import_meta_graph("x.meta", input_map={})
        with pytest.raises(NotImplementedError, match="export_scope"):
            tf1.train.export_meta_graph(export_scope="a")


def test_text_and_binary_files_hold_the_same_graph(tmp_path):
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        tf.reduce_sum(x * tf.constant([[1.0, 2.0]]), axis=1, name="s")
        tf1.train.export_meta_graph(str(tmp_path / "a.meta"), as_text=True)
        meta = tf1.train.export_meta_graph(str(tmp_path / "b.meta"))
    assert [n.name for n in meta.graph_def.node] == ["x", "Const", "mul", "s"]
    for name in ("a.meta", "b.meta"):
        with tf.Graph().as_default() as g, tf1.Session() as sess:
            assert tf1.train.import_meta_graph(str(tmp_path / name)) is None
            np.testing.assert_allclose(sess.run("s:0", {"x:0": [[1.0, 1.0], [2.0, 0.5]]}), [3.0, 3.0])
            assert g.get_tensor_by_name("s:0").shape.as_list() == [None]


def test_wrap_function_runs_graph_code_over_lifted_variables():
    def build(x):
        v = tf1.get_variable("v", initializer=tf.constant(2.0))
        return {"y": x * v, "update": v.assign_add(1.0)}

    wrapped = tf1.wrap_function(build, [tf.TensorSpec([], tf.float32)])
    assert [v.name for v in wrapped.variables] == ["v:0"]
    assert float(wrapped(tf.constant(3.0))["y"]) == 6.0
    assert float(wrapped.variables[0].numpy()) == 3.0  # the graph's assignment updates the lifted variable
    pruned = wrapped.prune(feeds=wrapped.graph.get_tensor_by_name("x:0"), fetches="mul:0")
    assert float(pruned(tf.constant(3.0))) == 9.0


def test_save_warns_once_and_keeps_the_checkpoint_when_the_graph_cannot_be_written(tmp_path):
    with tf.Graph().as_default():
        w = tf.Variable([1.0, 2.0], name="w")
        tf.py_function(lambda a: a * 2, [w], tf.float32, name="doubled")
        saver = tf1.train.Saver()
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            with pytest.warns(UserWarning, match="no meta graph file"):
                saver.save(sess, str(tmp_path / "m"))
            saver.save(sess, str(tmp_path / "m2"))  # warned once per Saver
            saver.save(sess, str(tmp_path / "m3"), write_meta_graph=False)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".index") == ["m.index", "m2.index", "m3.index"]
    assert not list(tmp_path.glob("*.meta"))


def test_tf1_argument_forms_round_trip(tmp_path):
    """`tf.compat.v1` ops with TF1 argument names (`keep_dims`, `dimension`) are written by name and read back."""
    values = np.array([[1.0, 5.0], [4.0, 2.0]], np.float32)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        tf1.reduce_sum(x, axis=1, keep_dims=True, name="total")
        tf1.argmax(x, dimension=1, name="best")
        tf1.train.export_meta_graph(str(tmp_path / "v1.meta"))
    with tf.Graph().as_default(), tf1.Session() as sess:
        tf1.train.import_meta_graph(str(tmp_path / "v1.meta"))
        total, best = sess.run(["total:0", "best:0"], {"x:0": values})
    np.testing.assert_allclose(total, [[6.0], [6.0]])
    assert best.tolist() == [1, 0]


def test_a_file_naming_a_keraslike_function_that_is_no_op_is_refused(tmp_path):
    """Only op functions are read back: a keraslike helper that writes files is not one."""
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [], name="x")
        tf.add(x, 1.0, name="y")
        document = json.loads(tf1.train.export_meta_graph().SerializeToString())
    document["ops"][-1]["function"] = {"module": "keraslike._src.graph.saver", "name": "export_meta_graph"}
    path = tmp_path / "writer.meta"
    path.write_text(json.dumps(document))
    with tf.Graph().as_default(), pytest.raises(ValueError, match="not an op function of this keraslike"):
        tf1.train.import_meta_graph(str(path))
