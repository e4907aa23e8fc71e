"""Cases for issue 25 item 4 (tf.data and specs). `run(tf)` evaluates every case with real TF 2.21
(make_issue25_data_golden.py) or keraslike (tests/data/test_issue25_data_golden.py) and returns {case: text}: the
repr of specs and the values (as lists) of elements, or `raises <ExceptionClass>`. No TF import here."""

import numpy as np


def _value(x):
    """Elements as plain Python: tensors as lists, ragged as lists of lists, strings decoded."""
    if isinstance(x, (tuple, list)):
        return [_value(v) for v in x]
    if isinstance(x, dict):
        return {k: _value(v) for k, v in sorted(x.items())}
    if hasattr(x, "to_list"):
        x = x.to_list()
    elif hasattr(x, "numpy"):
        x = x.numpy()
    x = np.asarray(x).tolist() if not isinstance(x, list) else x

    def clean(v):
        if isinstance(v, list):
            return [clean(u) for u in v]
        if isinstance(v, bytes):
            return v.decode()
        if isinstance(v, float):
            return round(v, 6)
        return v
    return clean(x)


def _cases(tf):
    c = {}
    Optional = tf.experimental.Optional
    c["optional_from_value"] = lambda: (
        lambda o: [o.has_value(), o.get_value(), repr(o.element_spec), repr(tf.OptionalSpec.from_value(o))])(
        Optional.from_value(42))
    c["optional_nested"] = lambda: (lambda o: [_value(o.get_value()), repr(o.element_spec)])(
        Optional.from_value((1, {"a": np.float32(2.5), "b": [1, 2]})))
    c["optional_empty"] = lambda: (lambda o: [o.has_value(), repr(o.element_spec)])(
        Optional.empty(tf.TensorSpec(shape=(), dtype=tf.int32, name=None)))
    c["optional_empty_get_value"] = lambda: Optional.empty(tf.TensorSpec([], tf.int32)).get_value()
    c["optional_spec"] = lambda: [repr(tf.OptionalSpec(tf.TensorSpec([None], tf.float32))),
                                  tf.OptionalSpec(tf.TensorSpec([], tf.int32)) == tf.OptionalSpec(
                                      tf.TensorSpec([], tf.int32)),
                                  tf.OptionalSpec(tf.TensorSpec([], tf.int32)).value_type.__name__ in (
                                      "Optional", "_OptionalImpl")]
    c["optional_type_spec_from_value"] = lambda: repr(tf.type_spec_from_value(Optional.from_value([1.0, 2.0])))

    def next_as_optional():
        it = iter(tf.data.Dataset.from_tensors(42))
        a, b = it.get_next_as_optional(), it.get_next_as_optional()
        return [a.has_value(), a.get_value(), b.has_value(), repr(b.element_spec)]
    c["get_next_as_optional"] = next_as_optional

    def next_as_optional_loop():
        it = iter(tf.data.Dataset.range(3).map(lambda x: (x, 2 * x)))
        out = []
        while True:
            o = it.get_next_as_optional()
            if not o.has_value():
                return out
            out.append(_value(o.get_value()))
    c["get_next_as_optional_loop"] = next_as_optional_loop
    c["data_experimental_get_next_as_optional"] = lambda: tf.data.experimental.get_next_as_optional(
        iter(tf.data.Dataset.range(5, 7))).get_value()
    c["iterator_spec"] = lambda: repr(tf.data.IteratorSpec(tf.TensorSpec(shape=(), dtype=tf.int32)))
    c["iterator_type_spec"] = lambda: repr(tf.type_spec_from_value(iter(tf.data.Dataset.range(3).batch(2))))
    c["iterator_element_spec"] = lambda: repr(iter(tf.data.Dataset.range(3)).element_spec)

    def check(x):
        return tf.debugging.check_numerics(1.0 / x, "error")
    c["ignore_errors"] = lambda: list(tf.data.Dataset.from_tensor_slices([1.0, 2.0, 0.0, 4.0]).map(check)
                                      .ignore_errors())
    c["ignore_errors_batched"] = lambda: list(tf.data.Dataset.from_tensor_slices([1.0, 0.0, 2.0, 0.0, 4.0, 8.0])
                                              .map(check).ignore_errors(log_warning=False).batch(2))
    c["ignore_errors_shuffle_map"] = lambda: sorted(_value(list(
        tf.data.Dataset.range(1, 9).shuffle(8, seed=1).map(lambda x: tf.cast(x, tf.float32) - 4.0).map(check)
        .ignore_errors())))
    c["ignore_errors_cardinality"] = lambda: int(tf.data.Dataset.range(3).ignore_errors().cardinality())
    c["dataset_spec_from_value"] = lambda: repr(tf.data.DatasetSpec.from_value(tf.data.Dataset.range(5).batch(2)))
    c["dataset_spec_tuple"] = lambda: repr(tf.data.DatasetSpec.from_value(
        tf.data.Dataset.from_tensor_slices(([1, 2], [[1.0], [2.0]]))))
    c["tensor_spec_from_spec"] = lambda: repr(tf.TensorSpec.from_spec(tf.TensorSpec([None, 2], tf.float32, name="x")))
    c["tensor_spec_from_spec_name"] = lambda: repr(tf.TensorSpec.from_spec(tf.TensorSpec([3], tf.int64, "x"), "y"))
    c["tensor_spec_from_spec_ragged"] = lambda: tf.TensorSpec.from_spec(tf.RaggedTensorSpec([2, None], tf.int32))
    c["value_types"] = lambda: [tf.SparseTensorSpec(shape=[None, 3], dtype=tf.int32).value_type.__name__,
                                tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32).value_type.__name__]
    c["sparse_value_type_is_sparse_tensor"] = lambda: tf.SparseTensorSpec([2], tf.float32).value_type is tf.SparseTensor
    c["ragged_value_type_is_ragged_tensor"] = lambda: (tf.RaggedTensorSpec([2, None], tf.float32).value_type
                                                       is tf.RaggedTensor)

    def batched(ds):
        return [repr(ds.element_spec), [_value(x) for x in ds]]
    c["ragged_batch"] = lambda: batched(tf.data.Dataset.range(6).map(lambda x: tf.range(x)).ragged_batch(2))
    c["ragged_batch_drop"] = lambda: batched(tf.data.Dataset.range(5).map(lambda x: tf.range(x))
                                             .ragged_batch(2, drop_remainder=True))
    c["ragged_batch_2d"] = lambda: batched(tf.data.Dataset.range(4).map(lambda x: tf.fill([x, 2], x)).ragged_batch(2))
    c["ragged_batch_fixed"] = lambda: batched(tf.data.Dataset.range(4).map(lambda x: tf.fill([3], x)).ragged_batch(3))
    c["map_range_spec"] = lambda: repr(tf.data.Dataset.range(6).map(lambda x: tf.range(x)).element_spec)
    c["map_zeros_spec"] = lambda: repr(tf.data.Dataset.range(6).map(lambda x: (tf.zeros([x, 3]), x)).element_spec)
    c["padded_batch"] = lambda: batched(tf.data.Dataset.range(1, 6).map(lambda x: tf.fill([x], x)).padded_batch(2))
    c["padded_batch_unknown_dims"] = lambda: batched(tf.data.Dataset.range(1, 4).map(lambda x: tf.fill([x, x], x))
                                                     .padded_batch(2, padded_shapes=[None, 4]))
    c["padded_batch_tuple"] = lambda: batched(
        tf.data.Dataset.range(1, 4).map(lambda x: (tf.fill([x], x), tf.fill([2, x], 1.0)))
        .padded_batch(2, padded_shapes=([4], [None, None]), padding_values=(tf.constant(-1, tf.int64), 0.5),
                      drop_remainder=True))
    c["padded_batch_padding_dtype"] = lambda: batched(
        tf.data.Dataset.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch(2, padding_values=-1))
    c["padded_batch_padding_shape"] = lambda: batched(
        tf.data.Dataset.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch(2, padding_values=np.array([1, 2])))

    def ragged_gen():
        for i in range(1, 4):
            yield tf.ragged.constant([[1] * i, [2]])
    c["from_generator_ragged"] = lambda: batched(tf.data.Dataset.from_generator(
        ragged_gen, output_signature=tf.RaggedTensorSpec(shape=(2, None), dtype=tf.int32)))

    def list_gen():
        yield [[1, 2, 3], [4]]
        yield [[5], [], [6, 7]]
    c["from_generator_ragged_lists"] = lambda: batched(tf.data.Dataset.from_generator(
        list_gen, output_signature=tf.RaggedTensorSpec(shape=(None, None), dtype=tf.int64)))
    c["from_generator_ragged_batched"] = lambda: batched(tf.data.Dataset.from_generator(
        list_gen, output_signature=tf.RaggedTensorSpec(shape=(None, None), dtype=tf.int64)).batch(2))
    c["from_generator_ragged_wrong_rows"] = lambda: batched(tf.data.Dataset.from_generator(
        list_gen, output_signature=tf.RaggedTensorSpec(shape=(2, None), dtype=tf.int64)))

    def decode(s):
        return np.array([int(v) for v in s.numpy().decode().split(",")], np.int64)
    c["map_py_function_decode"] = lambda: [_value(x) for x in tf.data.Dataset.from_tensor_slices(["1,2", "3", "4,5,6"])
                                           .map(lambda s: tf.py_function(decode, [s], tf.int64))]
    c["map_py_function_strings"] = lambda: [_value(x) for x in tf.data.Dataset.from_tensor_slices(["hello", "world"])
                                            .map(lambda s: tf.py_function(lambda t: t.numpy().decode().upper(), [s],
                                                                          tf.string))]
    c["map_py_function_two_outputs"] = lambda: [_value(x) for x in tf.data.Dataset.from_tensor_slices(["ab", "c"]).map(
        lambda s: tf.py_function(lambda t: (t.numpy().decode() * 2, len(t.numpy())), [s], [tf.string, tf.int32]))]
    c["map_py_function_specs"] = lambda: [repr(tf.data.Dataset.from_tensor_slices(["1,2"]).map(
        lambda s: tf.py_function(decode, [s], tf.int64)).element_spec), repr(tf.data.Dataset.from_tensor_slices(
            ["ab"]).map(lambda s: tf.py_function(lambda t: (t, len(t.numpy())), [s], [tf.string, tf.int32]))
        .element_spec)]

    def set_shape(s):
        out = tf.py_function(decode, [s], tf.int64)
        out.set_shape([None])
        return out
    c["map_py_function_set_shape"] = lambda: batched(tf.data.Dataset.from_tensor_slices(["1,2", "3"]).map(set_shape)
                                                     .padded_batch(2))
    c["map_py_function_ensure_shape"] = lambda: batched(tf.data.Dataset.from_tensor_slices(["1,2", "3,4"]).map(
        lambda s: tf.ensure_shape(tf.py_function(decode, [s], tf.int64), [2])).batch(2))
    c["map_py_function_ragged_batch"] = lambda: [_value(x) for x in tf.data.Dataset.from_tensor_slices(
        ["1,2", "3", "4,5,6"]).map(lambda s: tf.py_function(decode, [s], tf.int64)).ragged_batch(2)]

    def pairs():
        yield np.array([1, 2])
        yield np.array([3, 4])
    unknown = tf.data.Dataset.from_generator(pairs, output_signature=tf.TensorSpec(None, tf.int64))
    c["unknown_rank_map"] = lambda: repr(unknown.map(lambda x: x + 1).element_spec)
    c["unknown_rank_batch"] = lambda: batched(unknown.batch(2))
    c["unknown_rank_ragged_batch_spec"] = lambda: repr(unknown.ragged_batch(2).element_spec)
    c["unknown_rank_padded_batch"] = lambda: unknown.padded_batch(2)
    c["map_string_split"] = lambda: batched(tf.data.Dataset.from_tensor_slices(["a b", "c d e"])
                                            .map(tf.strings.split))

    def iterator_input_signature():
        @tf.function(input_signature=[tf.data.IteratorSpec(tf.TensorSpec(shape=(), dtype=tf.int32, name=None))])
        def square(iterator):
            x = iterator.get_next()
            return x * x
        it = iter(tf.data.Dataset.from_tensor_slices([5, 6]))
        return [square(it), square(it)]
    c["iterator_spec_input_signature"] = iterator_input_signature
    return c


def run(tf):
    out = {}
    for name, fn in _cases(tf).items():
        try:
            out[name] = repr(_value(fn()))
        except Exception as e:  # noqa: BLE001 - recorded: both sides must raise the same class
            out[name] = f"raises {type(e).__name__}"
    return out
