"""Cases for issue 25 item 2 (tf.function as TF traces it). `run(tf)` evaluates every case with real TF 2.21
(make_issue25_function_golden.py) or keraslike (tests/autodiff/test_issue25_function_golden.py) and returns
{case: text}: what the program printed while tracing, tracing counts, signatures, values, or `raises <Class>`.
No TF import here. (Prints made by calls are not compared: keraslike runs the body on every call.)"""

import contextlib
import io

import numpy as np


def _value(x):
    if isinstance(x, (list, tuple)):
        return [_value(v) for v in x]
    if hasattr(x, "numpy"):
        return np.asarray(x.numpy()).tolist()
    return x


def _printed(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return out.getvalue()


def _cases(tf):
    c = {}

    def symbolic_shapes():
        @tf.function
        def f(x):
            print("shape", x.shape, "rank", x.shape.rank, "dim0", x.shape[0], "dim1", x.shape[1])
            return x * 2
        printed = _printed(lambda: f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32)))
        return [printed, f.experimental_get_tracing_count()]
    c["get_concrete_function_prints_symbolic_shape"] = symbolic_shapes

    def concrete_calls():
        @tf.function
        def f(x):
            return x * 2
        cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
        return [_value(cf(tf.constant([[1.0, 2.0]]))), _value(cf(x=tf.constant([[3.0, 4.0]]))),
                _value(cf(np.ones((2, 2), np.float32))), repr(cf.structured_input_signature),
                repr(cf.structured_outputs.shape), cf.pretty_printed_signature(),
                f.experimental_get_tracing_count()]
    c["concrete_function_calls"] = concrete_calls

    def concrete_bad_dtype():
        @tf.function
        def f(x):
            return x + 1
        return f.get_concrete_function(tf.TensorSpec([2], tf.int32))(tf.constant([1.0, 2.0]))
    c["concrete_function_bad_dtype"] = concrete_bad_dtype

    def concrete_too_many():
        @tf.function
        def f(x):
            return x + 1
        return f.get_concrete_function(tf.TensorSpec([2], tf.int32))(tf.constant([1, 2]), 3)
    c["concrete_function_too_many_args"] = concrete_too_many

    def calls_reuse_concrete():
        @tf.function
        def f(x):
            return x * 2
        f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
        counts = []
        for shape in ([1, 2], [3, 2], [3, 2], [2, 3]):
            f(tf.ones(shape))
            counts.append(f.experimental_get_tracing_count())
        return counts
    c["calls_reuse_a_covering_trace"] = calls_reuse_concrete

    def retrace_counts():
        @tf.function
        def f(x):
            return x + 1
        counts = []
        for value in (tf.constant(1), tf.constant(2), tf.constant([1, 2]), tf.constant(1.0), 1, 2, 1, 2.0,
                      np.array([5, 6])):
            f(value)
            counts.append(f.experimental_get_tracing_count())
        return counts
    c["retrace_new_signatures_and_python_values"] = retrace_counts

    def python_args():
        @tf.function
        def f(x, training=False, scale=1):
            return x * scale if training else x
        counts = []
        for kwargs in ({}, {"training": True}, {"training": True}, {"scale": 3}, {"training": False}):
            f(tf.constant(2.0), **kwargs)
            counts.append(f.experimental_get_tracing_count())
        return counts
    c["retrace_python_keyword_arguments"] = python_args

    def reduce_retracing():
        @tf.function(reduce_retracing=True)
        def h(x):
            return tf.reduce_sum(x)
        counts = []
        for shape in ([1], [2], [3], [7], [2, 2], [3, 3], [4, 1]):
            h(tf.ones(shape))
            counts.append(h.experimental_get_tracing_count())
        return counts
    c["reduce_retracing_generalizes"] = reduce_retracing

    def no_reduce():
        @tf.function
        def h(x):
            return tf.reduce_sum(x)
        for shape in ([1], [2], [3], [2]):
            h(tf.ones(shape))
        return h.experimental_get_tracing_count()
    c["no_reduce_retracing_traces_each_shape"] = no_reduce

    def signature_once():
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
        def s(x):
            print("tracing", x.shape)
            return x + 1
        printed = _printed(lambda: s.get_concrete_function())
        s(tf.constant([1, 2]))
        s(tf.constant([1, 2, 3]))
        s([4])
        cf = s.get_concrete_function()
        return [printed, s.experimental_get_tracing_count(), repr(s.input_signature),
                repr(cf.structured_input_signature), s.pretty_printed_concrete_signatures()]
    c["input_signature_traces_once"] = signature_once

    def signature_rejects(value):
        def run():
            @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
            def s(x):
                return x + 1
            return s(value)
        return run
    c["input_signature_rejects_shape"] = signature_rejects(np.array([[1, 2]], np.int32))
    c["input_signature_rejects_dtype"] = signature_rejects(np.array([1.0, 2.0], np.float32))

    def signature_message():
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
        def s(x):
            return x + 1
        try:
            s(tf.constant([[1, 2]]))
        except TypeError as e:
            text = str(e)
            return [text.startswith("Binding inputs to tf.function failed due to `Can not cast "
                                    "TensorSpec(shape=(1, 2), dtype=tf.int32, name=None) to "
                                    "TensorSpec(shape=(None,), dtype=tf.int32, name=None)`"),
                    text.endswith("for signature: (x: TensorSpec(shape=(None,), dtype=tf.int32, name=None)).")]
    c["input_signature_error_message"] = signature_message

    def signature_extra():
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
        def s(x):
            return x + 1
        return s(tf.constant([1]), tf.constant([1]))
    c["input_signature_too_many"] = signature_extra

    def signature_keyword():
        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def s(x):
            return x * 3
        return _value(s(x=tf.constant([1.0, 2.0])))
    c["input_signature_keyword_call"] = signature_keyword

    def python_literals():
        @tf.function
        def k(x, y=1, *, scale=2.0):
            print("tracing", x.shape)
            return x * y * scale
        printed = _printed(lambda: k.get_concrete_function(tf.TensorSpec([3], tf.float32), y=3))
        cf = k.get_concrete_function(tf.TensorSpec([3], tf.float32), y=3)
        return [printed, repr(cf.structured_input_signature), cf.pretty_printed_signature(), _value(cf(tf.ones([3]))),
                k.experimental_get_tracing_count()]
    c["concrete_function_python_arguments"] = python_literals

    def two_traces_pretty():
        @tf.function
        def f(x):
            return x + 1
        f(tf.constant(1))
        f(tf.constant([1.0, 2.0]))
        return f.pretty_printed_concrete_signatures()
    c["pretty_printed_concrete_signatures_two"] = two_traces_pretty

    def unknown_rank_signature():
        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def f(x):
            return x
        cf = f.get_concrete_function()
        return [_value(cf(tf.constant(1.0))), _value(cf(x=tf.constant([1.0, 2.0]))),
                repr(cf.structured_outputs.shape)]
    c["unknown_rank_signature_concrete_function"] = unknown_rank_signature

    def dynamic_shape():
        @tf.function
        def d(x):
            print("static", x.shape)
            y = tf.ensure_shape(x, [None, 3])
            return tf.shape(y)[0] * 10
        printed = _printed(lambda: d.get_concrete_function(tf.TensorSpec([None, 3], tf.float32)))
        cf = d.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
        return [printed, _value(d(tf.ones([4, 3]))), _value(cf(tf.ones([5, 3]))), repr(cf.structured_outputs.shape)]
    c["tf_shape_is_dynamic_ensure_shape_static"] = dynamic_shape

    def ensure_shape_trace_error():
        @tf.function
        def d(x):
            return tf.ensure_shape(x, [None, 3])
        return d.get_concrete_function(tf.TensorSpec([None, 4], tf.float32))
    c["ensure_shape_incompatible_at_trace"] = ensure_shape_trace_error
    c["ensure_shape_incompatible_eager"] = lambda: tf.ensure_shape(tf.ones([2, 4]), [None, 3])

    def nested_structure():
        @tf.function
        def f(inputs):
            return inputs["a"] + inputs["b"][0]
        cf = f.get_concrete_function({"a": tf.TensorSpec([None], tf.float32), "b": [tf.TensorSpec([None], tf.float32)]})
        return [repr(cf.structured_input_signature), _value(cf({"a": tf.ones([2]), "b": [tf.ones([2])]})),
                f.experimental_get_tracing_count()]
    c["concrete_function_nested_structure"] = nested_structure

    def method():
        class M(tf.Module):
            @tf.function
            def __call__(self, x):
                return x * 2
        m = M()
        m(tf.constant(1.0))
        m(tf.constant(2.0))
        m(tf.constant([1.0]))
        return m.__call__.experimental_get_tracing_count()
    c["method_tracing_count"] = method
    return c


def run(tf):
    out = {}
    for name, fn in _cases(tf).items():
        try:
            out[name] = repr(_value(fn()))
        except Exception as e:  # noqa: BLE001 - recorded: both sides must raise the same class
            out[name] = f"raises {type(e).__name__}"
    return out
