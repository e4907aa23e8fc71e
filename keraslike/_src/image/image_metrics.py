"""`tf.image.ssim` and colour-space matrices (`rgb_to_yuv`, `rgb_to_yiq` and inverses), `sobel_edges`.

Mirrors `tensorflow/python/ops/image_ops_impl.py`: SSIM with an 11x11 Gaussian window (sigma
1.5, TF's softmax-normalised kernel), VALID depthwise filtering, k1=0.01, k2=0.03, averaged over
the spatial axes and then the channels.
"""

import torch

from keraslike._src import errors
from keraslike._src.image.image_ops import convert_image_dtype
from keraslike._src.ops.conversion import convert_to_tensor


def _gauss_kernel(size, sigma, device):
    coords = torch.arange(size, dtype=torch.float32, device=device) - (size - 1) / 2.0
    g = coords.square() * (-0.5 / float(sigma) ** 2)
    g = (g.reshape(1, -1) + g.reshape(-1, 1)).reshape(-1)
    return torch.softmax(g, dim=0).reshape(size, size)


def _filter(x, kernel):
    """Depthwise VALID filtering of NHWC `x` by a 2-D kernel (the same for every channel)."""
    n, h, w, c = x.shape
    nchw = x.permute(0, 3, 1, 2).reshape(n * c, 1, h, w).contiguous()
    out = torch.nn.functional.conv2d(nchw, kernel.reshape(1, 1, *kernel.shape))
    return out.reshape(n, c, out.shape[-2], out.shape[-1]).permute(0, 2, 3, 1)


def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, return_index_map=False):
    """`tf.image.ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)`.

    Args:
        img1, img2: `(..., h, w, c)` images of the same shape (h, w >= filter_size).
        max_val: the dynamic range (1.0 for float images in [0, 1], 255 for uint8).
        return_index_map: return the per-pixel SSIM map (averaged over channels) instead.

    Returns:
        SSIM per image (shape of the leading axes), float32.

    Raises:
        ValueError: for mismatched shapes.
        tf.errors.InvalidArgumentError: for images smaller than the filter (TF's assertion).
    """
    a = img1 if isinstance(img1, torch.Tensor) else convert_to_tensor(img1)
    b = img2 if isinstance(img2, torch.Tensor) else convert_to_tensor(img2)
    if a.shape != b.shape or a.dim() < 3:
        raise ValueError(f"img1 and img2 must have the same shape of rank >= 3. Received: {tuple(a.shape)}, "
                         f"{tuple(b.shape)}")
    if a.shape[-3] < filter_size or a.shape[-2] < filter_size:
        raise errors.InvalidArgumentError(f"Images must be at least filter_size={filter_size} in height and width. "
                         f"Received: shape={tuple(a.shape)}")
    max_val = float(convert_image_dtype(torch.tensor(max_val, dtype=a.dtype), torch.float32))
    a, b = convert_image_dtype(a, torch.float32), convert_image_dtype(b, torch.float32)
    lead = a.shape[:-3]
    x, y = a.reshape(-1, *a.shape[-3:]), b.reshape(-1, *b.shape[-3:])
    kernel = _gauss_kernel(int(filter_size), filter_sigma, x.device)
    c1, c2 = (k1 * max_val) ** 2, (k2 * max_val) ** 2
    mean_x, mean_y = _filter(x, kernel), _filter(y, kernel)
    num0 = mean_x * mean_y * 2.0
    den0 = mean_x.square() + mean_y.square()
    luminance = (num0 + c1) / (den0 + c1)
    num1 = _filter(x * y, kernel) * 2.0
    den1 = _filter(x.square() + y.square(), kernel)
    cs = (num1 - num0 + c2) / (den1 - den0 + c2)
    ssim_map = luminance * cs
    if return_index_map:
        return ssim_map.mean(dim=-1).reshape(*lead, *ssim_map.shape[1:3])
    return ssim_map.mean(dim=(-3, -2)).mean(dim=-1).reshape(lead)


_YUV = ((0.299, -0.14714119, 0.61497538), (0.587, -0.28886916, -0.51496512), (0.114, 0.43601035, -0.10001026))
_YUV_INV = ((1.0, 1.0, 1.0), (0.0, -0.394642334, 2.03206185), (1.13988303, -0.58062185, 0.0))
_YIQ = ((0.299, 0.59590059, 0.2115), (0.587, -0.27455667, -0.52273617), (0.114, -0.32134392, 0.31119955))
_YIQ_INV = ((1.0, 1.0, 1.0), (0.95598634, -0.27201283, -1.10674021), (0.6208248, -0.64720424, 1.70423049))


def _matmul_last(images, matrix):
    x = images if isinstance(images, torch.Tensor) else convert_to_tensor(images)
    return torch.tensordot(x, torch.tensor(matrix, dtype=x.dtype, device=x.device), dims=([-1], [0]))


def rgb_to_yuv(images):
    """`tf.image.rgb_to_yuv(images)`: float RGB to YUV (TF's matrix)."""
    return _matmul_last(images, _YUV)


def yuv_to_rgb(images):
    """`tf.image.yuv_to_rgb(images)`."""
    return _matmul_last(images, _YUV_INV)


def rgb_to_yiq(images):
    """`tf.image.rgb_to_yiq(images)`: float RGB to YIQ (TF's matrix)."""
    return _matmul_last(images, _YIQ)


def yiq_to_rgb(images):
    """`tf.image.yiq_to_rgb(images)`."""
    return _matmul_last(images, _YIQ_INV)


def sobel_edges(image):
    """`tf.image.sobel_edges(image)`: `(b, h, w, c, 2)` Sobel responses [dy, dx], REFLECT padding (TF's)."""
    x = image if isinstance(image, torch.Tensor) else convert_to_tensor(image)
    ky = torch.tensor([[-1, -2, -1], [0, 0, 0], [1, 2, 1]], dtype=x.dtype, device=x.device)
    kx = ky.t().contiguous()
    padded = torch.nn.functional.pad(x.permute(0, 3, 1, 2), (1, 1, 1, 1), mode="reflect").permute(0, 2, 3, 1)
    return torch.stack([_filter(padded, ky), _filter(padded, kx)], dim=-1)
