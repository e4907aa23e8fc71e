"""TF1 names on eager execution: Session, ConfigProto, initializers, placeholders, eager switches."""

import collections
import warnings

import numpy as np
import pytest

import keraslike as tf

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def test_run_returns_numpy_in_the_fetch_structure():
    a = tf.constant([1.0, 2.0])
    v = tf.Variable(3.0)
    Pair = collections.namedtuple("Pair", "x y")
    with tf.Session() as sess:
        out = sess.run({"a": a, "nested": [a * 2, (v,)], "pair": Pair(a, v)})
    np.testing.assert_array_equal(out["a"], [1.0, 2.0])
    np.testing.assert_array_equal(out["nested"][0], [2.0, 4.0])
    assert isinstance(out["nested"][1], tuple) and out["nested"][1][0] == 3.0
    assert isinstance(out["pair"], Pair) and isinstance(out["pair"].y, np.floating)
    assert isinstance(out["a"], np.ndarray)


def test_initializers_run_in_and_out_of_sessions():
    v = tf.Variable([1.0, 2.0])
    init = tf.global_variables_initializer()
    assert init.name == "init" and tf.initialize_all_variables().name == "init_1"
    with tf.Session() as sess:
        assert tf.compat.v1.get_default_session() is sess
        tf.initialize_all_variables().run()
        assert sess.run(init) is None
        np.testing.assert_array_equal(sess.run(v), [1.0, 2.0])
    assert tf.compat.v1.get_default_session() is None
    init.run()  # no default session: nothing to do eagerly


def test_closed_session_and_bad_fetches():
    sess = tf.Session()
    with pytest.raises(TypeError, match="Fetching by name is not supported.*Received: fetch='add:0'"):
        sess.run("add:0")
    with pytest.raises(TypeError, match="has invalid type"):
        sess.run([tf.constant(1.0), 3])
    sess.close()
    with pytest.raises(RuntimeError, match="Attempted to use a closed Session."):
        sess.run(tf.constant(1.0))


def test_placeholder_and_feed_dict_name_the_eager_equivalent():
    with pytest.raises(RuntimeError, match=r"not compatible with eager execution.*numpy array or tf.constant"):
        tf.placeholder(tf.float32, shape=[None, 3])
    with pytest.raises(RuntimeError, match=r"feed_dict is not supported.*Python function"):
        tf.Session().run(tf.constant(1.0), feed_dict={"x": 1})


def test_config_proto_attribute_style_and_unknown_fields():
    config = tf.ConfigProto()
    assert config.allow_soft_placement is False and config.gpu_options.allow_growth is False
    config.gpu_options.allow_growth = True
    config.gpu_options.per_process_gpu_memory_fraction = 0.4
    assert config.gpu_options == tf.GPUOptions(allow_growth=True, per_process_gpu_memory_fraction=0.4)
    assert tf.ConfigProto().gpu_options.allow_growth is False  # no shared default message
    with pytest.raises(ValueError, match=r'has no "allow_growht" field.*Received: allow_growht=True'):
        tf.GPUOptions(allow_growht=True)
    config = tf.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=0,
                            gpu_options=tf.GPUOptions(allow_growth=True), allow_soft_placement=True)
    with tf.Session(config=config) as sess:
        assert sess.run(tf.constant(2.0)) == 2.0
    with pytest.raises(ValueError, match="Expected config to be a tf.ConfigProto"):
        tf.Session(config={"log_device_placement": True})


def test_log_device_placement_session_prints_tf1_lines(capsys):
    a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name='a')
    b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name='b')
    c = tf.matmul(a, b)
    sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
    np.testing.assert_array_equal(sess.run(c), [[22.0, 28.0], [49.0, 64.0]])
    sess.run(c)  # each node is logged once per session
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("Device mapping:")
    assert err[-3:] == [f"b: {CPU}", f"a: {CPU}", f"MatMul: {CPU}"]
    assert len([line for line in err if line.startswith("MatMul")]) == 1


def test_without_soft_placement_run_raises_tf_error_naming_the_node():
    with pytest.warns(RuntimeWarning, match="GPU:7"):
        with tf.device('/device:GPU:7'):
            a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name='a')
            b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name='b')
            c = tf.matmul(a, b)
    sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^Cannot assign a device for operation b: Could not satisfy explicit device "
                             r"specification '/device:GPU:7'"):
        sess.run(c)
    soft = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
    np.testing.assert_array_equal(soft.run(c), [[22.0, 28.0], [49.0, 64.0]])


def test_eager_switches():
    assert tf.executing_eagerly() is True
    assert tf.compat.v1.executing_eagerly() is True
    tf.compat.v1.enable_eager_execution()
    tf.compat.v1.disable_eager_execution()  # TF1 graph mode (tests/compat/test_graph_mode.py)
    try:
        assert tf.executing_eagerly() is False
    finally:
        tf.compat.v1.enable_eager_execution()
    assert tf.executing_eagerly() is True


def test_compat_v1_falls_back_to_tf2_names():
    assert tf.compat.v1.constant is tf.constant
    assert tf.compat.v1.Session is tf.Session
    assert tf.compat.v1.keras is tf.keras
    assert tf.compat.v2 is tf
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        tf.compat.v1.nope  # noqa: B018


def test_errors_module():
    err = tf.errors.InvalidArgumentError(None, "MatMul", "bad shapes")
    assert isinstance(err, ValueError) and isinstance(err, tf.errors.OpError)
    assert err.message == "bad shapes" and err.op == "MatMul" and str(err) == "bad shapes"
    assert tf.errors.InvalidArgumentError("short form").message == "short form"
    assert issubclass(tf.errors.OutOfRangeError, IndexError)
    assert issubclass(tf.errors.ResourceExhaustedError, MemoryError)
    assert issubclass(tf.errors.NotFoundError, FileNotFoundError)
    assert issubclass(tf.errors.UnknownError, RuntimeError)
    assert tf.errors.exception_type_from_error_code(tf.errors.OUT_OF_RANGE) is tf.errors.OutOfRangeError


def test_multi_gpu_model_errors_and_mirrored_strategy(fake_gpus, monkeypatch):
    import torch

    from keraslike._src.distribute import mirrored

    created = []

    class FakeMirrored:  # the real one would start replica processes on the (pretend) GPUs
        def __init__(self, devices):
            created.append(devices)
            self.device = torch.device("cpu")  # the strategy contract's member (distribute/contract.py)

    monkeypatch.setattr(mirrored, "MirroredStrategy", FakeMirrored)
    model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        fake_gpus(0)
        with pytest.raises(ValueError) as info:
            tf.keras.utils.multi_gpu_model(model, gpus=2)
        assert str(info.value).startswith(
            "To call `multi_gpu_model` with `gpus=2`, we expect the following devices to be available: "
            "['/cpu:0', '/gpu:0', '/gpu:1']. However this machine only has: ['/cpu:0']. Try reducing `gpus`.")
        with pytest.raises(ValueError, match="gpus >= 2"):
            tf.keras.utils.multi_gpu_model(model, gpus=1)
        fake_gpus(2)
        with pytest.warns(DeprecationWarning, match="MirroredStrategy"):
            assert tf.keras.utils.multi_gpu_model(model, gpus=2, cpu_merge=False) is model
        assert created == [["/gpu:0", "/gpu:1"]]
        assert isinstance(model.distribute_strategy, FakeMirrored)
        with pytest.raises(ValueError, match=r"\['/cpu:0', '/gpu:0', '/gpu:1'\]"):
            tf.keras.utils.multi_gpu_model(model, gpus=[0, 3])
