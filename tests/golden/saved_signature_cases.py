"""The module of tests/golden/make_saved_signature_outputs_golden.py and tests/saved_model/test_saved_signature_
outputs.py: signatures whose inputs have unknown rank or are strings (TF knows their output specs from the traced
graph; keraslike saves them without a torch.export program), as guide/saved_model's `CustomModuleWithOutputName`.

`build(tf)` takes the `tensorflow` or `keraslike` module; `CALLS` are the signature calls compared by value.
"""

import numpy as np

CALLS = [
    ("serving_default", {"x": np.array([[1.0, 2.0]], "float32")}),
    ("serving_default", {"x": np.array(3.0, "float32")}),
    ("plain", {"x": np.array([1.0, -2.0, 4.0], "float32")}),
    ("two", {"x": np.array([[1.0, 2.0], [3.0, 5.0]], "float32")}),
    ("strs", {"s": np.array([b"ab", b"c"], object)}),
    ("strs_unknown", {"s": np.array([[b"a"], [b"bc"]], object)}),
]


def build(tf):
    """`(module, signatures)`: the module (variable v = 2) and its signature dict for `tf.saved_model.save`."""

    class Signatures(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0)

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def __call__(self, x):
            return {"custom_output_name": x * self.v}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def plain(self, x):
            return x * self.v

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def two(self, x):
            return x * self.v, tf.reduce_sum(x), tf.shape(x)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def strs(self, s):
            return {"len": tf.strings.length(s), "up": tf.strings.upper(s)}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.string)])
        def strs_unknown(self, s):
            return tf.strings.join([s, s])

    module = Signatures()
    # the guide's way: a concrete function of an input of unknown rank
    call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    return module, {"serving_default": call, "plain": module.plain, "two": module.two, "strs": module.strs,
                    "strs_unknown": module.strs_unknown}


def build_archive(tf):
    """A `keras.export.ExportArchive` whose endpoints take an input of unknown rank and strings (lambdas: TF's
    endpoint functions take `*args`)."""
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    archive = tf.keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint("anyrank", tf.function(lambda x: x * 2.0), input_signature=[tf.TensorSpec(None, tf.float32)])
    archive.add_endpoint("strs", tf.function(lambda s: tf.strings.length(s)),
                         input_signature=[tf.TensorSpec([None], tf.string)])
    return archive
