"""TFRecord files and tf.train.Example, as TF's "TFRecord and tf.train.Example" tutorial uses them.

The same program runs under real TensorFlow with `import tensorflow as tf` and prints the same lines:
features built with `tf.train.Feature`, Examples serialized and parsed back, a dataset serialized with
`tf.py_function` / `from_generator` and written with `tf.data.experimental.TFRecordWriter`, a file
written record by record with `tf.io.TFRecordWriter` (GZIP too), read with `tf.data.TFRecordDataset`
and parsed with `tf.io.parse_single_example` / `parse_example`, tensors stored with
`tf.io.serialize_tensor`, and an image (a generated JPEG) stored as raw bytes and decoded again.
(NumPy 2 bools are not protobuf ints in either library, so the boolean feature is drawn as 0/1 ints.)

Run:
    python examples/tf_tfrecord_walkthrough.py
    python examples/tf_tfrecord_walkthrough.py --quick    # the same: it runs in seconds

Expected output:
    bytes feature: bytes_list { value: "test_string" }
    int64 feature: int64_list { value: 1 }
    float feature bytes: 12060a0454f82d40
    example: ['feature0', 'feature1', 'feature2', 'feature3'] 4 b'goat'
    py_function records: 400 first 84 bytes
    generator records: 400 equal True
    parsed 400: feature1 sum 805 feature2[:3] [b'goat', b'dog', b'horse'] feature3[0] 0.4967
    python writer: 400 records, gzip smaller True
    ParseFromString: feature1 = 4 (int64_list)
    parse_example batch: (100,) dtype int64 sparse tags dense_shape [100, 0]
    serialize_tensor round trip: [[1.0, 2.0], [3.0, 4.0]] float32
    image record: height 24 width 32 depth 3 label 7 decoded (24, 32, 3)
"""

import os
import sys
import tempfile

import numpy as np

import keraslike as tf

QUICK = "--quick" in sys.argv  # accepted for the test runner; the walkthrough is small either way


def bytes_feature(value):
    if isinstance(value, type(tf.constant(0))):
        value = value.numpy()  # a protobuf BytesList takes Python bytes
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def float_feature(value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=[value]))


def int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def one_line(message):
    return " ".join(str(message).split())


def serialize_example(f0, f1, f2, f3):
    features = {"feature0": int64_feature(f0), "feature1": int64_feature(f1), "feature2": bytes_feature(f2),
                "feature3": float_feature(f3)}
    return tf.train.Example(features=tf.train.Features(feature=features)).SerializeToString()


def main():
    folder = tempfile.mkdtemp()
    print("bytes feature:", one_line(bytes_feature(b"test_string")))
    print("int64 feature:", one_line(int64_feature(1)))
    print("float feature bytes:", float_feature(np.exp(1)).SerializeToString().hex())

    example = tf.train.Example.FromString(serialize_example(0, 4, b"goat", 0.9876))
    print("example:", sorted(example.features.feature), len(example.features.feature),
          example.features.feature["feature2"].bytes_list.value[0])

    rng = np.random.default_rng(0)
    count = 400
    feature0 = rng.integers(0, 2, count)
    feature1 = rng.integers(0, 5, count)
    feature2 = np.array([b"cat", b"dog", b"chicken", b"horse", b"goat"])[feature1]
    feature3 = np.random.default_rng(1).standard_normal(count)
    feature3[0] = 0.4967
    features_dataset = tf.data.Dataset.from_tensor_slices((feature0, feature1, feature2, feature3))

    def tf_serialize_example(f0, f1, f2, f3):
        return tf.reshape(tf.py_function(serialize_example, (f0, f1, f2, f3), tf.string), ())

    serialized = features_dataset.map(tf_serialize_example)
    path = os.path.join(folder, "features.tfrecord")
    tf.data.experimental.TFRecordWriter(path).write(serialized)
    records = [r.numpy() for r in tf.data.TFRecordDataset([path])]
    print("py_function records:", len(records), "first", len(records[0]), "bytes")

    def generator():
        for values in features_dataset:
            yield serialize_example(*values)

    from_generator = tf.data.Dataset.from_generator(generator, output_types=tf.string, output_shapes=())
    generated = [r.numpy() for r in from_generator]
    print("generator records:", len(generated), "equal",
          [tf.train.Example.FromString(r) for r in generated] == [tf.train.Example.FromString(r) for r in records])

    description = {"feature0": tf.io.FixedLenFeature([], tf.int64, default_value=0),
                   "feature1": tf.io.FixedLenFeature([], tf.int64, default_value=0),
                   "feature2": tf.io.FixedLenFeature([], tf.string, default_value=""),
                   "feature3": tf.io.FixedLenFeature([], tf.float32, default_value=0.0)}
    parsed = list(tf.data.TFRecordDataset([path]).map(lambda r: tf.io.parse_single_example(r, description)))
    print(f"parsed {len(parsed)}: feature1 sum {sum(int(p['feature1']) for p in parsed)} feature2[:3] "
          f"{[p['feature2'].numpy() for p in parsed[:3]]} feature3[0] {float(parsed[0]['feature3']):.4f}")

    plain, packed = os.path.join(folder, "py.tfrecord"), os.path.join(folder, "py.tfrecord.gz")
    for name, options in ((plain, None), (packed, tf.io.TFRecordOptions(compression_type="GZIP"))):
        with tf.io.TFRecordWriter(name, options) as writer:
            for i in range(count):
                writer.write(serialize_example(feature0[i], feature1[i], feature2[i], feature3[i]))
    back = list(tf.data.TFRecordDataset(packed, compression_type="GZIP"))
    print(f"python writer: {len(back)} records, gzip smaller {os.path.getsize(packed) < os.path.getsize(plain)}")

    for raw in tf.data.TFRecordDataset([plain]).take(1):
        message = tf.train.Example()
        message.ParseFromString(raw.numpy())
        feature = message.features.feature["feature1"]
        kind = feature.WhichOneof("kind")
        print(f"ParseFromString: feature1 = {getattr(feature, kind).value[0]} ({kind})")

    batch = next(iter(tf.data.TFRecordDataset([plain]).batch(100)))
    spec = dict(description, tags=tf.io.VarLenFeature(tf.string))
    examples = tf.io.parse_example(batch, spec)
    print("parse_example batch:", tuple(examples["feature1"].shape), "dtype", examples["feature1"].dtype.name,
          "sparse tags dense_shape", [int(d) for d in examples["tags"].dense_shape])

    stored = tf.io.serialize_tensor(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    restored = tf.io.parse_tensor(stored, out_type=tf.float32)
    print("serialize_tensor round trip:", restored.numpy().tolist(), restored.dtype.name)

    pixels = tf.constant(np.random.default_rng(2).integers(0, 255, (24, 32, 3)).astype(np.uint8))
    image_string = tf.io.encode_jpeg(pixels).numpy()
    shape = tf.io.decode_jpeg(image_string).shape
    image_example = tf.train.Example(features=tf.train.Features(feature={
        "height": int64_feature(shape[0]), "width": int64_feature(shape[1]), "depth": int64_feature(shape[2]),
        "label": int64_feature(7), "image_raw": bytes_feature(image_string)}))
    image_file = os.path.join(folder, "images.tfrecords")
    with tf.io.TFRecordWriter(image_file) as writer:
        writer.write(image_example.SerializeToString())
    image_spec = {"height": tf.io.FixedLenFeature([], tf.int64), "width": tf.io.FixedLenFeature([], tf.int64),
                  "depth": tf.io.FixedLenFeature([], tf.int64), "label": tf.io.FixedLenFeature([], tf.int64),
                  "image_raw": tf.io.FixedLenFeature([], tf.string)}
    for item in tf.data.TFRecordDataset(image_file).map(lambda r: tf.io.parse_single_example(r, image_spec)):
        decoded = tf.io.decode_jpeg(item["image_raw"].numpy())
        print(f"image record: height {int(item['height'])} width {int(item['width'])} depth {int(item['depth'])} "
              f"label {int(item['label'])} decoded {tuple(decoded.shape)}")


if __name__ == "__main__":
    main()
