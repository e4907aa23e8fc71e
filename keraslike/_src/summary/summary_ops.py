"""`tf.summary.scalar`, `histogram`, `image`, `text`, `write`: TF 2's tensor summaries in event files.

Mirrors `tensorboard/plugins/{scalar,histogram,image,text}/summary_v2.py` and
`tensorflow/python/ops/summary_ops_v2.py` (`write`). Each op writes one `Summary.Value` holding a
`TensorProto` and the plugin's `SummaryMetadata`, exactly the layout TF 2 writes, so TensorBoard
shows it under the same dashboard and `EventAccumulator.Tensors(tag)` returns the same arrays:

- scalar: float32 scalar, plugin "scalars";
- histogram: float64 `(buckets, 3)` of `[left edge, right edge, count]`, 30 equal-width buckets
  over `[min, max]` by default (all values in the last bucket when min == max), plugin "histograms";
- image: string vector `[width, height, png, png, ...]` of at most `max_outputs` images (floats in
  `[0, 1]` scaled to uint8), plugin "images";
- text: the string tensor itself, plugin "text";
- audio: string `(k, 2)` of `[16-bit PCM WAV, label ""]`, plugin "audio".

Tags get the current `tf.name_scope` as prefix (`"train/loss"`). Every op returns a bool tensor:
True when written, False when there is no default writer, the writer is a no-op or `record_if`
says no.
"""

import struct
import time

import numpy as np
import torch

from keraslike._src.ops.name_scope import current_scope
from keraslike._src.summary import png
from keraslike._src.summary import summary_writer as writers

_DT_FLOAT, _DT_DOUBLE, _DT_STRING = 1, 2, 7
_CLASS_SCALAR, _CLASS_TENSOR, _CLASS_BLOB_SEQUENCE = 1, 2, 3
DEFAULT_BUCKET_COUNT = 30


def _protos():
    # optional dependency (the tensorboard extra), imported when a summary is first written
    from tensorboard.compat.proto import event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2

    return event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2


def _numpy(data):
    if isinstance(data, torch.Tensor):
        t = data.detach()
        return (t.float() if t.dtype in (torch.bfloat16,) else t).cpu().numpy()
    return np.asarray(data)


def _tensor_proto(array, dtype_enum):
    _, _, tensor_pb2, tensor_shape_pb2 = _protos()
    shape = tensor_shape_pb2.TensorShapeProto(dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=d) for d in array.shape])
    proto = tensor_pb2.TensorProto(dtype=dtype_enum, tensor_shape=shape)
    if dtype_enum == _DT_STRING:
        proto.string_val.extend(v if isinstance(v, bytes) else str(v).encode("utf-8") for v in array.reshape(-1))
    elif dtype_enum == _DT_FLOAT:
        proto.tensor_content = np.ascontiguousarray(array, dtype="<f4").tobytes()
    else:
        proto.tensor_content = np.ascontiguousarray(array, dtype="<f8").tobytes()
    return proto


def _metadata(plugin_name, data_class, description, content=b""):
    _, summary_pb2, _, _ = _protos()
    return summary_pb2.SummaryMetadata(
        plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name=plugin_name, content=content),
        summary_description=description or "", data_class=data_class)


def plugin_metadata(plugin_name, content=b""):
    """A `SummaryMetadata` naming a TensorBoard plugin (and its content), with no data class."""
    _, summary_pb2, _, _ = _protos()
    return summary_pb2.SummaryMetadata(
        plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name=plugin_name, content=content))


def _write_value(name, tensor_proto, metadata, step):
    """Write one tensor summary value to the default writer; returns the bool-tensor result."""
    if not writers.should_record_summaries():
        return torch.tensor(False)
    step = writers.resolve_step(step)
    event_pb2, summary_pb2, _, _ = _protos()
    value = summary_pb2.Summary.Value(tag=current_scope() + name, tensor=tensor_proto, metadata=metadata)
    event = event_pb2.Event(wall_time=_wall_time(), step=step, summary=summary_pb2.Summary(value=[value]))
    writers.default_writer().add_event(event)
    return torch.tensor(True)


def _wall_time():
    return time.time()


def scalar(name, data, step=None, description=None):
    """`tf.summary.scalar(name, data, step=None, description=None)`: a float32 scalar summary.

    Raises:
        ValueError: if `data` is not a scalar, or no step is known.
    """
    array = _numpy(data)
    if array.ndim != 0:
        raise ValueError(f"Expected scalar shape for tf.summary.scalar data, saw shape: {array.shape}. "
                         f"Received: name={name!r}")
    if not writers.should_record_summaries():
        return torch.tensor(False)
    return _write_value(name, _tensor_proto(array.astype(np.float32), _DT_FLOAT),
                        _metadata("scalars", _CLASS_SCALAR, description), step)


def histogram_buckets(data, bucket_count=DEFAULT_BUCKET_COUNT):
    """TensorBoard's histogram buckets of `data`: float64 `(bucket_count, 3)` rows `[left, right, count]`."""
    values = np.asarray(data, dtype=np.float64).reshape(-1)
    if bucket_count == 0:
        return np.zeros((0, 3), dtype=np.float64)
    if values.size == 0:  # TensorBoard writes empty buckets for empty data
        return np.zeros((bucket_count, 3), dtype=np.float64)
    low, high = values.min(), values.max()
    if high == low:
        counts = np.zeros(bucket_count)
        counts[-1] = values.size
        return np.stack([np.full(bucket_count, low), np.full(bucket_count, low), counts], axis=1)
    width = (high - low) / bucket_count
    index = np.minimum(np.floor((values - low) / width).astype(np.int64), bucket_count - 1)
    counts = np.bincount(index, minlength=bucket_count).astype(np.float64)
    edges = np.linspace(low, high, bucket_count + 1)
    edges[-1] = high
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


def histogram(name, data, step=None, buckets=None, description=None):
    """`tf.summary.histogram(name, data, step=None, buckets=30, description=None)`.

    Raises:
        ValueError: for a negative bucket count or no known step.
    """
    bucket_count = DEFAULT_BUCKET_COUNT if buckets is None else int(buckets)
    if bucket_count < 0:
        raise ValueError(f"buckets must be a non-negative integer. Received: buckets={buckets!r}")
    if not writers.should_record_summaries():
        return torch.tensor(False)
    table = histogram_buckets(_numpy(data), bucket_count)
    return _write_value(name, _tensor_proto(table, _DT_DOUBLE), _metadata("histograms", _CLASS_TENSOR, description),
                        step)


def _to_uint8(images):
    """`tf.image.convert_image_dtype(images, tf.uint8, saturate=True)`, as the image summary does."""
    if images.dtype == np.uint8:
        return images
    if images.dtype.kind == "f":
        return np.clip(images.astype(np.float64) * 255.5, 0, 255).astype(np.uint8)  # TF scales by max + 0.5
    if images.dtype.kind in "iu":
        scale = (int(np.iinfo(images.dtype).max) + 1) // 256
        return np.clip(images // scale, 0, 255).astype(np.uint8)
    raise ValueError(f"tf.summary.image expects float or integer images. Received: dtype={images.dtype}")


def image(name, data, step=None, max_outputs=3, description=None):
    """`tf.summary.image(name, data, step=None, max_outputs=3)`: PNG images of a `(k, h, w, c)` batch.

    Args:
        data: `(k, h, w, c)` with `c` in {1, 3, 4}; floats in `[0, 1]` (clipped) or integers.
        max_outputs: at most this many images are written.

    Raises:
        ValueError: if `data` is not rank 4 with 1, 3 or 4 channels.
    """
    array = _numpy(data)
    if array.ndim != 4 or array.shape[-1] not in (1, 3, 4):
        raise ValueError("tf.summary.image expects data of shape (k, h, w, c) with c in {1, 3, 4}. "
                         f"Received: shape={array.shape}")
    if not writers.should_record_summaries():
        return torch.tensor(False)
    images = _to_uint8(array[: max(int(max_outputs), 0)])
    height, width = array.shape[1], array.shape[2]
    strings = [str(width).encode(), str(height).encode()] + [png.encode_png(img) for img in images]
    return _write_value(name, _tensor_proto(np.array(strings, dtype=object), _DT_STRING),
                        _metadata("images", _CLASS_BLOB_SEQUENCE, description), step)


def encode_wav(audio, sample_rate):
    """16-bit PCM WAV bytes of `(frames, channels)` float samples in [-1, 1] (TF's `tf.audio.encode_wav`)."""
    samples = np.asarray(audio, dtype=np.float32)
    if samples.ndim != 2:
        raise ValueError(f"encode_wav expects (frames, channels) audio. Received: shape={samples.shape}")
    pcm = np.clip(np.round(samples * np.float32(32768.0)), -32768, 32767).astype("<i2")
    frames, channels = samples.shape
    rate = int(sample_rate)
    data = pcm.tobytes()
    header = struct.pack("<4sI4s4sIHHIIHH4sI", b"RIFF", 36 + len(data), b"WAVE", b"fmt ", 16, 1, channels, rate,
                         rate * channels * 2, channels * 2, 16, b"data", len(data))
    return header + data


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None):
    """`tf.summary.audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None)`: WAV clips.

    Args:
        data: `(k, frames, channels)` float samples in [-1, 1].
        sample_rate: samples per second.
        max_outputs: at most this many clips.
        encoding: "wav" (the only one, as TF) or None.

    Raises:
        ValueError: for another encoding, a rank other than 3 or a negative `max_outputs`.
    """
    if encoding not in (None, "wav"):
        raise ValueError(f"Unknown encoding: {encoding!r}")
    array = _numpy(data)
    if array.ndim != 3:
        raise ValueError(f"tf.summary.audio expects data of shape (k, frames, channels). Received: shape={array.shape}")
    if int(max_outputs) < 0:
        raise ValueError(f"max_outputs must be non-negative. Received: max_outputs={max_outputs}")
    if not writers.should_record_summaries():
        return torch.tensor(False)
    from tensorboard.plugins.audio import plugin_data_pb2  # optional dependency (the tensorboard extra)

    clips = array[: int(max_outputs)]
    rows = np.array([[encode_wav(c, float(sample_rate)), b""] for c in clips], dtype=object).reshape(len(clips), 2)
    content = plugin_data_pb2.AudioPluginData(version=0, encoding=plugin_data_pb2.AudioPluginData.WAV)
    return _write_value(name, _tensor_proto(rows, _DT_STRING),
                        _metadata("audio", 0, description, content.SerializeToString()), step)


def text(name, data, step=None, description=None):
    """`tf.summary.text(name, data, step=None)`: a string (or string tensor) summary, Markdown in TensorBoard."""
    array = np.asarray(data, dtype=object) if not isinstance(data, np.ndarray) else data
    if array.dtype.kind not in "OSU":
        raise ValueError(f"tf.summary.text expects string data. Received: dtype={array.dtype}")
    if not writers.should_record_summaries():
        return torch.tensor(False)
    return _write_value(name, _tensor_proto(array, _DT_STRING), _metadata("text", _CLASS_TENSOR, description), step)


def write(tag, tensor, step=None, metadata=None, name=None):
    """`tf.summary.write(tag, tensor, step=None, metadata=None)`: a raw tensor summary.

    `metadata` is a `SummaryMetadata` proto, its serialized bytes, or None.
    """
    if not writers.should_record_summaries():
        return torch.tensor(False)
    _, summary_pb2, _, _ = _protos()
    if isinstance(metadata, (bytes, bytearray)):
        metadata = summary_pb2.SummaryMetadata.FromString(bytes(metadata))
    array = _numpy(tensor)
    if array.dtype.kind in "OSU":
        proto = _tensor_proto(array, _DT_STRING)
    elif array.dtype == np.float64:
        proto = _tensor_proto(array, _DT_DOUBLE)
    elif array.dtype.kind == "f":
        proto = _tensor_proto(array.astype(np.float32), _DT_FLOAT)
    else:
        raise TypeError(f"tf.summary.write here takes float or string tensors. Received: dtype={array.dtype}")
    return _write_value(tag, proto, metadata or summary_pb2.SummaryMetadata(), step)


def write_raw_pb(tensor, step=None, name=None):
    """`tf.summary.experimental.write_raw_pb(tensor, step)`: write serialized `Summary` protos as they are."""
    if not writers.should_record_summaries():
        return torch.tensor(False)
    event_pb2, summary_pb2, _, _ = _protos()
    step = writers.resolve_step(step)
    for blob in np.asarray(tensor, dtype=object).reshape(-1):
        summary = summary_pb2.Summary.FromString(blob if isinstance(blob, bytes) else bytes(blob))
        writers.default_writer().add_event(event_pb2.Event(wall_time=_wall_time(), step=step, summary=summary))
    return torch.tensor(True)
