"""TF1 graph mode: placeholders, feeds and fetches, variables, scopes and errors, with TF 2.21's texts
(checked against real TF in tests/golden/make_tf1_golden.py's session; messages copied from its output)."""

import collections

import numpy as np
import pytest
import torch

import keraslike as tf2
import keraslike.compat.v1 as tf


def test_disable_eager_execution_records_a_graph_until_enabled_again():
    tf.disable_eager_execution()
    try:
        assert tf.executing_eagerly() is False
        x = tf.placeholder(tf.float32, [None, 3], name="x")
        y = tf.matmul(x, tf.ones([3, 2])) * 2.0
        assert repr(x) == 'Tensor("x:0", shape=(None, 3), dtype=float32)'  # TF2 shapes (disable_v2_behavior: "?")
        assert y.shape.as_list() == [None, 2]
        with tf.Session() as sess:
            np.testing.assert_allclose(sess.run(y, {x: np.ones((4, 3))}), np.full((4, 2), 6.0))
    finally:
        tf.enable_eager_execution()
        tf.reset_default_graph()
    assert tf.executing_eagerly() is True
    assert float(tf2.add(1.0, 2.0)) == 3.0  # eager ops compute again


def test_feed_validation_and_missing_placeholder_errors():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 3], name="x")
        z = tf.placeholder(tf.int32, name="z")
        m = x * 2.0
        with tf.Session() as sess:
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match=r"^You must feed a value for placeholder tensor 'x' with dtype float and "
                                     r"shape \[\?,3\]"):
                sess.run(m)
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match=r"^You must feed a value for placeholder tensor 'z' with dtype int32\n"):
                sess.run(z + 1)
            with pytest.raises(ValueError, match=r"^Cannot feed value of shape \(2, 4\) for Tensor x:0, which has "
                                                 r"shape \(None, 3\)$"):
                sess.run(m, {x: np.zeros((2, 4))})
            with pytest.raises(TypeError, match="looks like an \\(invalid\\) Operation name"):
                sess.run(m, {"x": np.zeros((1, 3))})
            assert sess.run(z, {z: 1.7}) == 1  # converted to the placeholder's dtype, as numpy does in TF
            np.testing.assert_allclose(sess.run("mul:0", {"x:0": [[1.0, 2.0, 3.0]]}), [[2.0, 4.0, 6.0]])


def test_fetch_structures_and_ops():
    Pair = collections.namedtuple("Pair", "a b")
    with tf.Graph().as_default():
        a = tf.constant(1.0)
        b = tf.constant([1, 2])
        op = tf.no_op()
        with tf.Session() as sess:
            out = sess.run({"p": Pair(a, [b, op]), "t": (a,)})
    assert isinstance(out["p"], Pair) and out["p"].a == np.float32(1.0)
    np.testing.assert_array_equal(out["p"].b[0], [1, 2])
    assert out["p"].b[1] is None and out["t"] == (np.float32(1.0),)


def test_uninitialized_variable_and_per_session_values():
    with tf.Graph().as_default():
        v = tf.Variable([1.0, 2.0], name="v")
        inc = v.assign_add([1.0, 1.0])
        with tf.Session() as s1, tf.Session() as s2:
            with pytest.raises(tf.errors.FailedPreconditionError, match="^Attempting to use uninitialized value v"):
                s1.run(v)
            s1.run(tf.global_variables_initializer())
            s2.run(v.initializer)
            s1.run(inc)
            np.testing.assert_array_equal(s1.run(v), [2.0, 3.0])
            np.testing.assert_array_equal(s2.run(v), [1.0, 2.0])
            fetched = s1.run(v)
            s1.run(inc)
            np.testing.assert_array_equal(fetched, [2.0, 3.0])  # fetched arrays never alias session state


def test_get_variable_reuse_errors_and_collections():
    with tf.Graph().as_default():
        with tf.variable_scope("s"):
            w = tf.get_variable("w", [2], initializer=tf.zeros_initializer())
            with pytest.raises(ValueError, match="^Variable s/w already exists, disallowed. Did you mean to set "
                                                 "reuse=True or reuse=tf.AUTO_REUSE in VarScope"):
                tf.get_variable("w", [2])
        with tf.variable_scope("s", reuse=True):
            assert tf.get_variable("w") is w
            with pytest.raises(ValueError, match="^Variable s/u does not exist, or was not created with "
                                                 "tf.get_variable"):
                tf.get_variable("u", [1])
        c = tf.get_variable("c", [], trainable=False, initializer=tf.zeros_initializer())
        tf.add_to_collection("mine", c)
        assert tf.get_collection("mine") == [c]
        assert tf.trainable_variables() == [w]
        assert tf.global_variables() == [w, c]
        assert tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES, scope="s") == [w]


def test_unsupported_graph_features_name_the_alternative():
    with tf.Graph().as_default():
        with pytest.raises(NotImplementedError, match="tf.import_graph_def is not supported.*SavedModel"):
            tf.import_graph_def(object())
        with pytest.raises(NotImplementedError, match="GraphDef"):
            tf.get_default_graph().as_graph_def()


def test_placeholder_outside_graph_mode_still_raises():
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.placeholder(tf.float32, [None, 3])


CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def _seed_graph(device=None):
    """The seeds' snippet: a [2, 3] x [3, 2] MatMul of constants named 'a' and 'b', optionally under tf.device."""
    graph = tf.Graph()
    with graph.as_default():
        with tf.device(device):
            a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name="a")
            b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name="b")
            c = tf.matmul(a, b)
    return graph, c


def test_log_device_placement_prints_one_line_per_graph_node(capsys):
    graph, c = _seed_graph()
    with tf.Session(graph=graph, config=tf.ConfigProto(log_device_placement=True)) as sess:
        np.testing.assert_array_equal(sess.run(c), [[22.0, 28.0], [49.0, 64.0]])
        sess.run(c)  # logged once per session
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("Device mapping:")
    assert err[1:] == [f"b: {CPU}", f"a: {CPU}", f"MatMul: {CPU}"]


def test_missing_device_without_soft_placement_raises_and_soft_placement_falls_back():
    graph, c = _seed_graph("/device:GPU:2")
    with tf.Session(graph=graph) as sess:
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"^Cannot assign a device for operation [ab]: Could not satisfy explicit device "
                                 r"specification '/device:GPU:2'"):
            sess.run(c)
    with tf.Session(graph=graph, config=tf.ConfigProto(allow_soft_placement=True)) as sess:
        with pytest.warns(RuntimeWarning, match="GPU:2"):
            np.testing.assert_array_equal(sess.run(c), [[22.0, 28.0], [49.0, 64.0]])


def test_multi_tower_add_n_on_the_cpu(capsys):
    graph = tf.Graph()
    with graph.as_default():
        c = []
        for d in ["/device:GPU:2", "/device:GPU:3"]:
            with tf.device(d):
                a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3])
                b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2])
                c.append(tf.matmul(a, b))
        with tf.device("/cpu:0"):
            total = tf.add_n(c)
    config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=True)
    with tf.Session(graph=graph, config=config) as sess:
        with pytest.warns(RuntimeWarning):
            np.testing.assert_array_equal(sess.run(total), [[44.0, 56.0], [98.0, 128.0]])
    lines = capsys.readouterr().err.splitlines()
    assert f"AddN: {CPU}" in lines and f"MatMul_1: {CPU}" in lines  # missing GPUs soft-placed on the CPU


def test_shape_values_flow_into_static_shape_inference():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 3])
        flat = tf.reshape(x, [tf.shape(x)[0], -1])
        assert flat.shape.as_list() == [None, 3]
        with tf.Session() as sess:
            assert sess.run(flat, {x: np.ones((5, 3))}).shape == (5, 3)


def test_case_and_switch_case_build_conds():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [])
        i = tf.placeholder(tf.int32, [])
        r = tf.case([(x > 1, lambda: x * 10), (x > 0, lambda: x * 100)], default=lambda: -x)
        s = tf.switch_case(i, [lambda: x + 1, lambda: x + 2, lambda: x + 3])
        with tf.Session() as sess:
            assert [float(sess.run(r, {x: v})) for v in (2.0, 0.5, -1.0)] == [20.0, 50.0, 1.0]
            assert [float(sess.run(s, {x: 0.0, i: k})) for k in (0, 1, 2, 7)] == [1.0, 2.0, 3.0, 3.0]


def test_functions_capturing_graph_tensors_raise_instead_of_returning_them():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 3])
        y = tf.placeholder(tf.float32, [None, 3])
        with pytest.raises((TypeError, NotImplementedError), match="may use only their arguments"):
            tf.map_fn(lambda r: r + y[0], x)
        captured = tf.case([(x[0, 0] > 0, lambda: y)], default=lambda: -y)  # cond-based: captures are fine
        doubled = tf.map_fn(lambda r: r * 2.0, x)
        py = tf.py_func(lambda a: a * 3.0, [x], tf.float32)
        with tf.Session() as sess:
            out = sess.run([doubled, py, captured], {x: np.ones((2, 3), np.float32), y: np.ones((2, 3))})
        np.testing.assert_allclose(out[0], 2.0)
        np.testing.assert_allclose(out[1], 3.0)
        np.testing.assert_allclose(out[2], 1.0)


def test_queue_runners_name_tf_data():
    with pytest.raises(NotImplementedError, match="build the pipeline with tf.data"):
        tf.train.start_queue_runners()
    with pytest.raises(NotImplementedError, match="tf.data"):
        tf.train.string_input_producer(["a.csv"])


def test_tf1_shapes_after_disable_v2_behavior():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 3])
        v = tf.Variable(tf.zeros([3]))
        assert repr(x) == 'Tensor("Placeholder:0", shape=(None, 3), dtype=float32)'  # TF2 shapes by default
        assert x.shape[1] == 3 and isinstance(x.shape[1], int) and x.shape[0] is None
        assert repr(v) == "<tf.Variable 'Variable:0' shape=(3,) dtype=float32>"
    tf.disable_v2_behavior()
    try:
        with tf.Graph().as_default():
            x = tf.placeholder(tf.float32, [None, 3])
            v = tf.Variable(tf.zeros([3]))
            assert repr(x) == 'Tensor("Placeholder:0", shape=(?, 3), dtype=float32)'
            assert repr(v) == "<tf.Variable 'Variable:0' shape=(3,) dtype=float32_ref>"
            dim, unknown = x.get_shape()[1], x.shape[0]
            assert isinstance(dim, tf.Dimension) and dim.value == 3 and int(dim) * 2 == 6
            assert (dim * 2).value == 6 and unknown.value is None and (unknown == None) is None  # noqa: E711
            assert str(x.shape) == "(?, 3)" and x.shape.as_list() == [None, 3]
            assert repr(x.shape) == "TensorShape([Dimension(None), Dimension(3)])"
            assert tf.dimension_value(dim) == 3
            w = tf.get_variable("w", [x.get_shape()[1], 2])  # Dimensions are accepted as sizes
            assert w.shape.as_list() == [3, 2]
            with tf.Session() as sess:
                with pytest.raises(ValueError, match=r"which has shape \(\?, 3\)"):
                    sess.run(x, {x: np.zeros((1, 2))})
    finally:
        tf.enable_v2_behavior()
        tf.reset_default_graph()


def test_data_dependent_sizes_stay_unknown():
    with tf.Graph().as_default():
        n = tf.placeholder(tf.int32, [])
        x = tf.placeholder(tf.float32, [10])
        m = tf.placeholder(tf.bool, [10])
        zeros, masked = tf.zeros([n]), tf.boolean_mask(x, m)
        uniq, head = tf.unique(tf.cast(x, tf.int32))[0], x[:n]
        assert [t.shape.as_list() for t in (zeros, masked, uniq, head)] == [[None]] * 4
        assert tf.matmul(tf.ones([2, 3]), tf.ones([3, 4])).shape.as_list() == [2, 4]
        with tf.Session() as sess:
            out = sess.run([zeros, masked, head], {n: 4, x: np.arange(10.0), m: [True] * 3 + [False] * 7})
        assert [o.tolist() for o in out] == [[0.0] * 4, [0.0, 1.0, 2.0], [0.0, 1.0, 2.0, 3.0]]


def test_tf_variable_in_and_out_of_graph_mode_and_keras_layers_on_graph_tensors():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 3])
        v = tf.Variable(1.0)
        assert repr(v).startswith("<tf.Variable 'Variable:0'") and isinstance(v, tf.Variable)
        with pytest.raises(TypeError, match=r"graph tensor \(Placeholder:0\) reached .*use tf.compat.v1.layers"):
            tf.keras.layers.Dense(2)(x)
        with pytest.raises(TypeError, match="reached the torch function"):
            torch.relu(x)
    eager = tf2.Variable(2.0)
    assert isinstance(eager, tf2.Variable) and float(eager.numpy()) == 2.0


def test_tf1_argument_orders_and_defaults_where_tf2_differs():
    # TF1 in_top_k(predictions, targets, k); TF2 swaps the first two (resolving to TF2 would be silently wrong)
    predictions = np.array([[0.1, 0.9, 0.0], [0.8, 0.1, 0.1]], np.float32)
    targets = np.array([1, 1])
    np.testing.assert_array_equal(tf.nn.in_top_k(predictions, targets, 1), [True, False])
    np.testing.assert_array_equal(tf.math.in_top_k(predictions, targets, 1), [True, False])
    assert tuple(tf.random.poisson([1.0, 2.0], [5]).shape) == (5, 2)  # TF1: (lam, shape)
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    blocks = tf.space_to_batch(x, [[0, 0], [0, 0]], block_size=2)
    assert tuple(blocks.shape) == (4, 2, 2, 1)
    np.testing.assert_array_equal(tf.batch_to_space(blocks, [[0, 0], [0, 0]], 2), x)
    assert tf.initializers.random_normal().stddev == 1.0 and tf.initializers.random_uniform().minval == 0.0
    with pytest.raises(NotImplementedError, match=r"tf.compat.v1.metrics.auc .*not supported"):
        tf.metrics.auc([1], [1])
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        tf.metrics.accuracy([1], [1])
    with pytest.raises(NotImplementedError, match="tf.summary.image"):
        tf.summary.image("x", np.zeros((1, 2, 2, 1)))


def test_dataset_from_placeholders_needs_an_initializable_iterator():
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None])
        dataset = tf.data.Dataset.from_tensor_slices(x).batch(2)
        with pytest.raises(ValueError, match="make_initializable_iterator"):
            dataset.make_one_shot_iterator()
        iterator = dataset.make_initializable_iterator()
        batch = iterator.get_next()
        with tf.Session() as sess:
            with pytest.raises(tf.errors.FailedPreconditionError, match="has not been initialized"):
                sess.run(batch)
            sess.run(iterator.initializer, {x: [1.0, 2.0, 3.0]})
            assert sess.run(batch).tolist() == [1.0, 2.0] and sess.run(batch).tolist() == [3.0]
            with pytest.raises(tf.errors.OutOfRangeError, match="End of sequence"):
                sess.run(batch)
    assert list(tf.data.Dataset.from_tensor_slices([1, 2]).as_numpy_iterator()) == [1, 2]  # eager: unchanged


def test_public_names_are_restored_when_graph_mode_ends():
    before = (tf2.matmul, tf2.Variable, tf2.nn.relu, tf2.data.Dataset.from_tensor_slices)
    with tf.Graph().as_default():
        assert tf2.matmul is not before[0] and hasattr(tf2.data.Dataset, "make_one_shot_iterator")
    assert (tf2.matmul, tf2.Variable, tf2.nn.relu, tf2.data.Dataset.from_tensor_slices) == before
    assert not hasattr(tf2.data.Dataset, "make_one_shot_iterator")


def test_two_train_ops_in_one_run_differentiate_before_updating():
    with tf.Graph().as_default():
        a = tf.Variable(2.0)
        b = tf.Variable(3.0)
        loss_a = a * b  # d/da = b
        loss_b = -(a * b)  # d/db = -a
        train_a = tf.train.GradientDescentOptimizer(0.1).minimize(loss_a, var_list=[a])
        train_b = tf.train.GradientDescentOptimizer(0.1).minimize(loss_b, var_list=[b])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            sess.run([train_a, train_b])
            assert sess.run([a, b]) == pytest.approx([2.0 - 0.1 * 3.0, 3.0 + 0.1 * 2.0])
