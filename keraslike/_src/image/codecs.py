"""`tf.io`/`tf.image` PNG and JPEG decoding and encoding through `torchvision.io` (libpng, libjpeg).

Mirrors `tensorflow/python/ops/image_ops_impl.py` (`decode_image`) and the decode/encode ops.
`contents` may be `bytes`, a 0-d numpy bytes/object array or a 1-D uint8 tensor; decoded images
are `(height, width, channels)` uint8 tensors; `contents` may also be a scalar string tensor, and
encoders return one (a `StringTensor`, as TF returns a scalar `tf.string` tensor). PNG decoding is
exact. JPEG decoding uses libjpeg's accurate integer IDCT (TF's `dct_method="INTEGER_ACCURATE"`, whose pixels it
gives exactly); TF 2.21's default `dct_method=""` is its fast IDCT (`"INTEGER_FAST"`), whose pixels differ from
these by about 1 level on average and up to 7 (measured under TF 2.21 on random 32x32 images at quality 95; 3 in
`tf.image.adjust_jpeg_quality`'s docstring example at quality 75). torchvision cannot decode with the fast IDCT,
so an explicit `"INTEGER_FAST"` raises; the default `""` decodes accurately, not as TF.
"""

import io

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.image.image_ops import convert_image_dtype
from keraslike._src.ops import dtypes
from keraslike._src.ops.string_tensor import StringTensor

_MODES = {0: "UNCHANGED", 1: "GRAY", 2: "GRAY_ALPHA", 3: "RGB", 4: "RGB_ALPHA"}


def _io():
    try:
        import torchvision.io  # optional dependency (the vision extra)
    except ImportError as err:  # pragma: no cover - torchvision is in the vision extra
        raise ImportError("Image decoding and encoding use torchvision: pip install 'keraslike[vision]'") from err
    return torchvision.io


def _bytes(contents):
    if isinstance(contents, torch.Tensor):
        return contents.to(torch.uint8).reshape(-1).cpu()
    if isinstance(contents, StringTensor):
        contents = contents.numpy()
    if isinstance(contents, np.ndarray):
        contents = contents.item() if contents.ndim == 0 else contents.tobytes()
    if isinstance(contents, str):
        contents = contents.encode("latin-1")
    if not isinstance(contents, (bytes, bytearray)):
        raise TypeError(f"Expected the encoded image as bytes. Received: contents of type {type(contents).__name__}")
    return torch.frombuffer(bytearray(contents), dtype=torch.uint8)


def _mode(channels):
    channels = 0 if channels is None else int(channels)
    if channels not in _MODES:
        raise ValueError(f"channels must be 0, 1, 2, 3 or 4. Received: channels={channels}")
    return getattr(_io().ImageReadMode, _MODES[channels])


def _hwc(chw):
    return chw.permute(1, 2, 0).contiguous()


def decode_png(contents, channels=0, dtype=torch.uint8, name=None):
    """`tf.io.decode_png(contents, channels=0, dtype=tf.uint8)`: `(h, w, c)` uint8 (or uint16) pixels."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (torch.uint8, torch.uint16):
        raise ValueError(f"decode_png supports dtype uint8 or uint16. Received: dtype={dtype}")
    image = _hwc(_io().decode_png(_bytes(contents), mode=_mode(channels)))
    return image if image.dtype == dtype else convert_image_dtype(image, dtype)


def decode_jpeg(contents, channels=0, ratio=1, fancy_upscaling=True, try_recover_truncated=False,
                acceptable_fraction=1, dct_method="", name=None):
    """`tf.io.decode_jpeg(contents, channels=0)`: `(h, w, c)` uint8 pixels.

    Raises:
        ValueError: for `ratio` other than 1, `channels` 2 or 4, the unsupported recovery options, or
            `dct_method="INTEGER_FAST"` (see the module docstring).
        tf.errors.InvalidArgumentError: an unknown `dct_method`.
    """
    if int(ratio) != 1:
        raise ValueError(f"decode_jpeg(ratio=...) downscaling is not supported; resize after decoding. "
                         f"Received: ratio={ratio}")
    if try_recover_truncated or acceptable_fraction != 1 or not fancy_upscaling:
        raise ValueError("decode_jpeg's try_recover_truncated/acceptable_fraction/fancy_upscaling options are not "
                         "supported by torchvision's decoder. Received: "
                         f"try_recover_truncated={try_recover_truncated}, acceptable_fraction={acceptable_fraction}, "
                         f"fancy_upscaling={fancy_upscaling}")
    if int(channels or 0) in (2, 4):
        raise ValueError(f"JPEG images have 1 or 3 channels. Received: channels={channels}")
    check_dct_method(dct_method)
    return _hwc(_io().decode_jpeg(_bytes(contents), mode=_mode(channels)))


def check_dct_method(dct_method):
    """TF's check of a JPEG decode's `dct_method`, and the one method torchvision cannot do (module docstring).

    Raises:
        tf.errors.InvalidArgumentError: a value other than "", "INTEGER_FAST", "INTEGER_ACCURATE" (TF's error).
        ValueError: "INTEGER_FAST" (libjpeg's fast IDCT, which torchvision's decoder does not offer).
    """
    if dct_method not in ("", "INTEGER_FAST", "INTEGER_ACCURATE"):
        raise errors.InvalidArgumentError(None, None, "dct_method must be one of {'', 'INTEGER_FAST', "
                                          f"'INTEGER_ACCURATE'}}. Received: dct_method={dct_method!r}")
    if dct_method == "INTEGER_FAST":
        raise ValueError("dct_method='INTEGER_FAST' (libjpeg's fast IDCT) is not offered by torchvision's JPEG "
                         "decoder; 'INTEGER_ACCURATE' gives TF's pixels exactly, the default '' decodes accurately "
                         "too (TF's default is the fast IDCT: pixels differ by about 1 on average, up to 7). Received: "
                         "dct_method='INTEGER_FAST'")


def extract_jpeg_shape(contents, output_type=torch.int32, name=None):
    """`tf.io.extract_jpeg_shape(contents, output_type=tf.int32)`: `[height, width, channels]` of a JPEG.

    (torchvision has no header-only reader, so the image is decoded.)

    Raises:
        TypeError: an `output_type` other than int32/int64.
    """
    dtype = dtypes.as_dtype(output_type)
    if dtype not in (torch.int32, torch.int64):
        raise TypeError(f"Expected output_type tf.int32 or tf.int64. Received: output_type={output_type!r}")
    return torch.tensor(list(decode_jpeg(contents).shape), dtype=dtype)


def decode_and_crop_jpeg(contents, crop_window, channels=0, ratio=1, fancy_upscaling=True,
                         try_recover_truncated=False, acceptable_fraction=1, dct_method="", name=None):
    """`tf.io.decode_and_crop_jpeg(contents, crop_window, channels=0)`: the `[y, x, height, width]` window.

    The whole image is decoded, then cut (TF's libjpeg decodes only the window; pixels can differ by the
    IDCT rounding noted in the module docstring).

    Raises:
        tf.errors.InvalidArgumentError: a window outside the image.
        ValueError: as `decode_jpeg`'s options.
    """
    image = decode_jpeg(contents, channels, ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction,
                        dct_method)
    window = [int(v) for v in (crop_window.tolist() if hasattr(crop_window, "tolist") else crop_window)]
    if len(window) != 4:
        raise ValueError(f"Expected crop_window [y, x, height, width]. Received: crop_window={window}")
    y, x, h, w = window
    height, width = image.shape[0], image.shape[1]
    if y < 0 or x < 0 or h <= 0 or w <= 0 or y + h > height or x + w > width:
        raise errors.InvalidArgumentError(None, None, f"jpeg::Uncompress failed. Invalid JPEG data or crop window. "
                                          f"(image {height}x{width}, crop_window={window})")
    return image[y:y + h, x:x + w].contiguous()


def decode_gif(contents, name=None):
    """`tf.io.decode_gif(contents)`: every frame, `(frames, h, w, 3)` uint8 (a still GIF has one frame)."""
    frames = _io().decode_gif(_bytes(contents))
    frames = frames if frames.dim() == 4 else frames.unsqueeze(0)
    frames = frames.permute(0, 2, 3, 1).contiguous()
    return frames.expand(*frames.shape[:3], 3).contiguous() if frames.shape[-1] == 1 else frames[..., :3]


def decode_bmp(contents, channels=0, name=None):
    """`tf.io.decode_bmp(contents, channels=0)`: `(h, w, 3 or 4)` uint8 pixels (through Pillow).

    Raises:
        ValueError: for `channels` other than 0, 3 or 4.
    """
    if int(channels or 0) not in (0, 3, 4):
        raise ValueError(f"decode_bmp supports channels 0, 3 or 4. Received: channels={channels}")
    from PIL import Image  # torchvision's dependency; torchvision.io has no BMP decoder

    image = Image.open(io.BytesIO(bytes(_bytes(contents).numpy().tobytes())))
    mode = {0: "RGBA" if image.mode in ("RGBA", "LA") else "RGB", 3: "RGB", 4: "RGBA"}[int(channels or 0)]
    return torch.from_numpy(np.array(image.convert(mode)))


def decode_webp(contents, channels=0, expand_animations=True, dtype=torch.uint8, name=None):
    """`tf.io.decode_webp(contents, channels=0, expand_animations=True)`: a still WebP's pixels.

    As TF: `(1, h, w, c)` with `expand_animations=True` (a one-frame animation), `(h, w, c)` otherwise.
    """
    image = _hwc(_io().decode_webp(_bytes(contents), mode=_mode(channels)))
    image = image.unsqueeze(0) if expand_animations else image
    return convert_image_dtype(image, dtypes.as_dtype(dtype))


def decode_image(contents, channels=None, dtype=torch.uint8, name=None, expand_animations=True):
    """`tf.io.decode_image(contents, channels=None, dtype=tf.uint8)`: PNG, JPEG, GIF, BMP or WebP by content.

    A GIF gives `(frames, h, w, 3)` with `expand_animations=True` (TF's rule), its first frame otherwise.
    Float dtypes are scaled to [0, 1] (`convert_image_dtype`).
    """
    data = _bytes(contents)
    head = bytes(data[:6].tolist())
    if head.startswith(b"BM"):
        image = decode_bmp(contents, channels or 0)
    elif head.startswith((b"GIF87a", b"GIF89a")):
        image = decode_gif(contents)
        if not expand_animations:
            image = image[0]
    else:
        image = _io().decode_image(data, mode=_mode(channels))
        image = image.permute(0, 2, 3, 1) if image.dim() == 4 else _hwc(image)
        if image.dim() == 4 and not expand_animations:
            image = image[0]
    return convert_image_dtype(image, dtypes.as_dtype(dtype))


def encode_png(image, compression=-1, name=None):
    """`tf.io.encode_png(image, compression=-1)`: PNG bytes of a `(h, w, c)` uint8 image (c in 1-4)."""
    x = image if isinstance(image, torch.Tensor) else torch.as_tensor(np.asarray(image))
    if x.dim() != 3 or x.dtype != torch.uint8:
        raise ValueError(f"encode_png expects a (height, width, channels) uint8 image. Received: shape="
                         f"{tuple(x.shape)}, dtype={x.dtype}")
    level = 6 if int(compression) == -1 else int(compression)
    return StringTensor(_io().encode_png(x.permute(2, 0, 1).contiguous().cpu(), compression_level=level).numpy()
                        .tobytes())


def encode_jpeg(image, format="", quality=95, progressive=False, optimize_size=False, chroma_downsampling=True,
                density_unit="in", x_density=300, y_density=300, xmp_metadata="", name=None):
    """`tf.io.encode_jpeg(image, quality=95)`: JPEG bytes of a `(h, w, 1 or 3)` uint8 image.

    Raises:
        ValueError: for encoder options torchvision does not offer (progressive, optimize_size,
            chroma_downsampling=False, density, XMP metadata, a forced `format`).
    """
    if progressive or optimize_size or not chroma_downsampling or xmp_metadata or format or \
            (density_unit, x_density, y_density) != ("in", 300, 300):
        raise ValueError("encode_jpeg here supports `quality` only (torchvision's encoder); progressive, "
                         "optimize_size, chroma_downsampling=False, density, xmp_metadata and format are not "
                         "supported. Received: non-default encoder options")
    x = image if isinstance(image, torch.Tensor) else torch.as_tensor(np.asarray(image))
    if x.dim() != 3 or x.dtype != torch.uint8 or x.shape[-1] not in (1, 3):
        raise ValueError(f"encode_jpeg expects a (height, width, 1 or 3) uint8 image. Received: shape="
                         f"{tuple(x.shape)}, dtype={x.dtype}")
    return StringTensor(_io().encode_jpeg(x.permute(2, 0, 1).contiguous().cpu(), quality=int(quality)).numpy()
                        .tobytes())


def is_jpeg(contents, name=None):
    """`tf.io.is_jpeg(contents)`: the contents start with JPEG's marker."""
    return bool(_bytes(contents)[:3].tolist() == [0xFF, 0xD8, 0xFF])
