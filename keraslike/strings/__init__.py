"""`tf.strings`: operations on string tensors (see `keraslike/_src/strings/`)."""

# ruff: noqa: F401
from keraslike._src.strings.split_ops import bytes_split, ngrams, split
from keraslike._src.strings.string_ops import (
    as_string, format, join, length, lower, reduce_join, regex_full_match, regex_replace, strip, substr,
    to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong, to_number, unsorted_segment_join, upper,
)
from keraslike._src.strings.unicode_ops import (
    unicode_decode, unicode_decode_with_offsets, unicode_encode, unicode_script, unicode_split,
    unicode_split_with_offsets, unicode_transcode,
)
