"""Cases for `tf.io.RaggedFeature` with row partitions (`RowSplits`, `RowLengths`, `RowStarts`, nested):
`run(tf)` parses two Examples with `parse_single_example` and `parse_example` under real TF 2.21
(make_ragged_feature_golden.py) or keraslike (tests/io/test_ragged_feature.py). No TF import here."""

import google.protobuf.text_format as pbtext


def run(tf):
    ex = [pbtext.Merge(r'''
        features {
          feature {key: "v" value {int64_list {value: [3, 1, 4, 1, 5, 9]}}}
          feature {key: "s1" value {int64_list {value: [0, 2, 3, 3, 6]}}}
          feature {key: "s2" value {int64_list {value: [0, 2, 3, 4]}}}
          feature {key: "l" value {int64_list {value: [2, 4]}}}
      feature {key: "r" value {int64_list {value: [0, 0, 1, 3, 3, 3]}}}
        }''', tf.train.Example()).SerializeToString(),
      pbtext.Merge(r'''
        features {
          feature {key: "v" value {int64_list {value: [2, 7, 1, 8, 2, 8, 1]}}}
          feature {key: "s1" value {int64_list {value: [0, 3, 4, 5, 7]}}}
          feature {key: "s2" value {int64_list {value: [0, 1, 1, 4]}}}
          feature {key: "l" value {int64_list {value: [3, 4]}}}
      feature {key: "r" value {int64_list {value: [0, 1, 1, 2, 2, 2, 2]}}}
        }''', tf.train.Example()).SerializeToString()]
    R = tf.io.RaggedFeature
    features = {'f1': R(value_key="v", dtype=tf.int64),
                'f2': R(value_key="v", dtype=tf.int64, partitions=[R.RowSplits("s1")]),
                'f3': R(value_key="v", dtype=tf.int64, partitions=[R.RowSplits("s2"), R.RowSplits("s1")]),
                'f4': R(value_key="v", dtype=tf.int64, partitions=[R.RowLengths("l")]),
                'f5': R(value_key="v", dtype=tf.int64, partitions=[R.RowStarts("s1")]),
                'f7': R(value_key="v", dtype=tf.int64, partitions=[R.RowLimits("s1")]),
                'f8': R(value_key="v", dtype=tf.int64, partitions=[R.RowSplits("s2"), R.UniformRowLength(1)]),
                'f6': R(value_key="v", dtype=tf.int64, partitions=[R.ValueRowIds("r")], row_splits_dtype=tf.int64)}

    def show(d):
        return {k: (v.to_list() if hasattr(v, "to_list") else v.numpy().tolist()) for k, v in sorted(d.items())}

    return {k: [show(tf.io.parse_single_example(ex[0], {k: features[k]})),
                show(tf.io.parse_example(ex, {k: features[k]}))] for k in sorted(features)}
