"""ops/dropout_mask.py: dropout as `x * ((uniform >= rate) * (1 / (1 - rate)))`, the mask built in place.

Checked against hand computation: the keep rate, the kept values (TF's `x * (1 / (1 - rate))`), the gradient
(the same mask), the memory format of a channels_last input, and that a seeded mask is the generator's
`torch.rand(shape) >= rate` (what the layers drew before, so seeded programs keep their masks).
"""

import numpy as np
import torch

import keraslike as tf
from keraslike._src.ops import dropout_mask


def test_keep_rate_values_and_gradient():
    torch.manual_seed(0)
    x = torch.rand(200, 300) + 0.5
    x.requires_grad_(True)
    y = dropout_mask.dropout(x, 0.3)
    kept = y != 0
    assert abs(kept.float().mean().item() - 0.7) < 0.01
    scale = torch.tensor(1 / (1 - 0.3), dtype=torch.float32)
    torch.testing.assert_close(y[kept], x.detach()[kept] * scale, rtol=0, atol=0)
    y.sum().backward()
    torch.testing.assert_close(x.grad, kept.float() * scale, rtol=0, atol=0)


def test_seeded_mask_is_the_generators_uniform_draw_and_noise_shape_broadcasts():
    x = torch.ones(4, 5, 6)
    y = dropout_mask.dropout(x, 0.5, generator=torch.Generator().manual_seed(7), shape=(4, 1, 6))
    keep = torch.rand((4, 1, 6), generator=torch.Generator().manual_seed(7)) >= 0.5
    torch.testing.assert_close(y, (keep.float() * 2.0).expand(4, 5, 6), rtol=0, atol=0)


def test_channels_last_input_keeps_its_memory_format_and_half_types_keep_their_dtype():
    x = torch.rand(2, 3, 8, 8).contiguous(memory_format=torch.channels_last)
    assert dropout_mask.dropout(x, 0.5).is_contiguous(memory_format=torch.channels_last)
    h = torch.rand(64, 64, dtype=torch.float16)
    assert dropout_mask.dropout(h, 0.5).dtype == torch.float16
    assert dropout_mask.dropout(h, 0.5, generator=torch.Generator().manual_seed(1)).dtype == torch.float16


def test_layers_use_it_with_keras_semantics():
    x = np.ones((64, 128), "float32")
    out = tf.keras.layers.Dropout(0.25)(x, training=True).numpy()
    assert set(np.unique(out)) <= {0.0, np.float32(1 / 0.75)}
    assert abs((out != 0).mean() - 0.75) < 0.03
    seeded = tf.keras.layers.Dropout(0.25, seed=3)
    assert np.array_equal(tf.keras.layers.Dropout(0.25)(x, training=False).numpy(), x)
    assert set(np.unique(seeded(x, training=True).numpy())) <= {0.0, np.float32(1 / 0.75)}
    out = tf.keras.random.dropout(x, 0.5, seed=tf.keras.random.SeedGenerator(1)).numpy()
    assert set(np.unique(out)) <= {0.0, 2.0}
