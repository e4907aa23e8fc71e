"""BatchNormalization / LayerNormalization / GroupNormalization against numpy formulas.

The synchronized BatchNormalization check runs two gloo processes, each on
half of a global batch, and compares with one process on the whole batch.
"""

import json
import os
import socket
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike.keras import layers

RNG = np.random.default_rng(4)


def np_of(t):
    return t.detach().cpu().numpy()


def test_batch_norm_training_inference_and_moving_stats():
    x = RNG.standard_normal((8, 3, 3, 2)).astype("float32") * 2 + 1
    bn = layers.BatchNormalization()
    y = np_of(bn(x, training=True))
    mean, var = x.mean((0, 1, 2)), x.var((0, 1, 2))
    np.testing.assert_allclose(y, (x - mean) / np.sqrt(var + 1e-3), rtol=1e-4, atol=1e-5)
    gamma, beta, mm, mv = bn.get_weights()
    assert [w.shape for w in bn.get_weights()] == [(2,)] * 4
    np.testing.assert_allclose(mm, 0.01 * mean, rtol=1e-5)
    np.testing.assert_allclose(mv, 0.99 + 0.01 * var, rtol=1e-5)  # biased variance, Keras's rule
    assert len(bn.trainable_weights) == 2 and len(bn.non_trainable_weights) == 2
    g, b = np.array([2.0, 0.5], "float32"), np.array([1.0, -1.0], "float32")
    bn.set_weights([g, b, mm, mv])
    np.testing.assert_allclose(np_of(bn(x)), (x - mm) / np.sqrt(mv + 1e-3) * g + b, rtol=1e-4, atol=1e-5)
    bn.trainable = False  # frozen BN runs in inference mode even with training=True (Keras)
    np.testing.assert_allclose(np_of(bn(x, training=True)), np_of(bn(x, training=False)), rtol=1e-6)
    np.testing.assert_allclose(bn.get_weights()[2], mm)


def test_batch_norm_dense_axis_and_config():
    x = RNG.standard_normal((6, 4)).astype("float32")
    bn = layers.BatchNormalization(momentum=0.5, epsilon=0.1, center=False)
    y = np_of(bn(x, training=True))
    np.testing.assert_allclose(y, (x - x.mean(0)) / np.sqrt(x.var(0) + 0.1), rtol=1e-4, atol=1e-5)
    assert len(bn.get_weights()) == 3
    np.testing.assert_allclose(bn.get_weights()[1], 0.5 * x.mean(0), rtol=1e-5)
    cf = layers.BatchNormalization(axis=1)
    z = RNG.standard_normal((5, 3, 2, 2)).astype("float32")
    np.testing.assert_allclose(np_of(cf(z, training=True)),
                               (z - z.mean((0, 2, 3), keepdims=True)) / np.sqrt(z.var((0, 2, 3), keepdims=True) + 1e-3),
                               rtol=1e-4, atol=1e-5)
    one = layers.BatchNormalization()
    assert tuple(one(np.ones((1, 3), "float32"), training=True).shape) == (1, 3)  # batch of one still works
    cfg = layers.BatchNormalization(momentum=0.9, synchronized=True).get_config()
    assert cfg["momentum"] == 0.9 and cfg["epsilon"] == 1e-3 and cfg["synchronized"]
    assert layers.BatchNormalization.from_config(cfg).momentum == 0.9


def test_batch_norm_gradients_match_torch():
    x = torch.randn(6, 4, 4, 3, requires_grad=True)
    bn = layers.BatchNormalization()
    bn(x)
    ref = torch.nn.BatchNorm2d(3, eps=1e-3)
    y = bn(x, training=True)
    (y * torch.arange(3.0)).sum().backward()
    gx = x.grad.clone()
    x.grad = None
    y2 = ref(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1)
    (y2 * torch.arange(3.0)).sum().backward()
    np.testing.assert_allclose(np_of(y), np_of(y2), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np_of(gx), np_of(x.grad), rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(np_of(bn.gamma.grad), np_of(ref.weight.grad), rtol=1e-4)


_SYNC_SCRIPT = textwrap.dedent("""
    import json, os, sys
    import numpy as np, torch, torch.distributed as dist
    from keraslike.keras import layers
    from keraslike._src.distribute import context
    from keraslike._src.distribute.strategy import ReplicaContext
    dist.init_process_group("gloo", rank=int(os.environ["RANK"]), world_size=2)
    rank = dist.get_rank()

    class TwoReplicas:  # what a step of fit / strategy.run provides: a replica context of 2 replicas
        num_replicas_in_sync = 2

    x = torch.tensor(np.random.default_rng(0).standard_normal((8, 2, 2, 3)).astype("float32") * 3 + 1)
    result = {}
    for mode in ("sync", "local"):
        mine = x[rank * 4:(rank + 1) * 4].clone().requires_grad_(True)
        bn = layers.BatchNormalization(synchronized=mode == "sync")
        with context.replica_scope(ReplicaContext(TwoReplicas())):  # TF syncs only in replica context
            y = bn(mine, training=True)
        (y * torch.arange(1.0, 4.0)).sum().backward()
        result[mode] = {"y": y.tolist(), "g": bn.gamma.grad.tolist(), "mm": bn.moving_mean.tolist(),
                        "mv": bn.moving_variance.tolist()}
    print(json.dumps(result))
    sys.stdout.flush()
    dist.barrier()  # rank 0 hosts the store: nobody tears down while a peer still talks to it
    os._exit(0)  # gloo's native teardown can abort ("terminate called ...") on a loaded machine
""")


def _run_pair():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    procs = []
    for rank in range(2):
        env = {**os.environ, "RANK": str(rank), "WORLD_SIZE": "2", "MASTER_ADDR": "127.0.0.1",
               "MASTER_PORT": str(port), "OMP_NUM_THREADS": "1"}
        procs.append(subprocess.Popen([sys.executable, "-c", _SYNC_SCRIPT], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
        outs.append(json.loads(out.strip().splitlines()[-1]))
    return outs


@pytest.mark.slow
def test_synchronized_batch_norm_equals_global_batch_and_moving_stats_agree():
    pair = _run_pair()
    outs = [o["sync"] for o in pair]
    x = torch.tensor(np.random.default_rng(0).standard_normal((8, 2, 2, 3)).astype("float32") * 3 + 1)
    bn = layers.BatchNormalization()
    y = bn(x, training=True)
    # each replica's loss is its own rows; the gamma grad of the sum over replicas is the global one
    (y * torch.arange(1.0, 4.0)).sum().backward()
    np.testing.assert_allclose(np.concatenate([o["y"] for o in outs]), np_of(y), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np.add(outs[0]["g"], outs[1]["g"]), np_of(bn.gamma.grad), rtol=1e-4, atol=1e-5)
    for o in outs:
        np.testing.assert_allclose(o["mm"], np_of(bn.moving_mean), rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(o["mv"], np_of(bn.moving_variance), rtol=1e-4, atol=1e-6)
    # synchronized=False: each replica normalises with its own rows AND keeps its own moving statistics (TF 2.21,
    # issue 21 item 4; they used to be averaged across replicas)
    for rank, o in enumerate(pair):
        own = layers.BatchNormalization()
        own(x[rank * 4:(rank + 1) * 4], training=True)
        np.testing.assert_allclose(o["local"]["mm"], np_of(own.moving_mean), rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(o["local"]["mv"], np_of(own.moving_variance), rtol=1e-4, atol=1e-6)
    assert not np.allclose(pair[0]["local"]["mm"], pair[1]["local"]["mm"])


def test_layer_and_group_normalization():
    x = RNG.standard_normal((2, 3, 4, 6)).astype("float32")
    ln = layers.LayerNormalization()
    ref = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-3)
    np.testing.assert_allclose(np_of(ln(x)), ref, rtol=1e-4, atol=1e-5)
    assert [w.shape for w in ln.get_weights()] == [(6,), (6,)]
    multi = layers.LayerNormalization(axis=[1, 3])
    g = RNG.standard_normal((3, 6)).astype("float32")
    multi(x)
    multi.set_weights([g, np.zeros((3, 6), "float32")])
    m, v = x.mean((1, 3), keepdims=True), x.var((1, 3), keepdims=True)
    np.testing.assert_allclose(np_of(multi(x)), (x - m) / np.sqrt(v + 1e-3) * g[None, :, None, :], rtol=1e-4,
                               atol=1e-5)
    rms = layers.LayerNormalization(rms_scaling=True)
    np.testing.assert_allclose(np_of(rms(x)), x / np.sqrt(x.var(-1, keepdims=True) + 1e-3), rtol=1e-4)  # Keras 3
    gn = layers.GroupNormalization(groups=2)
    y = np_of(gn(x))
    grouped = x.reshape(2, 3, 4, 2, 3)
    gm, gv = grouped.mean((1, 2, 4), keepdims=True), grouped.var((1, 2, 4), keepdims=True)
    np.testing.assert_allclose(y, ((grouped - gm) / np.sqrt(gv + 1e-3)).reshape(x.shape), rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match="Received: input_shape"):
        layers.GroupNormalization(groups=4)(x)


@pytest.fixture
def one_thread():
    """Tiny tensors: one intra-op thread avoids OpenMP spin-waits on a busy shared CPU."""
    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(previous)


def test_small_cnn_with_batchnorm_trains(one_thread):
    torch.manual_seed(0)
    x = RNG.standard_normal((64, 8, 8, 1)).astype("float32")
    y = (x.mean((1, 2, 3)) > 0).astype("int64")
    model = tf.keras.Sequential([
        layers.Input((8, 8, 1)), layers.Conv2D(8, 3, padding="same"), layers.BatchNormalization(),
        layers.ReLU(), layers.MaxPooling2D(), layers.Conv2D(8, 3, padding="same", activation="relu"),
        layers.GlobalAveragePooling2D(), layers.Dense(2),
    ])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    hist = model.fit(x, y, epochs=8, batch_size=16, verbose=0)
    assert hist.history["loss"][-1] < hist.history["loss"][0]
    bn = model.layers[1]
    assert not np.allclose(bn.get_weights()[2], 0)  # moving mean updated through fit
