"""Write goldens for `tf.experimental.dtensor` on one process with 6 logical CPUs (the dtensor_overview guide).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_dtensor_golden.py

It writes `tests/golden/dtensor.json`, read by `tests/dtensor/test_dtensor_golden.py`: mesh and layout strings,
the components `unpack` gives for each layout, the layouts TF's SPMD expansion gives matmul results, and values.
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.experimental import dtensor  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtensor.json")
DEVICES = [f"CPU:{i}" for i in range(6)]


def _from_array(arr, layout):
    a = dtensor.copy_to_mesh(arr, layout=dtensor.Layout.replicated(layout.mesh, rank=layout.rank))
    return dtensor.relayout(a, layout=layout)


def _components(t):
    return [c.numpy().tolist() for c in dtensor.unpack(t)]


def main():
    phy = tf.config.list_physical_devices("CPU")
    tf.config.set_logical_device_configuration(phy[0], [tf.config.LogicalDeviceConfiguration()] * 6)
    out = {}
    mesh_1d = dtensor.create_mesh([("x", 6)], devices=DEVICES)
    mesh_2d = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    out["mesh_1d"] = str(mesh_1d)
    out["mesh_2d"] = str(mesh_2d)
    out["mesh_2d_locations"] = mesh_2d.local_device_locations()
    out["mesh_2d_dim_names"] = list(mesh_2d.dim_names)
    out["mesh_2d_size"] = mesh_2d.size
    out["mesh_2d_shape"] = list(mesh_2d.shape())
    out["num_devices"] = [dtensor.num_local_devices("CPU"), dtensor.num_global_devices("CPU"), dtensor.client_id(),
                          dtensor.num_clients()]
    layouts = {"xy": ["x", "y"], "x_": ["x", dtensor.UNSHARDED], "__": [dtensor.UNSHARDED, dtensor.UNSHARDED],
               "_x": [dtensor.UNSHARDED, "x"], "yx": ["y", "x"]}
    x = tf.reshape(tf.range(6), (3, 2))
    x62 = tf.reshape(tf.range(12), (6, 2))
    for key, specs in layouts.items():
        layout = dtensor.Layout(specs, mesh_2d)
        out[f"layout_{key}"] = layout.to_string()
        out[f"layout_{key}_shape"] = list(layout.shape) if hasattr(layout, "shape") else None
        out[f"layout_{key}_num_shards"] = [layout.num_shards(i) for i in range(2)]
        out[f"layout_{key}_delete0"] = list(layout.delete([0]).sharding_specs)
        try:
            out[f"unpack_{key}"] = _components(_from_array(x62 if key == "yx" else x, layout))
        except Exception as e:  # noqa: BLE001 - the golden records TF's refusal
            out[f"unpack_{key}"] = type(e).__name__
        try:
            out[f"numpy_{key}"] = _from_array(x, layout).numpy().tolist()
        except Exception as e:  # noqa: BLE001
            out[f"numpy_{key}"] = type(e).__name__
    out["batch_sharded"] = dtensor.Layout.batch_sharded(mesh_2d, "x", rank=3).to_string()
    out["replicated_rank0"] = dtensor.Layout.replicated(mesh_1d, rank=0).to_string()
    a_np, b_np = [[1, 2, 3], [4, 5, 6]], [[6, 5], [4, 3], [2, 1]]
    for key, (mesh, sa, sb) in {
        "replicated": (mesh_1d, [dtensor.UNSHARDED] * 2, [dtensor.UNSHARDED] * 2),
        "contracting": (mesh_2d, [dtensor.UNSHARDED, "x"], ["x", dtensor.UNSHARDED]),
        "rows": (mesh_2d, ["y", "x"], ["x", dtensor.UNSHARDED]),
    }.items():
        a = _from_array(tf.constant(a_np), dtensor.Layout(sa, mesh))
        b = _from_array(tf.constant(b_np), dtensor.Layout(sb, mesh))
        c = tf.matmul(a, b)
        out[f"matmul_{key}_specs"] = list(dtensor.fetch_layout(c).sharding_specs)
        out[f"matmul_{key}_components"] = _components(c)
    ones = dtensor.call_with_layout(tf.ones, dtensor.Layout(["x", "y"], mesh_2d), shape=(6, 4))
    out["ones_components_shapes"] = [list(np.shape(c)) for c in _components(ones)]
    normal = dtensor.call_with_layout(tf.function(tf.random.stateless_normal), dtensor.Layout(["x", "y"], mesh_2d),
                                      shape=(6, 4), seed=(1, 1))
    out["stateless_normal_components"] = _components(normal)
    out["stateless_normal_plain"] = tf.random.stateless_normal((6, 4), seed=(1, 1)).numpy().tolist()
    layout = dtensor.Layout([dtensor.UNSHARDED] * 2, mesh_1d)
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, layout, shape=(2, 3)))
    a = dtensor.call_with_layout(tf.ones, layout=layout, shape=(2, 3))
    out["dvariable_plus_dtensor_specs"] = list(dtensor.fetch_layout(v + a).sharding_specs)
    other = dtensor.call_with_layout(tf.ones, layout=dtensor.Layout([dtensor.UNSHARDED] * 2, mesh_2d), shape=(2, 3))
    try:
        v.assign(other)
        out["assign_other_mesh"] = "no error"
    except Exception as e:  # noqa: BLE001
        out["assign_other_mesh"] = type(e).__name__
    packed = dtensor.pack([[0, 1]] * 6, layout=dtensor.Layout([dtensor.UNSHARDED], mesh_1d))
    out["pack_replicated"] = packed.numpy().tolist()
    sharded = dtensor.pack([[i] for i in range(6)], layout=dtensor.Layout(["x"], mesh_1d))
    out["pack_sharded_components"] = _components(sharded)
    out["pack_sharded_sum"] = int(tf.reduce_sum(sharded).numpy())
    out["pack_sharded_sum_specs"] = list(dtensor.fetch_layout(tf.reduce_sum(sharded)).sharding_specs)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
