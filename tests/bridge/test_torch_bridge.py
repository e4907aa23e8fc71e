"""The torch bridge both ways: TorchModuleWrapper (torch module -> Keras layer) and keraslike models in torch code."""

import numpy as np
import pytest
import torch

import keraslike as tf
from tests.conftest import in_turn

keras = tf.keras


def small_cnn():
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.BatchNorm2d(4), torch.nn.ReLU(), torch.nn.Dropout(0.5),
        torch.nn.Flatten(), torch.nn.Linear(4 * 4 * 4, 3),
    )


def test_wrapper_weights_are_the_module_parameters_as_variables():
    module = small_cnn()
    original = module[0].weight.detach().clone()
    layer = keras.layers.TorchModuleWrapper(module, name="tcnn")
    assert isinstance(layer, keras.layers.Layer) and layer.built
    assert [w.name for w in layer.trainable_weights] == [
        "tcnn/0.weight:0", "tcnn/0.bias:0", "tcnn/1.weight:0", "tcnn/1.bias:0", "tcnn/5.weight:0", "tcnn/5.bias:0"]
    assert [w.path for w in layer.non_trainable_weights] == [
        "tcnn/1.running_mean", "tcnn/1.running_var", "tcnn/1.num_batches_tracked"]
    assert all(isinstance(w, tf.Variable) for w in layer.weights)
    assert module[0].weight is layer.trainable_weights[0]            # replaced in place, same storage values
    np.testing.assert_array_equal(module[0].weight.numpy(), original.numpy())
    assert layer.count_params() == sum(p.numel() for p in module.state_dict().values())
    assert {id(p) for p in layer.parameters()} >= {id(w) for w in layer.trainable_weights}


def test_frozen_parameters_and_tied_weights():
    module = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 4))
    module[1].weight = module[0].weight                                 # tied
    module[0].bias.requires_grad_(False)
    layer = keras.layers.TorchModuleWrapper(module)
    assert module[1].weight is module[0].weight and isinstance(module[1].weight, tf.Variable)
    assert len(layer.trainable_weights) == 2 and len(layer.non_trainable_weights) == 1
    layer.trainable = False
    assert layer.trainable_weights == [] and not module[0].weight.requires_grad


def test_get_set_weights_round_trip_and_replaced_buffers():
    a, b = keras.layers.TorchModuleWrapper(small_cnn()), keras.layers.TorchModuleWrapper(small_cnn())
    b.set_weights(a.get_weights())
    x = torch.randn(2, 3, 4, 4)
    torch.testing.assert_close(a(x), b(x))
    b.module.to(torch.float64).to(torch.float32)                        # torch replaces the buffer objects
    assert all(isinstance(w, tf.Variable) for w in b.non_trainable_weights)
    assert len(b.weights) == len(a.weights)


def test_training_flag_sets_the_module_mode_and_inputs_pass_unchanged():
    layer = keras.layers.TorchModuleWrapper(torch.nn.Dropout(0.5))
    x = torch.ones(4, 3, 8, 8)                                          # NCHW stays NCHW
    assert torch.equal(layer(x), x) and not layer.module.training     # inference by default, as Keras
    y = layer(x, training=True)
    assert layer.module.training and y.shape == x.shape and not torch.equal(y, x)
    assert torch.equal(layer(x, training=False), x)


def test_wrapper_errors_and_config():
    with pytest.raises(TypeError, match="Expected a torch.nn.Module.*Received: module=3"):
        keras.layers.TorchModuleWrapper(3)
    layer = keras.layers.TorchModuleWrapper(torch.nn.Linear(2, 2), output_shape=(2,))
    config = layer.get_config()
    assert config["module"] == "torch.nn.modules.linear.Linear"
    assert layer.compute_output_shape((None, 2)) == (None, 2)
    with pytest.raises(NotImplementedError, match="never does"):
        keras.layers.TorchModuleWrapper.from_config(config)


def test_functional_model_with_a_wrapped_module_fits():
    tf.keras.utils.set_random_seed(0)
    inputs = keras.Input(shape=(3, 4, 4))
    features = keras.layers.TorchModuleWrapper(small_cnn())(inputs)
    outputs = keras.layers.Dense(3)(features)
    model = keras.Model(inputs, outputs)
    model.compile(keras.optimizers.Adam(0.01), keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 3, 4, 4)).astype("float32")
    y = (x[:, 0].mean(axis=(1, 2)) > 0).astype("int64")
    history = model.fit(x, y, batch_size=16, epochs=8, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert len(model.trainable_weights) == 8
    assert model.predict(x[:5], verbose=0).shape == (5, 3)


def test_keraslike_model_in_plain_torch_code():
    """The way back: a keraslike model is a torch.nn.Module (parameters, forward, state_dict)."""
    tf.keras.utils.set_random_seed(0)

    def build():
        # state_dict keys are layer names ("hidden.kernel"): name the layers, or rebuild after clear_session()
        return keras.Sequential([keras.Input(shape=(6,)), keras.layers.Dense(16, activation="relu", name="hidden"),
                                 keras.layers.Dropout(0.1), keras.layers.Dense(2, name="logits")])

    model = build()
    assert isinstance(model, torch.nn.Module)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(128, 6)
    y = (x[:, 0] > 0).long()
    first = None
    for _ in range(30):
        loss = torch.nn.functional.cross_entropy(model(x, training=True), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        first = first if first is not None else loss.item()
    assert loss.item() < first
    other = build()
    other.load_state_dict(model.state_dict())
    torch.testing.assert_close(other(x), model(x))
    assert sorted(model.state_dict()) == ["hidden.bias", "hidden.kernel", "logits.bias", "logits.kernel"]
    assert tuple(model.state_dict()["hidden.kernel"].shape) == (6, 16)      # Keras layout (in, out)
    assert model(x).shape == (128, 2)


@pytest.mark.slow
@pytest.mark.timeout(900)  # waits for its in-turn groups
def test_wrapped_module_under_mirrored_strategy_equals_one_device(tmp_path_factory):
    # the runs are jobs of the shared in-turn groups (tests/conftest.py IN_TURN)
    (one_proc, one_dir), (two_proc, two_dir) = (in_turn(tmp_path_factory, group)["bridge"]
                                                for group in ("one_replica", "keras_two_replicas"))
    for proc in (one_proc, two_proc):
        assert proc.returncode == 0, proc.stderr[-3000:]
    one = np.load(one_dir / "r1.rank0.npz")
    two = [np.load(two_dir / f"r2.rank{r}.npz") for r in (0, 1)]
    assert int(two[0]["replicas"]) == 2
    for key in one.files:
        if key.startswith(("fit_", "loop_")):
            np.testing.assert_allclose(two[0][key], one[key], rtol=1e-5, atol=1e-6, err_msg=key)
    for key in two[0].files:   # replicas agree exactly, the batch-norm resnet included
        np.testing.assert_array_equal(two[0][key], two[1][key], err_msg=key)
    if "resnet_loss" in one.files:
        assert np.isfinite(two[0]["resnet_loss"]).all()


def test_weights_file_round_trip_and_model_file_refuses_to_unpickle(tmp_path):
    def build(name):
        module = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.BatchNorm1d(3))
        return keras.Sequential([keras.Input(shape=(4,)), keras.layers.TorchModuleWrapper(module, name=name)])

    model = build("wrapped_a")
    model.compile("adam", "mse")
    model.fit(np.random.rand(16, 4), np.random.rand(16, 3), verbose=0)
    model.save_weights(tmp_path / "w.weights.h5")
    other = build("wrapped_b")
    other.load_weights(tmp_path / "w.weights.h5")
    x = torch.rand(5, 4)
    torch.testing.assert_close(other(x), model(x))
    model.save(tmp_path / "m.keras")
    with pytest.raises(NotImplementedError, match="Build the module in code"):
        keras.models.load_model(tmp_path / "m.keras")
