"""Programs run under real TF 2.21 and under keraslike: the names of eager `tf.Variable`s: unnamed ones are all
`Variable:0` (TF 2 eager does not make names unique), a repeated explicit name stays as given, `tf.name_scope`
prefixes it. `make_variable_names_golden.py` writes `variable_names.json`; `tests/ops/test_variable_names.py`
compares."""


def facts(tf):
    a = tf.Variable(1.0)
    b = tf.Variable(2.0)
    c = tf.Variable([1, 2])
    d = tf.Variable(3.0, name="x")
    e = tf.Variable(4.0, name="x")
    with tf.name_scope("scope"):
        f = tf.Variable(5.0)
        g = tf.Variable(6.0, name="y")
    module = tf.Module()
    module.held = [tf.Variable(7.0), tf.Variable(8.0)]
    return {"names": [v.name for v in (a, b, c, d, e, f, g)], "module": [v.name for v in module.variables]}
