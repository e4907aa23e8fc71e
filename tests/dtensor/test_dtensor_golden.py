"""`tf.experimental.dtensor` as the dtensor_overview guide uses it, against TF 2.21 on 6 logical CPUs
(goldens: tests/golden/make_dtensor_golden.py -> tests/golden/dtensor.json)."""

import json
import os

import numpy as np
import pytest

import keraslike as tf
from keraslike.experimental import dtensor

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "dtensor.json")))
DEVICES = [f"CPU:{i}" for i in range(6)]
LAYOUTS = {"xy": ["x", "y"], "x_": ["x", dtensor.UNSHARDED], "__": [dtensor.UNSHARDED, dtensor.UNSHARDED],
           "_x": [dtensor.UNSHARDED, "x"], "yx": ["y", "x"]}


def _from_array(arr, layout):
    a = dtensor.copy_to_mesh(arr, layout=dtensor.Layout.replicated(layout.mesh, rank=layout.rank))
    return dtensor.relayout(a, layout=layout)


def _components(t):
    return [c.numpy().tolist() for c in dtensor.unpack(t)]


@pytest.fixture
def meshes():
    return (dtensor.create_mesh([("x", 6)], devices=DEVICES),
            dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES))


def test_mesh_strings_and_locations(meshes):
    mesh_1d, mesh_2d = meshes
    assert str(mesh_1d) == GOLDEN["mesh_1d"]
    assert str(mesh_2d) == GOLDEN["mesh_2d"]
    assert mesh_2d.local_device_locations() == GOLDEN["mesh_2d_locations"]
    assert (mesh_2d.dim_names, mesh_2d.size, mesh_2d.shape()) == (
        GOLDEN["mesh_2d_dim_names"], GOLDEN["mesh_2d_size"], GOLDEN["mesh_2d_shape"])


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_layouts_and_shards(meshes, key):
    _, mesh_2d = meshes
    layout = dtensor.Layout(LAYOUTS[key], mesh_2d)
    assert layout.to_string() == GOLDEN[f"layout_{key}"]
    assert list(layout.shape) == GOLDEN[f"layout_{key}_shape"]
    assert [layout.num_shards(i) for i in range(2)] == GOLDEN[f"layout_{key}_num_shards"]
    assert layout.delete([0]).sharding_specs == GOLDEN[f"layout_{key}_delete0"]
    x = tf.reshape(tf.range(6), (3, 2))
    want = GOLDEN[f"unpack_{key}"]
    if want == "UnknownError":  # an axis that does not split evenly over its mesh dimension
        with pytest.raises(tf.errors.UnknownError):
            _from_array(x, layout)
        return
    t = _from_array(x, layout)
    assert _components(t) == want
    if GOLDEN[f"numpy_{key}"] == "UnimplementedError":
        with pytest.raises(tf.errors.UnimplementedError):
            t.numpy()
    else:
        assert t.numpy().tolist() == GOLDEN[f"numpy_{key}"]


def test_layout_constructors(meshes):
    mesh_1d, mesh_2d = meshes
    assert dtensor.Layout.batch_sharded(mesh_2d, "x", rank=3).to_string() == GOLDEN["batch_sharded"]
    assert dtensor.Layout.replicated(mesh_1d, rank=0).to_string() == GOLDEN["replicated_rank0"]


@pytest.mark.parametrize("key, specs", [
    ("replicated", (0, [dtensor.UNSHARDED] * 2, [dtensor.UNSHARDED] * 2)),
    ("contracting", (1, [dtensor.UNSHARDED, "x"], ["x", dtensor.UNSHARDED])),
    ("rows", (1, ["y", "x"], ["x", dtensor.UNSHARDED])),
])
def test_matmul_layouts_and_values(meshes, key, specs):
    mesh = meshes[specs[0]]
    a = _from_array(tf.constant([[1, 2, 3], [4, 5, 6]]), dtensor.Layout(specs[1], mesh))
    b = _from_array(tf.constant([[6, 5], [4, 3], [2, 1]]), dtensor.Layout(specs[2], mesh))
    c = tf.matmul(a, b)
    assert dtensor.fetch_layout(c).sharding_specs == GOLDEN[f"matmul_{key}_specs"]
    assert _components(c) == GOLDEN[f"matmul_{key}_components"]


def test_call_with_layout_dvariable_and_pack(meshes):
    mesh_1d, mesh_2d = meshes
    ones = dtensor.call_with_layout(tf.ones, dtensor.Layout(["x", "y"], mesh_2d), shape=(6, 4))
    assert [list(np.shape(c)) for c in _components(ones)] == GOLDEN["ones_components_shapes"]
    layout = dtensor.Layout([dtensor.UNSHARDED] * 2, mesh_1d)
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, layout, shape=(2, 3)))
    assert dtensor.fetch_layout(v) == layout and v.layout == layout
    a = dtensor.call_with_layout(tf.ones, layout=layout, shape=(2, 3))
    assert dtensor.fetch_layout(v + a).sharding_specs == GOLDEN["dvariable_plus_dtensor_specs"]
    v.assign(a * 2)
    np.testing.assert_array_equal(v.numpy(), np.full((2, 3), 2.0))
    other = dtensor.call_with_layout(tf.ones, layout=dtensor.Layout([dtensor.UNSHARDED] * 2, mesh_2d), shape=(2, 3))
    assert GOLDEN["assign_other_mesh"] == "UnknownError"
    with pytest.raises(tf.errors.UnknownError):
        v.assign(other)
    packed = dtensor.pack([[0, 1]] * 6, layout=dtensor.Layout([dtensor.UNSHARDED], mesh_1d))
    assert packed.numpy().tolist() == GOLDEN["pack_replicated"]
    sharded = dtensor.pack([[i] for i in range(6)], layout=dtensor.Layout(["x"], mesh_1d))
    assert _components(sharded) == GOLDEN["pack_sharded_components"]
    total = tf.reduce_sum(sharded)
    assert int(total.numpy()) == GOLDEN["pack_sharded_sum"]
    assert dtensor.fetch_layout(total).sharding_specs == GOLDEN["pack_sharded_sum_specs"]


def test_replicated_stateless_random_matches_tf_and_gradients_reach_dvariables(meshes):
    """A replicated layout draws TF's values; a tape differentiates through DTensor ops to DVariables."""
    mesh_1d, _ = meshes
    layout = dtensor.Layout([dtensor.UNSHARDED] * 2, mesh_1d)
    normal = dtensor.call_with_layout(tf.function(tf.random.stateless_normal), layout, shape=(6, 4), seed=(1, 1))
    np.testing.assert_allclose(normal.numpy(), GOLDEN["stateless_normal_plain"], rtol=1e-5, atol=1e-6)
    w = dtensor.DVariable(dtensor.call_with_layout(tf.ones, layout, shape=(4, 2)))
    x = dtensor.pack([[[1.0, 2.0, 3.0, 4.0]]] * 6, layout)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, w))
    grad = tape.gradient(loss, w)
    np.testing.assert_array_equal(np.asarray(grad), [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0]])


def test_device_counts_follow_logical_devices():
    count = len(tf.config.list_logical_devices("CPU"))
    assert (dtensor.num_local_devices("CPU"), dtensor.num_global_devices("CPU")) == (count, count)
    assert (dtensor.client_id(), dtensor.num_clients()) == (0, 1)
