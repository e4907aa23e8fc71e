"""Issue 12 item 7: BatchNormalization `renorm`, `renorm_clipping`, `renorm_momentum` (golden from real Keras 3.15,
tests/golden/make_arguments_golden.py) and LoRA on Embedding (`lora_rank`) and Dense (`enable_lora`).

Before the fix `renorm` and `lora_rank` were popped silently (plain batch norm, no LoRA weights).
"""

import numpy as np
import pytest

import keraslike as tf
from tests.keras.arguments.golden_programs import golden

keras = tf.keras

RENORM_KWARGS = {"renorm": True, "renorm_clipping": {"rmax": 1.5, "rmin": 0.5, "dmax": 0.3}, "momentum": 0.5,
                 "renorm_momentum": 0.6}


def _batches():
    rng = np.random.RandomState(2)
    return [(rng.normal(1.0 + i, 2.0, (8, 3)).astype("float32")) for i in range(3)]


def test_batch_renormalization_matches_keras():
    expected = golden("renorm")
    layer = keras.layers.BatchNormalization(**RENORM_KWARGS)
    upstream = tf.constant(np.arange(24, dtype="float32").reshape(8, 3) / 10.0)
    for i, x in enumerate(_batches()):
        with tf.GradientTape() as tape:
            y = layer(x, training=True)
            loss = tf.reduce_sum(y * upstream)
        grads = tape.gradient(loss, [layer.gamma, layer.beta])
        np.testing.assert_allclose(y.numpy(), expected["outputs"][i], rtol=1e-4, atol=1e-5, err_msg=f"step {i}")
        for g, want in zip(grads, expected["grads"][i]):
            np.testing.assert_allclose(g.numpy(), want, rtol=1e-4, atol=1e-5, err_msg=f"grad step {i}")
    assert [w.name for w in layer.weights] == expected["names"]
    for got, want in zip(layer.get_weights(), expected["weights"]):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(layer(_batches()[0], training=False).numpy(), expected["inference"], rtol=1e-4,
                               atol=1e-5)


def test_renorm_clipping_is_validated_and_config_round_trips():
    with pytest.raises(ValueError, match="invalid keys"):
        keras.layers.BatchNormalization(renorm=True, renorm_clipping={"rmaxx": 2})
    layer = keras.layers.BatchNormalization(**RENORM_KWARGS)
    clone = keras.layers.BatchNormalization.from_config(layer.get_config())
    assert (clone.renorm, clone.renorm_clipping, clone.renorm_momentum) == (True, RENORM_KWARGS["renorm_clipping"],
                                                                            0.6)


def test_dense_lora_trains_only_the_low_rank_update():
    x = np.random.RandomState(0).rand(6, 5).astype("float32")
    y = np.random.RandomState(1).rand(6, 3).astype("float32")
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, lora_rank=2, lora_alpha=4)])
    dense = model.layers[0]
    assert [w.name for w in dense.trainable_weights] == ["bias", "lora_kernel_a", "lora_kernel_b"]
    kernel = dense.kernel.numpy().copy()
    np.testing.assert_allclose(model(x).numpy(), x @ kernel, rtol=1e-5, atol=1e-6)  # B starts at zeros
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss="mse")
    model.fit(x, y, epochs=3, batch_size=6, verbose=0)
    np.testing.assert_array_equal(dense.kernel.numpy(), kernel)  # the base stays frozen
    a, b = dense.lora_kernel_a.numpy(), dense.lora_kernel_b.numpy()
    assert np.abs(b).sum() > 0
    expected = x @ (kernel + (4 / 2) * a @ b) + dense.bias.numpy()
    np.testing.assert_allclose(model.predict(x, verbose=0), expected, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="already enabled"):
        dense.enable_lora(2)


def test_embedding_lora_rank_and_errors():
    layer = keras.layers.Embedding(10, 4, lora_rank=3)
    ids = np.array([[1, 7]])
    out = layer(ids)
    base = layer.embeddings.numpy()
    np.testing.assert_allclose(out.numpy(), base[[1, 7]][None], rtol=1e-6)
    assert [w.name for w in layer.trainable_weights] == ["lora_embeddings_a", "lora_embeddings_b"]
    assert keras.layers.Embedding.from_config(layer.get_config()).lora_rank == 3
    with pytest.raises(ValueError, match="isn't yet built"):
        keras.layers.Embedding(10, 4).enable_lora(2)
    with pytest.raises(ValueError, match="constraints"):
        constrained = keras.layers.Embedding(10, 4, embeddings_constraint="non_neg")
        constrained.build()
        constrained.enable_lora(2)


def test_einsum_dense_lora_matches_the_merged_kernel():
    # Shapes, names and trainable flags as real Keras 3.15 gives them for this layer:
    # kernel (6, 4, 5) frozen, bias (5,), lora_kernel_a (6, 4, 2), lora_kernel_b (2, 5); config has lora_rank/alpha.
    layer = keras.layers.EinsumDense("abc,cde->abde", (3, 4, 5), bias_axes="e", lora_rank=2, lora_alpha=3.0)
    x = np.random.default_rng(0).standard_normal((2, 3, 6)).astype("float32")
    layer(x)
    assert [(w.name, tuple(w.shape), w.trainable) for w in layer.weights] == [
        ("kernel", (6, 4, 5), False), ("bias", (5,), True), ("lora_kernel_a", (6, 4, 2), True),
        ("lora_kernel_b", (2, 5), True)]
    rng = np.random.default_rng(1)
    kernel, bias, a, b = (rng.standard_normal(tuple(w.shape)).astype("float32") for w in layer.weights)
    layer.set_weights([kernel, bias, a, b])
    want = np.einsum("abc,cde->abde", x, kernel + 1.5 * (a @ b)) + bias   # alpha / rank = 1.5
    np.testing.assert_allclose(np.asarray(layer(x)), want, rtol=1e-5, atol=1e-5)
    config = layer.get_config()
    assert (config["lora_rank"], config["lora_alpha"]) == (2, 3.0)
    assert "lora_rank" not in keras.layers.EinsumDense("ab,bc->ac", 4).get_config()   # Keras writes it only when set
    plain = keras.layers.EinsumDense("ab,bc->ac", 4)
    plain(np.ones((1, 3), "float32"))
    plain.enable_lora(2)
    assert [w.name for w in plain.trainable_weights] == ["lora_kernel_a", "lora_kernel_b"]
    with pytest.raises(ValueError, match="already enabled"):
        plain.enable_lora(2)
    with pytest.raises(ValueError, match="isn't yet built"):
        keras.layers.EinsumDense("ab,bc->ac", 4).enable_lora(2)
