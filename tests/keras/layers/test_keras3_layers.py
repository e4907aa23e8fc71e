"""Keras 3 layers added for issue 10, beyond the value goldens: training-time noise, masks, custom
RNN cells, adaptive pooling, InputSpec, Wrapper and (de)serialisation."""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
layers = keras.layers
ops = keras.ops


def test_noise_layers_are_identity_at_inference_and_noisy_in_training():
    x = np.random.default_rng(0).standard_normal((200_000,)).astype("float32")
    for layer in (layers.GaussianNoise(0.5), layers.GaussianDropout(0.3), layers.AlphaDropout(0.3)):
        np.testing.assert_array_equal(layer(x).numpy(), x)
        assert not np.array_equal(layer(x, training=True).numpy(), x)
    noisy = layers.GaussianNoise(0.5)(x, training=True).numpy() - x
    assert abs(noisy.std() - 0.5) < 0.01
    factor = layers.GaussianDropout(0.3)(np.ones(200_000, "float32"), training=True).numpy()
    assert abs(factor.mean() - 1) < 0.01 and abs(factor.std() - np.sqrt(0.3 / 0.7)) < 0.01
    selu_like = layers.AlphaDropout(0.2)(x, training=True).numpy()  # keeps zero mean, unit variance
    assert abs(selu_like.mean()) < 0.01 and abs(selu_like.std() - 1) < 0.01


def test_seeded_noise_layers_repeat_their_sequence():
    x = np.ones((4, 5), "float32")
    a, b = layers.GaussianDropout(0.5, seed=3), layers.GaussianDropout(0.5, seed=3)
    first, second = a(x, training=True), a(x, training=True)
    assert not torch.equal(first, second)
    assert torch.equal(b(x, training=True), first) and torch.equal(b(x, training=True), second)


def test_masking_zeroes_steps_and_masks_the_next_layer():
    x = np.random.default_rng(1).standard_normal((2, 5, 3)).astype("float32")
    x[0, 3:] = 0.0
    x[1, 1] = 0.0
    masked = layers.Masking()(x)
    np.testing.assert_array_equal(masked._keras_mask.numpy(), [[1, 1, 1, 0, 0], [1, 0, 1, 1, 1]])
    lstm = layers.LSTM(4)
    out = lstm(masked)
    ref = lstm(x, mask=np.array([[1, 1, 1, 0, 0], [1, 0, 1, 1, 1]], bool))
    np.testing.assert_allclose(out.detach().numpy(), ref.detach().numpy(), rtol=1e-6)


class MinimalRNNCell(layers.Layer):
    """The custom cell of the Keras RNN guide."""

    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="uniform", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="uniform",
                                                name="recurrent_kernel")

    def call(self, inputs, states):
        prev = states[0]
        out = ops.matmul(inputs, self.kernel) + ops.matmul(prev, self.recurrent_kernel)
        return out, [out]


def _manual(cell, x):
    h = np.zeros((x.shape[0], cell.units), "float32")
    w, u = (v.numpy() for v in (cell.kernel, cell.recurrent_kernel))
    outs = []
    for t in range(x.shape[1]):
        h = x[:, t] @ w + h @ u
        outs.append(h)
    return np.stack(outs, 1)


def test_rnn_with_a_custom_cell_and_stacked_cells():
    x = np.random.default_rng(2).standard_normal((3, 6, 4)).astype("float32")
    cell = MinimalRNNCell(5)
    seq = layers.RNN(cell, return_sequences=True)(x)
    np.testing.assert_allclose(seq.detach().numpy(), _manual(cell, x), rtol=1e-5, atol=1e-6)
    a, b = MinimalRNNCell(5), MinimalRNNCell(2)
    rnn = layers.RNN([a, b], return_state=True)
    out, s1, s2 = rnn(x)
    assert isinstance(rnn.cell, layers.StackedRNNCells) and rnn.cell.state_size == [5, 2]
    first = _manual(a, x)
    np.testing.assert_allclose(out.detach().numpy(), _manual(b, first)[:, -1], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(s1.detach().numpy(), first[:, -1], rtol=1e-5, atol=1e-6)
    assert len(rnn.weights) == 4 and s2.shape == (3, 2)


def test_stacked_builtin_cells_match_stacked_layers():
    x = np.random.default_rng(3).standard_normal((2, 5, 3)).astype("float32")
    stacked = layers.RNN(layers.StackedRNNCells([layers.LSTMCell(4), layers.GRUCell(2)]))
    out = stacked(x)
    lstm, gru = layers.LSTM(4, return_sequences=True), layers.GRU(2)
    gru(lstm(x))
    lstm.set_weights([w.numpy() for w in stacked.cell.cells[0].weights])
    gru.set_weights([w.numpy() for w in stacked.cell.cells[1].weights])
    np.testing.assert_allclose(out.detach().numpy(), gru(lstm(x)).detach().numpy(), rtol=1e-5, atol=1e-6)
    clone = layers.RNN.from_config(stacked.get_config())
    assert [type(c).__name__ for c in clone.cell.cells] == ["LSTMCell", "GRUCell"]


def test_adaptive_pooling_equals_block_pooling_when_sizes_divide():
    x = np.random.default_rng(4).standard_normal((2, 6, 8, 3)).astype("float32")
    blocks = x.reshape(2, 3, 2, 2, 4, 3)
    np.testing.assert_allclose(layers.AdaptiveAveragePooling2D((3, 2))(x).numpy(), blocks.mean((2, 4)), rtol=1e-6)
    np.testing.assert_allclose(layers.AdaptiveMaxPooling2D((3, 2))(x).numpy(), blocks.max((2, 4)), rtol=1e-6)
    seq = x[:, :, 0, :]
    np.testing.assert_allclose(layers.AdaptiveAveragePooling1D(3)(seq).numpy(),
                               seq.reshape(2, 3, 2, 3).mean(2), rtol=1e-6)
    assert layers.AdaptiveMaxPooling3D(2)(np.ones((1, 4, 4, 4, 2), "float32")).shape == (1, 2, 2, 2, 2)


def test_attention_masks_against_a_hand_computation():
    rng = np.random.default_rng(5)
    q, v = rng.standard_normal((2, 3, 4)).astype("float32"), rng.standard_normal((2, 5, 4)).astype("float32")
    q_mask = np.array([[1, 1, 0], [1, 1, 1]], bool)
    v_mask = np.array([[1, 1, 1, 0, 0], [1, 0, 1, 1, 1]], bool)
    out, scores = layers.Attention()([q, v], mask=[q_mask, v_mask], return_attention_scores=True)
    logits = np.where(v_mask[:, None, :], q @ v.transpose(0, 2, 1), -np.inf)
    weights = np.exp(logits - logits.max(-1, keepdims=True))
    weights /= weights.sum(-1, keepdims=True)
    np.testing.assert_allclose(scores.numpy(), weights, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(out.numpy(), (weights @ v) * q_mask[..., None], rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="list of inputs"):
        layers.Attention()(q)


def test_input_spec_is_checked_on_call():
    class Needs4D(layers.Layer):
        def __init__(self):
            super().__init__()
            self.input_spec = layers.InputSpec(ndim=4, axes={-1: 3})

        def call(self, x):
            return x

    layer = Needs4D()
    layer(np.zeros((1, 2, 2, 3), "float32"))
    with pytest.raises(ValueError, match="expected ndim=4, found ndim=2"):
        layer(np.zeros((2, 3), "float32"))
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 3"):
        layer(np.zeros((1, 2, 2, 4), "float32"))


def test_wrapper_and_layer_serialization_round_trip():
    class Doubled(layers.Wrapper):
        def call(self, inputs):
            return self.layer(inputs) * 2

    dense = layers.Dense(3)
    wrapped = Doubled(dense)
    x = np.ones((2, 4), "float32")
    np.testing.assert_allclose(wrapped(x).detach().numpy(), 2 * dense(x).detach().numpy(), rtol=1e-6)
    config = layers.serialize(layers.EinsumDense("ab,bc->ac", output_shape=4, bias_axes="c", activation="relu"))
    assert config["class_name"] == "EinsumDense" and config["config"]["equation"] == "ab,bc->ac"
    rebuilt = layers.deserialize(config)
    assert isinstance(rebuilt, layers.EinsumDense) and rebuilt.bias_axes == "c"
    with pytest.raises(ValueError, match="isn't a supported layer"):
        layers.Wrapper("dense")


def test_einsum_dense_errors_and_shapes():
    layer = layers.EinsumDense("abc,cde->abde", output_shape=(None, 2, 4), bias_axes="de")
    assert layer(np.ones((2, 3, 5), "float32")).shape == (2, 3, 2, 4)
    assert tuple(layer.kernel.shape) == (5, 2, 4) and tuple(layer.bias.shape) == (2, 4)
    with pytest.raises(ValueError, match="Invalid einsum equation"):
        layers.EinsumDense("ab->c", output_shape=3)(np.ones((2, 3), "float32"))
    with pytest.raises(ValueError, match="Bias dimension 'z'"):
        layers.EinsumDense("ab,bc->ac", output_shape=3, bias_axes="z")(np.ones((2, 3), "float32"))


def test_new_layers_train_in_fit():
    keras.utils.set_random_seed(6)
    rng = np.random.default_rng(6)
    x = rng.standard_normal((64, 6, 4)).astype("float32")
    y = (x.sum(axis=(1, 2)) > 0).astype("int32")
    inputs = keras.Input((6, 4))
    h = layers.EinsumDense("abc,cd->abd", output_shape=(None, 8), bias_axes="d")(inputs)
    h = layers.GaussianNoise(0.1)(h)
    h = layers.Attention(use_scale=True)([h, h])
    h = layers.RNN(MinimalRNNCell(8))(layers.UnitNormalization()(h))
    model = keras.Model(inputs, layers.Dense(2)(layers.AlphaDropout(0.1)(h)))
    model.compile(keras.optimizers.Adam(0.01), keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, epochs=15, batch_size=16, verbose=0)
    assert history.history["loss"][-1] < 0.8 * history.history["loss"][0]


def test_activity_regularization_adds_the_penalty_per_call():
    layer = layers.ActivityRegularization(l1=0.1, l2=0.01)
    x = np.array([[1.0, -2.0], [3.0, 0.5]], "float32")
    np.testing.assert_array_equal(layer(x).numpy(), x)
    expected = (0.1 * np.abs(x).sum() + 0.01 * (x ** 2).sum()) / 2
    assert len(layer.losses) == 1
    np.testing.assert_allclose(float(layer.losses[0]), expected, rtol=1e-6)
    layer(x)
    assert len(layer.losses) == 1  # replaced by the next call, not accumulated
    assert layers.ActivityRegularization.from_config(layer.get_config()).l1 == 0.1


def test_conv_lstm_trains_masks_and_round_trips():
    keras.utils.set_random_seed(7)
    x = np.random.default_rng(7).standard_normal((8, 3, 5, 5, 1)).astype("float32")
    layer = layers.ConvLSTM2D(2, 3, padding="same", return_sequences=True)
    mask = np.array([[1, 1, 0]] * 8, bool)
    out = layer(x, mask=mask)
    np.testing.assert_array_equal(out[:, 2].detach().numpy(), out[:, 1].detach().numpy())  # masked step repeats
    model = keras.Sequential([keras.Input((3, 5, 5, 1)), layers.ConvLSTM2D(2, 3, dropout=0.1),
                              layers.GlobalAveragePooling2D(), layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.05), "mse")
    history = model.fit(x, x.mean(axis=(1, 2, 3)), epochs=8, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    clone = layers.ConvLSTM2D.from_config(layer.get_config())
    assert clone.cell.kernel_size == (3, 3) and clone.return_sequences


def test_group_query_attention_in_a_model():
    keras.utils.set_random_seed(8)
    x = np.random.default_rng(8).standard_normal((16, 6, 8)).astype("float32")
    inputs = keras.Input((6, 8))
    attn = layers.GroupQueryAttention(head_dim=4, num_query_heads=4, num_key_value_heads=2, dropout=0.1)
    out = layers.Dense(1)(layers.GlobalAveragePooling1D()(attn(inputs, inputs, use_causal_mask=True)))
    model = keras.Model(inputs, out)
    model.compile(keras.optimizers.Adam(0.01), "mse")
    history = model.fit(x, x.mean(axis=(1, 2))[:, None], epochs=10, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert [tuple(w.shape) for w in attn.get_weights()][:4] == [(8, 4, 4), (4, 4), (8, 2, 4), (2, 4)]
    with pytest.raises(ValueError, match="divisible"):
        layers.GroupQueryAttention(head_dim=2, num_query_heads=3, num_key_value_heads=2)


def test_spectral_normalization_keeps_the_kernel_norm_near_one_in_fit():
    keras.utils.set_random_seed(9)
    x = np.random.default_rng(9).standard_normal((64, 6)).astype("float32")
    sn = layers.SpectralNormalization(layers.Dense(5, kernel_initializer=keras.initializers.RandomNormal(stddev=3.0)),
                                      power_iterations=3)
    model = keras.Sequential([keras.Input((6,)), sn, layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.001), "mse")
    model.fit(x, x[:, :1], epochs=3, batch_size=16, verbose=0)
    sigma = np.linalg.svd(sn.layer.kernel.detach().numpy(), compute_uv=False)[0]
    assert abs(sigma - 1.0) < 0.05
    assert [tuple(w.shape) for w in sn.get_weights()] == [(6, 5), (1, 5), (5,)]
    with pytest.raises(ValueError, match="power_iterations"):
        layers.SpectralNormalization(layers.Dense(2), power_iterations=0)
