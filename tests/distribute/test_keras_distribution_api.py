"""keras.distribution's objects in one process: devices, meshes, layouts, the layout map's lookup, the
distributions' properties and errors, and a one-device ModelParallel that trains like no distribution.

Multi-process behaviour: tests/distribute/test_keras_distribution.py.
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
dist = keras.distribution


@pytest.fixture(autouse=True)
def _no_distribution():
    yield
    dist.set_distribution(None)


def test_list_devices_in_one_process():
    assert dist.list_devices() == ["cpu:0"] and dist.get_device_count() == 1
    assert dist.list_devices("cpu") == ["cpu:0"] and dist.list_devices("gpu") == []
    with pytest.raises(ValueError, match="Received: device_type='tpu'"):
        dist.list_devices("tpu")


def test_device_mesh_shape_names_devices_and_errors():
    mesh = dist.DeviceMesh((1, 2), ["batch", "model"], ["cpu:0", "cpu:1"])
    assert mesh.shape == (1, 2) and mesh.axis_names == ["batch", "model"]
    assert mesh.devices.shape == (1, 2) and mesh.devices[0, 1] == "cpu:1"
    assert repr(mesh) == "<DeviceMesh shape=(1, 2), axis_names=['batch', 'model']>"
    with pytest.raises(ValueError, match="cannot be empty"):
        dist.DeviceMesh((), [])
    with pytest.raises(ValueError, match="same size. Received: shape=\\(2,\\)"):
        dist.DeviceMesh((2,), ["a", "b"], ["cpu:0", "cpu:1"])
    with pytest.raises(ValueError, match="number of devices. Received: shape=\\(4,\\)"):
        dist.DeviceMesh((4,), ["batch"], ["cpu:0", "cpu:1"])
    with pytest.raises(ValueError, match="all CPUs or all GPUs"):
        dist.DeviceMesh((2,), ["batch"], ["cpu:0", "gpu:0"])
    with pytest.raises(ValueError, match="Received: device='tpu:0'"):
        dist.DeviceMesh((1,), ["batch"], ["tpu:0"])


def test_tensor_layout_validates_axes_against_its_mesh():
    mesh = dist.DeviceMesh((1, 2), ["batch", "model"], ["cpu:0", "cpu:1"])
    layout = dist.TensorLayout((None, "model"))
    assert layout.device_mesh is None
    layout.device_mesh = mesh
    assert layout.axes == (None, "model") and layout.device_mesh is mesh
    with pytest.raises(ValueError, match="Cannot override device mesh"):
        layout.device_mesh = mesh
    with pytest.raises(ValueError, match="Invalid axis names.*Received: axes=\\('data',\\)"):
        dist.TensorLayout(("data",), mesh)


def test_layout_map_lookup_as_keras():
    # Keras 3 (TF 2.21): an exact key first, else the one key that re.fullmatch-es; several matches raise
    mesh = dist.DeviceMesh((1, 2), ["batch", "model"], ["cpu:0", "cpu:1"])
    layout_map = dist.LayoutMap(mesh)
    layout_map[".*dense.*kernel"] = (None, "model")
    layout_map[".*dense.*bias"] = dist.TensorLayout(("model",))
    layout_map["conv2d/kernel"] = [None, None, None, "model"]
    assert len(layout_map) == 3 and list(layout_map) == [".*dense.*kernel", ".*dense.*bias", "conv2d/kernel"]
    assert layout_map["dense_1/kernel"].axes == (None, "model")
    assert layout_map["my_model/dense_2/bias"].axes == ("model",)
    assert layout_map["dense_1/kernel"].device_mesh is mesh and layout_map[".*dense.*bias"].device_mesh is mesh
    assert layout_map["conv2d/kernel"].axes == (None, None, None, "model")
    assert layout_map["conv2d_1/kernel"] is None  # fullmatch, not search
    assert layout_map["dense_1/kernel/extra"] is None and layout_map["a/dense_1/sub/kernel"] is not None
    assert layout_map.get("conv3d/kernel") is None
    layout_map["dense_1/.*"] = (None, None)
    with pytest.raises(ValueError, match="matches multiple layout specification keys"):
        layout_map["dense_1/kernel"]
    del layout_map["dense_1/.*"]
    with pytest.raises(ValueError, match="already exist"):
        layout_map[".*dense.*kernel"] = (None, None)
    with pytest.raises(ValueError, match="TensorLayout or a tuple"):
        layout_map["x"] = "model"
    with pytest.raises(ValueError, match="Invalid axis names"):
        layout_map["y"] = ("data",)


def test_distributions_arguments_and_errors():
    with pytest.raises(ValueError, match="Expect `mesh` to be an instance of `DeviceMesh`"):
        dist.DataParallel(device_mesh="cpu:0")
    with pytest.raises(ValueError, match="auto_shard_dataset=False"):
        dist.DataParallel(auto_shard_dataset=False)
    with pytest.raises(ValueError, match="must specify a layout_map"):
        dist.ModelParallel()
    with pytest.raises(ValueError, match="must be a `LayoutMap`"):
        dist.ModelParallel(layout_map={"a": (None,)})
    mesh = dist.DeviceMesh((1,), ["batch"], ["cpu:0"])
    with pytest.raises(ValueError, match="Received: batch_dim_name='data'"):
        dist.ModelParallel(layout_map=dist.LayoutMap(mesh), batch_dim_name="data")
    with pytest.raises(ValueError, match="Unrecognized keyword arguments.*Received: kwargs"):
        dist.ModelParallel(layout_map=dist.LayoutMap(mesh), seed=1)
    layout_map = dist.LayoutMap(mesh)  # Keras 3 takes the layout map's mesh; another mesh is refused, not dropped
    assert dist.ModelParallel(layout_map=layout_map, device_mesh=mesh).device_mesh is mesh
    with pytest.raises(ValueError, match="Received: device_mesh="):
        dist.ModelParallel(layout_map=layout_map, device_mesh=dist.DeviceMesh((1,), ["batch"], ["cpu:0"]))
    with pytest.raises(ValueError, match="Received: value='dp'"):
        dist.set_distribution("dp")


def test_data_parallel_one_device_and_scope():
    data_parallel = dist.DataParallel()
    assert data_parallel.device_mesh.shape == (1,) and data_parallel.batch_dim_name == "batch"
    assert data_parallel.num_processes == 1 and data_parallel.process_id == 0
    assert data_parallel.num_model_replicas == 1 and data_parallel.data_shard_id == 0
    assert data_parallel.get_data_layout((8, 3)).axes == ("batch", None)
    assert data_parallel.get_tensor_layout("x") is None
    assert dist.distribution() is None
    with data_parallel.scope():
        assert dist.distribution() is data_parallel
        assert tf.distribute.get_strategy() is data_parallel._strategy
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    assert dist.distribution() is None and model.distribute_strategy is data_parallel._strategy
    assert data_parallel.get_variable_layout(model.weights[0]).axes == (None, None)


def test_one_device_model_parallel_trains_like_no_distribution():
    x = np.random.default_rng(0).normal(size=(20, 4)).astype("float32")
    y = x @ np.ones((4, 2), "float32")

    def run(distribution):
        dist.set_distribution(distribution)
        keras.utils.set_random_seed(3)
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, name="d1"), keras.layers.Dense(2)])
        model.compile("adam", "mse")
        loss = model.fit(x, y, batch_size=5, epochs=2, verbose=0).history["loss"]
        dist.set_distribution(None)
        return loss, model.get_weights()

    mesh = dist.DeviceMesh((1,), ["model"], ["cpu:0"])
    layout_map = dist.LayoutMap(mesh)
    layout_map["d1/kernel"] = (None, "model")
    model_parallel = dist.ModelParallel(layout_map=layout_map)
    assert model_parallel.batch_dim_name == "model" and model_parallel.num_model_replicas == 1
    loss, weights = run(model_parallel)
    ref_loss, ref_weights = run(None)
    np.testing.assert_allclose(loss, ref_loss, rtol=1e-6)
    for w, r in zip(weights, ref_weights):
        np.testing.assert_allclose(w, r, rtol=1e-6)


@pytest.mark.filterwarnings("ignore:MirroredStrategy asked for 2 replicas")
@pytest.mark.parametrize("axes, why", [
    ((None, "data"), "axis 'data' is not an axis of the device mesh"),
    (("model",), "it has 1 axes for a variable of rank 2"),
    ((None, "model"), "dimension 1 \\(size 3\\) does not divide into 2 equal shards"),
    (("model", "model"), "mesh axis 'model' splits two dimensions"),
])
def test_layouts_that_cannot_apply_name_variable_layout_and_shape(axes, why):
    mesh = dist.DeviceMesh((1, 2), ["batch", "model"], ["cpu:0", "cpu:1"])
    layout_map = dist.LayoutMap(None)  # a map without a mesh keeps the layouts' axes unchecked until they apply
    layout_map["d/kernel"] = dist.TensorLayout(axes)
    # a one-process strategy standing for the 2-device mesh: layouts are checked against the mesh's shape
    strategy = dist.ModelParallel(layout_map=_with_mesh(layout_map, mesh))._strategy
    with pytest.raises(ValueError, match=f"variable 'd/kernel' cannot apply: {why}.*Received: layout axes="
                                         f".*variable shape=\\(4, 3\\), mesh shape=\\(1, 2\\)"):
        with strategy.scope():
            keras.layers.Dense(3, name="d").build((None, 4))


def _with_mesh(layout_map, mesh):
    layout_map._device_mesh = mesh
    return layout_map


def test_initialize_checks_its_arguments():
    dist.initialize()  # nothing asked: one process, nothing to do
    dist.initialize(num_processes=1)
    with pytest.raises(ValueError, match="Received: num_processes=2, process_id=2"):
        dist.initialize("127.0.0.1:1234", num_processes=2, process_id=2)
    with pytest.raises(ValueError, match="Received: job_addresses=None"):
        dist.initialize(num_processes=2, process_id=0)


def test_distribute_tensor_in_one_process_is_the_tensor():
    t = tf.constant([[1.0, 2.0]])
    assert dist.distribute_tensor(t, dist.TensorLayout((None, None))) is t
    with pytest.raises(ValueError, match="Expected a keras.distribution.TensorLayout"):
        dist.distribute_tensor(t, (None, None))
