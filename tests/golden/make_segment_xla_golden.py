"""Run under real TF 2.21: prints what XLA (`jit_compile=True`) gives for segment ops with ids a CPU kernel
would reject (out of range, unsorted for SegmentMaxV2). tests/ops/test_segment_compiled.py holds the values.

    /work/tfvenv/bin/python tests/golden/make_segment_xla_golden.py
"""

import tensorflow as tf

DATA = [[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]


@tf.function(jit_compile=True)
def max_v2_out_of_range(c):
    return tf.raw_ops.SegmentMaxV2(data=c, segment_ids=tf.constant([0, 1, 5]), num_segments=2)


@tf.function(jit_compile=True)
def unsorted_max_out_of_range_and_negative(c):
    return tf.math.unsorted_segment_max(c, tf.constant([0, 5, -1]), 2)


@tf.function(jit_compile=True)
def max_v2_unsorted_ids(c):
    return tf.raw_ops.SegmentMaxV2(data=c, segment_ids=tf.constant([1, 0, 1]), num_segments=3)


if __name__ == "__main__":
    for f in (max_v2_out_of_range, unsorted_max_out_of_range_and_negative, max_v2_unsorted_ids):
        print(f.__name__, f(tf.constant(DATA)).numpy().tolist())
