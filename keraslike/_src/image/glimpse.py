"""`tf.image.extract_glimpse`: fixed-size windows of each image at per-image offsets (TF 2's version).

Mirrors `tensorflow/python/ops/image_ops_impl.py::extract_glimpse_v2` and its kernel: offsets are `(y, x)` per
image; `normalized` offsets are fractions of the image size; `centered` ones count from the image centre
(normalized and centered: in [-1, 1] over the image, pointing at the glimpse's centre); the window's top-left
corner is the result truncated toward zero. Pixels outside the image are `noise`: "zero", "uniform" (uniform
between the image channel's min and max) or "gaussian" (the channel's mean and standard deviation).

Example:
    >>> tf.image.extract_glimpse(x, size=(2, 2), offsets=[[1, 1]], centered=False, normalized=False)
"""

import torch

from keraslike._src.ops.conversion import to_tensor


def _corner(offset, size, extent, centered, normalized):
    if normalized:
        offset = offset * extent
        if centered:
            offset = offset / 2.0 + extent / 2.0 - size / 2.0
    elif centered:
        offset = offset + extent / 2.0
    return int(offset)  # truncation toward zero, as the kernel's cast


def extract_glimpse(input, size, offsets, centered=True, normalized=True, noise="uniform", name=None):
    """`tf.image.extract_glimpse(input, size, offsets, centered=True, normalized=True, noise="uniform")`.

    Args:
        input: float32 images `[batch, height, width, channels]`.
        size: `(glimpse_height, glimpse_width)`.
        offsets: `[batch, 2]` float `(y, x)` per image (see the module docstring).
        noise: what fills pixels outside the image: "uniform", "gaussian" or "zero".

    Returns:
        `[batch, glimpse_height, glimpse_width, channels]` float32.

    Raises:
        ValueError: a bad rank, `size`, `offsets` shape or `noise`.
    """
    x = to_tensor(input, torch.float32, "input")
    if x.dim() != 4:
        raise ValueError(f"input must be a 4-D tensor. Received: input.shape={list(x.shape)}")
    dims = [int(v) for v in to_tensor(size, None, "size").reshape(-1).tolist()]
    if len(dims) != 2 or min(dims) < 0:
        raise ValueError(f"size must be a pair of non-negative integers. Received: size={size}")
    off = to_tensor(offsets, torch.float32, "offsets")
    if tuple(off.shape) != (x.shape[0], 2):
        raise ValueError(f"offsets must be [batch_size, 2]. Received: offsets.shape={list(off.shape)}")
    if noise not in ("uniform", "gaussian", "zero"):
        raise ValueError(f"noise must be 'uniform', 'gaussian' or 'zero'. Received: noise={noise!r}")
    (gh, gw), (batch, height, width, channels) = dims, x.shape
    out = torch.zeros((batch, gh, gw, channels), dtype=torch.float32, device=x.device)
    rows, cols = torch.arange(gh, device=x.device), torch.arange(gw, device=x.device)
    for b in range(batch):
        y0 = _corner(float(off[b, 0]), gh, height, centered, normalized)
        x0 = _corner(float(off[b, 1]), gw, width, centered, normalized)
        image = x[b]
        if noise == "uniform":
            lo, hi = image.amin(dim=(0, 1)), image.amax(dim=(0, 1))
            out[b] = lo + (hi - lo) * torch.rand((gh, gw, channels), device=x.device)
        elif noise == "gaussian":
            mean, std = image.mean(dim=(0, 1)), image.std(dim=(0, 1), correction=0)
            out[b] = mean + std * torch.randn((gh, gw, channels), device=x.device)
        r, c = rows + y0, cols + x0
        r_ok, c_ok = (r >= 0) & (r < height), (c >= 0) & (c < width)
        if r_ok.any() and c_ok.any():
            window = image[r[r_ok]][:, c[c_ok]]
            out[b, r_ok.nonzero()[:, 0][:, None], c_ok.nonzero()[:, 0][None, :]] = window
    return out
