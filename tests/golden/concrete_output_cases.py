"""`ConcreteFunction.output_dtypes`/`output_shapes` and `RaggedTensor == <uncomparable>` (False, `!=` True), shared by
`make_concrete_output_golden.py` (real TF 2.21) and `tests/autodiff/test_concrete_output_specs.py`."""


def _dtype(d):
    return str(d).replace("torch.", "").replace("<dtype: '", "").rstrip("'>")


def run(tf):
    @tf.function
    def f(x, y):
        return {"a": x * 2.0, "b": (tf.cast(y, tf.float32), tf.reduce_sum(x))}

    concrete = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([2], tf.int32))
    dtypes, shapes = concrete.output_dtypes, concrete.output_shapes
    rt = tf.ragged.constant([[1, 2], [3]])
    return {"dtypes": [_dtype(dtypes["a"]), [_dtype(d) for d in dtypes["b"]]],
            "shapes": [shapes["a"].as_list(), [s.as_list() for s in shapes["b"]]],
            "ragged_eq_string": [rt == "a", rt != "a"]}
