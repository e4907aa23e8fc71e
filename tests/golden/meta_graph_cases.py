"""Programs exporting and importing TF1 meta graphs (`.meta` files), run by real TensorFlow 2.21
(`make_meta_graph_golden.py` writes `meta_graph.json`) and by keraslike (`tests/compat/test_meta_graph.py`).

Each case is `case(tf, tf1, directory)` with `tf` the TF 2 module and `tf1` its `compat.v1`, and returns plain
Python values (floats, lists, names). The programs are in the style of the TF guide `migrate/saved_model`.
"""

import os

import numpy as np


def _value(x):
    return np.asarray(x).tolist()


def multiply_round_trip(tf, tf1, directory):
    """The guide's cells 16-17: export a meta graph and a checkpoint, import it into a new graph, restore, run."""
    meta, ckpt = os.path.join(directory, "multiply.pb"), os.path.join(directory, "multiply_values.ckpt")
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, shape=[], name="x")
        v = tf.Variable(3.0, name="v")
        y = tf.multiply(x, v, name="y")
        with tf1.Session() as sess:
            sess.run(v.initializer)
            sess.run(v.assign(4.0))  # the restored value differs from the initial one
            before = sess.run(y, feed_dict={x: 5})
            saver = tf1.train.Saver()
            saver.export_meta_graph(meta, as_text=True)
            saver.save(sess, ckpt)
    with tf.Graph().as_default() as g:
        restored_saver = tf1.train.import_meta_graph(meta)
        x, y = g.get_tensor_by_name("x:0"), g.get_tensor_by_name("y:0")
        with tf1.Session() as sess:
            restored_saver.restore(sess, ckpt)
            after = sess.run(y, feed_dict={x: 5})
            variables = [v.name for v in tf1.global_variables()]
            trainable = [v.name for v in tf1.trainable_variables()]
        shapes = [x.shape.as_list(), y.shape.as_list()]
    return {"before": _value(before), "after": _value(after), "variables": variables, "trainable": trainable,
            "shapes": shapes, "saver": type(restored_saver).__name__}


def wrapped_import(tf, tf1, directory):
    """The guide's cell 18: import the meta graph inside `wrap_function`, restore its variables eagerly, prune."""
    multiply_round_trip(tf, tf1, directory)
    meta, ckpt = os.path.join(directory, "multiply.pb"), os.path.join(directory, "multiply_values.ckpt")

    def import_multiply():
        tf1.train.import_meta_graph(meta)

    wrapped = tf1.wrap_function(import_multiply, [])
    graph = wrapped.graph
    x, y = graph.get_tensor_by_name("x:0"), graph.get_tensor_by_name("y:0")
    tf1.train.Saver(wrapped.variables).restore(sess=None, save_path=ckpt)
    multiply_fn = wrapped.prune(feeds=x, fetches=y)
    return {"result": _value(multiply_fn(tf.constant(5.0))), "variables": [v.name for v in wrapped.variables],
            "values": [_value(v.numpy()) for v in wrapped.variables]}


def dense_graph(tf, tf1, directory):
    """A small network: matmul, bias, relu, mean, Python operators, slicing, constants, a group and a user
    collection, imported twice (the second time under an import scope)."""
    meta, ckpt = os.path.join(directory, "dense.meta"), os.path.join(directory, "dense")
    rng = np.random.RandomState(0)
    w0 = rng.uniform(-1, 1, (3, 2)).astype(np.float32)
    inputs = rng.uniform(-1, 1, (4, 3)).astype(np.float32)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, shape=[None, 3], name="inputs")
        w = tf.Variable(w0, name="dense/kernel")
        b = tf.Variable(tf.constant([0.5, -0.25]), name="dense/bias")
        step = tf.Variable(0, name="step", trainable=False)
        hidden = tf.nn.relu(tf.matmul(x, w) + b, name="hidden")
        scaled = 2.0 * hidden - hidden[:, :1] / 4.0
        out = tf.reduce_mean(scaled, axis=1, name="out")
        bump = tf.group(step.assign_add(1), name="bump")
        tf1.add_to_collection("outputs", out)
        tf1.add_to_collection("train_op", bump)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(b.assign(b * 3.0))
            sess.run(bump)
            expected = sess.run(out, feed_dict={x: inputs})
            saver = tf1.train.Saver()
            saver.save(sess, ckpt)
            saver.export_meta_graph(meta)
    results = {"expected": _value(expected)}
    with tf.Graph().as_default() as g:
        saver = tf1.train.import_meta_graph(meta)
        with tf1.Session() as sess:
            saver.restore(sess, ckpt)
            results["collection"] = [t.name for t in tf1.get_collection("outputs")]
            results["restored"] = _value(sess.run("out:0", feed_dict={"inputs:0": inputs}))
            sess.run(tf1.get_collection("train_op")[0])
            step = [v for v in tf1.global_variables() if v.name == "step:0"]  # "step:0" names TF's handle
            results["step"] = _value(sess.run(step[0]))
            results["out_shape"] = g.get_tensor_by_name("out:0").shape.as_list()
    with tf.Graph().as_default():  # TF's imported resource variables keep their shared names: a graph of its own
        tf1.train.import_meta_graph(meta)
        scoped_saver = tf1.train.import_meta_graph(meta, import_scope="copy")
        with tf1.Session() as sess:
            sess.run(tf1.variables_initializer([v for v in tf1.global_variables() if v.name.startswith("copy/")]))
            results["scoped_initial"] = _value(sess.run("copy/out:0", feed_dict={"copy/inputs:0": inputs}))
        results["scoped_saver"] = scoped_saver is not None
        results["names"] = sorted(v.name for v in tf1.global_variables())
        results["scoped_collection"] = [t.name for t in tf1.get_collection("outputs")]
    return results


def no_variables(tf, tf1, directory):
    """A graph without variables: import_meta_graph returns None (no Saver to make), the ops still run."""
    meta = os.path.join(directory, "plain.meta")
    with tf.Graph().as_default():
        a = tf1.placeholder(tf.float32, shape=[2], name="a")
        tf.add(a, tf.constant([1.0, 2.0]), name="total")
        tf1.train.export_meta_graph(meta)
    with tf.Graph().as_default() as g:
        saver = tf1.train.import_meta_graph(meta)
        with tf1.Session() as sess:
            total = sess.run(g.get_tensor_by_name("total:0"), feed_dict={"a:0": [3.0, 4.0]})
    return {"saver": saver is None, "total": _value(total)}


def save_writes_meta(tf, tf1, directory):
    """`Saver.save` writes `<prefix>.meta` beside each checkpoint (removed with it past `max_to_keep`); the
    classic TF1 restart: `import_meta_graph(prefix + ".meta")`, restore, run a collected op."""
    prefix = os.path.join(directory, "model")
    with tf.Graph().as_default():
        w = tf.Variable([1.0, 2.0], name="w")
        x = tf1.placeholder(tf.float32, [2], name="x")
        tf1.add_to_collection("predict", tf.reduce_sum(w * x, name="predict"))
        grow = w.assign(w * 2.0)
        saver = tf1.train.Saver(max_to_keep=2)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for step in range(3):
                sess.run(grow)
                last = saver.save(sess, prefix, global_step=step)
    files = sorted(os.listdir(directory))
    with tf.Graph().as_default():
        saver = tf1.train.import_meta_graph(last + ".meta")
        with tf1.Session() as sess:
            saver.restore(sess, last)
            value = sess.run(tf1.get_collection("predict")[0], feed_dict={"x:0": [1.0, 1.0]})
    return {"files": files, "value": _value(value)}


def layers_round_trip(tf, tf1, directory):
    """`tf.compat.v1.layers.dense` and `get_variable` with initializers: saved with `Saver.save` (its `.meta`),
    imported, re-initialised (the initializers are rebuilt) and restored."""
    prefix = os.path.join(directory, "layers")
    rng = np.random.RandomState(1)
    inputs = rng.uniform(-1, 1, (3, 4)).astype(np.float32)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 4], name="x")
        with tf1.variable_scope("net"):
            scale = tf1.get_variable("scale", [], initializer=tf1.constant_initializer(2.0))
            hidden = tf1.layers.dense(x, 3, activation=tf.nn.relu, name="hidden")
            out = tf.identity(tf1.layers.dense(hidden, 1, name="out") * scale, name="y")
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for v in tf1.global_variables():
                if "kernel" in v.name or "bias" in v.name:
                    v.load(rng.uniform(-1, 1, v.shape.as_list()).astype(np.float32), sess)
            scale.load(3.0, sess)
            expected = sess.run(out, feed_dict={x: inputs})
            tf1.train.Saver().save(sess, prefix)
    with tf.Graph().as_default():
        saver = tf1.train.import_meta_graph(prefix + ".meta")
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            scale = [v for v in tf1.global_variables() if v.name == "net/scale:0"][0]
            initial_scale = sess.run(scale)
            saver.restore(sess, prefix)
            restored = sess.run("net/y:0", feed_dict={"x:0": inputs})
            names = sorted(v.name for v in tf1.trainable_variables())
    return {"expected": _value(expected), "restored": _value(restored), "initial_scale": _value(initial_scale),
            "names": names}


def training_restart(tf, tf1, directory):
    """The classic TF1 restart: train with an optimizer and a global step, `Saver.save`, then in a new graph
    `import_meta_graph`, restore and keep training through the `train_op` collection (Adam and Momentum)."""
    prefix = os.path.join(directory, "train")
    rng = np.random.RandomState(2)
    features = rng.uniform(-1, 1, (8, 3)).astype(np.float32)
    targets = features @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3
    losses = {}
    for kind in ("adam", "momentum"):
        with tf.Graph().as_default():
            x = tf1.placeholder(tf.float32, [None, 3], name="x")
            y = tf1.placeholder(tf.float32, [None, 1], name="y")
            w = tf.Variable(np.zeros((3, 1), np.float32), name="w")
            b = tf.Variable(0.0, name="b")
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y), name="loss")
            step = tf1.train.get_or_create_global_step()
            optimizer = tf1.train.AdamOptimizer(0.1) if kind == "adam" else tf1.train.MomentumOptimizer(0.05, 0.9)
            train = optimizer.minimize(loss, global_step=step)
            tf1.add_to_collection("train_op", train)
            tf1.add_to_collection("loss", loss)
            saver = tf1.train.Saver()
            with tf1.Session() as sess:
                sess.run(tf1.global_variables_initializer())
                first = [float(sess.run([train, loss], {x: features, y: targets})[1]) for _ in range(3)]
                saved = saver.save(sess, f"{prefix}-{kind}", global_step=step)
                more = [float(sess.run([train, loss], {x: features, y: targets})[1]) for _ in range(3)]
        with tf.Graph().as_default():
            saver = tf1.train.import_meta_graph(saved + ".meta")
            with tf1.Session() as sess:
                saver.restore(sess, saved)
                train, loss = tf1.get_collection("train_op")[0], tf1.get_collection("loss")[0]
                again = [float(sess.run([train, loss], {"x:0": features, "y:0": targets})[1]) for _ in range(3)]
                step = float(sess.run(tf1.train.get_global_step()))
        losses[kind] = {"first": first, "more": more, "again": again, "step": step,
                        "saved": os.path.basename(saved)}
    return losses


def tf1_pipeline(tf, tf1, directory):
    """A TF1 training graph of `tf.compat.v1.layers`, `losses`, `metrics` and `summary` with batch norm and
    Adam: trained, saved with `Saver.save`, imported from its `.meta`, restored, trained on."""
    prefix = os.path.join(directory, "pipeline")
    rng = np.random.RandomState(3)
    features = rng.uniform(-1, 1, (16, 4)).astype(np.float32)
    labels = (features[:, 0] + features[:, 1] > 0).astype(np.int64)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 4], name="x")
        y = tf1.placeholder(tf.int64, [None], name="y")
        hidden = tf1.layers.dense(x, 5, activation=tf.nn.relu, name="hidden")
        hidden = tf1.layers.batch_normalization(hidden, training=True, name="bn")
        logits = tf1.layers.dense(hidden, 2, name="logits")
        tf1.losses.sparse_softmax_cross_entropy(y, logits)
        loss = tf1.losses.get_total_loss()
        accuracy, accuracy_update = tf1.metrics.accuracy(y, tf.argmax(logits, 1), name="acc")
        step = tf1.train.get_or_create_global_step()
        with tf.control_dependencies(tf1.get_collection(tf1.GraphKeys.UPDATE_OPS)):
            train = tf1.train.AdamOptimizer(0.05).minimize(loss, global_step=step)
        tf1.summary.scalar("loss", loss)
        summaries = tf1.summary.merge_all()
        for key, value in (("train_op", train), ("loss", loss), ("accuracy", accuracy_update),
                           ("summaries", summaries)):
            tf1.add_to_collection(key, value)
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            for v in tf1.trainable_variables():
                v.load(rng.uniform(-0.5, 0.5, v.shape.as_list()).astype(np.float32), sess)
            feed = {x: features, y: labels}
            first = [float(sess.run([train, loss], feed)[1]) for _ in range(3)]
            saved = tf1.train.Saver().save(sess, prefix, global_step=step)
            more = [float(sess.run([train, loss], feed)[1]) for _ in range(2)]
            moving = sorted(v.name for v in tf1.global_variables() if "moving" in v.name)
    with tf.Graph().as_default():
        saver = tf1.train.import_meta_graph(saved + ".meta")
        train, loss, accuracy, summaries = (tf1.get_collection(k)[0] for k in ("train_op", "loss", "accuracy",
                                                                               "summaries"))
        with tf1.Session() as sess:
            saver.restore(sess, saved)
            sess.run(tf1.local_variables_initializer())
            feed = {"x:0": features, "y:0": labels}
            again = [float(sess.run([train, loss], feed)[1]) for _ in range(2)]
            summary_bytes = sess.run(summaries, feed)
            accuracy_value = float(sess.run(accuracy, feed))
    return {"first": first, "more": more, "again": again, "accuracy": accuracy_value, "moving": moving,
            "summary": isinstance(summary_bytes, bytes) and len(summary_bytes) > 0}


CASES = {"tf1_pipeline": tf1_pipeline, "training_restart": training_restart, "layers_round_trip": layers_round_trip,
         "save_writes_meta": save_writes_meta, "multiply_round_trip": multiply_round_trip,
         "wrapped_import": wrapped_import, "dense_graph": dense_graph, "no_variables": no_variables}
