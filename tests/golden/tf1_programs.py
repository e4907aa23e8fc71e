"""Classic TF1 programs, written once for `tf = tensorflow.compat.v1` and `tf = keraslike.compat.v1`.

`make_tf1_golden.py` runs them under real TF 2.21 (after `tf.disable_v2_behavior()`) and stores the
results in `tf1_programs.json`; `tests/compat/test_graph_programs.py` runs the same code with only the
import changed and compares. Every program builds its own `tf.Graph()` and takes its data from a seeded
numpy generator, and initial values are given explicitly (TF's random initializers are not reproduced).
"""

import glob

import numpy as np


def _data(n=240, d=20, k=4, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d)).astype(np.float32)
    w = rng.normal(size=(d, k)).astype(np.float32)
    y = np.argmax(x @ w + 0.5 * rng.normal(size=(n, k)), axis=1)
    return x, np.eye(k, dtype=np.float32)[y], y.astype(np.int64)


def mnist_softmax(tf):
    """The TF1 "MNIST for beginners" program: softmax regression, GradientDescent(0.5), feed_dict batches."""
    x_all, y_all, _ = _data()
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 20])
        W = tf.Variable(tf.zeros([20, 4]))
        b = tf.Variable(tf.zeros([4]))
        y = tf.nn.softmax(tf.matmul(x, W) + b)
        y_ = tf.placeholder(tf.float32, [None, 4])
        cross_entropy = tf.reduce_mean(-tf.reduce_sum(y_ * tf.log(y), reduction_indices=[1]))
        train_step = tf.train.GradientDescentOptimizer(0.5).minimize(cross_entropy)
        correct = tf.equal(tf.argmax(y, 1), tf.argmax(y_, 1))
        accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
        losses = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for i in range(30):
                j = (i * 40) % 240
                _, loss = sess.run([train_step, cross_entropy], feed_dict={x: x_all[j:j + 40], y_: y_all[j:j + 40]})
                losses.append(float(loss))
            acc = sess.run(accuracy, feed_dict={x: x_all, y_: y_all})
            w_final = sess.run(W)
        names = [str(t) for t in (x, W, y, cross_entropy, correct, accuracy)]
    return {"losses": losses, "accuracy": float(acc), "W": w_final.tolist(), "names": names}


def _dense_init(rng, shape):
    return (rng.normal(size=shape) * 0.3).astype(np.float32)


def shared_scope_model(tf):
    """A variable_scope-shared two-layer model applied to two inputs, trained with Momentum and a decaying rate."""
    x_all, _, labels = _data(seed=1)
    rng = np.random.default_rng(7)
    w1, w2 = _dense_init(rng, (20, 16)), _dense_init(rng, (16, 4))

    def model(inputs):
        with tf.variable_scope("model", reuse=tf.AUTO_REUSE):
            with tf.variable_scope("hidden"):
                w = tf.get_variable("weights", [20, 16], initializer=tf.constant_initializer(w1))
                b = tf.get_variable("biases", [16], initializer=tf.zeros_initializer())
                h = tf.nn.relu(tf.matmul(inputs, w) + b)
            with tf.variable_scope("logits"):
                w = tf.get_variable("weights", [16, 4], initializer=tf.constant_initializer(w2))
                b = tf.get_variable("biases", [4], initializer=tf.zeros_initializer())
                return tf.matmul(h, w) + b

    with tf.Graph().as_default():
        xa = tf.placeholder(tf.float32, [None, 20], name="xa")
        xb = tf.placeholder(tf.float32, [None, 20], name="xb")
        ya = tf.placeholder(tf.int64, [None], name="ya")
        yb = tf.placeholder(tf.int64, [None], name="yb")
        la, lb = model(xa), model(xb)
        loss = (tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=ya, logits=la))
                + tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=yb, logits=lb)))
        global_step = tf.train.get_or_create_global_step()
        lr = tf.train.exponential_decay(0.1, global_step, 5, 0.5, staircase=True)
        train_op = tf.train.MomentumOptimizer(lr, 0.9).minimize(loss, global_step=global_step)
        names = sorted(v.name for v in tf.trainable_variables())
        all_names = sorted(v.name for v in tf.global_variables())
        losses, lrs = [], []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for i in range(12):
                a, b = (i * 20) % 240, (i * 20 + 120) % 240
                _, lv, r = sess.run([train_op, loss, lr], {xa: x_all[a:a + 20], ya: labels[a:a + 20],
                                                           xb: x_all[b:b + 20], yb: labels[b:b + 20]})
                losses.append(float(lv))
                lrs.append(float(r))
            step = int(sess.run(global_step))
            hidden = sess.run(tf.get_default_graph().get_tensor_by_name("model/hidden/weights:0"))
    return {"losses": losses, "lrs": lrs, "trainable": names, "global": all_names, "step": step,
            "hidden_sum": float(hidden.sum())}


def layers_mlp(tf):
    """tf.layers.dense MLP trained with each TF1 optimizer (Adam, Adagrad, RMSProp) from the same initial values."""
    x_all, y_all, _ = _data(seed=2)
    rng = np.random.default_rng(3)
    k1, k2 = _dense_init(rng, (20, 32)), _dense_init(rng, (32, 4))
    out = {}
    for opt_name in ("Adam", "Adagrad", "RMSProp", "RMSPropCentered", "MomentumNesterov"):
        with tf.Graph().as_default():
            x = tf.placeholder(tf.float32, [None, 20])
            y = tf.placeholder(tf.float32, [None, 4])
            h = tf.layers.dense(x, 32, activation=tf.nn.tanh, kernel_initializer=tf.constant_initializer(k1))
            logits = tf.layers.dense(h, 4, kernel_initializer=tf.constant_initializer(k2))
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
            opt = {"Adam": lambda: tf.train.AdamOptimizer(0.01),
                   "Adagrad": lambda: tf.train.AdagradOptimizer(0.1),
                   "RMSProp": lambda: tf.train.RMSPropOptimizer(0.01, momentum=0.5),
                   "RMSPropCentered": lambda: tf.train.RMSPropOptimizer(0.01, centered=True),
                   "MomentumNesterov": lambda: tf.train.MomentumOptimizer(0.05, 0.9, use_nesterov=True)}[opt_name]()
            grads_and_vars = opt.compute_gradients(loss)
            train_op = opt.apply_gradients(grads_and_vars)
            losses = []
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                for i in range(15):
                    j = (i * 48) % 240
                    _, lv = sess.run([train_op, loss], {x: x_all[j:j + 48], y: y_all[j:j + 48]})
                    losses.append(float(lv))
                acc = sess.run(tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1)), tf.float32)),
                               {x: x_all, y: y_all})
            out[opt_name] = {"losses": losses, "accuracy": float(acc),
                             "variables": sorted(v.name for v in tf.global_variables())}
    return out


def iterator_pipeline(tf):
    """An input pipeline read with a one-shot iterator until OutOfRangeError, training with get_next()."""
    x_all, y_all, _ = _data(n=100, seed=4)
    with tf.Graph().as_default():
        dataset = tf.data.Dataset.from_tensor_slices((x_all, y_all)).batch(32)
        features, labels = dataset.make_one_shot_iterator().get_next()
        W = tf.Variable(tf.zeros([20, 4]))
        logits = tf.matmul(features, W)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits))
        train_op = tf.train.GradientDescentOptimizer(0.3).minimize(loss)
        shapes = [features.shape.as_list(), labels.shape.as_list()]
        losses, caught = [], None
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            while True:
                try:
                    _, lv = sess.run([train_op, loss])
                except tf.errors.OutOfRangeError as e:
                    caught = type(e).__name__
                    break
                losses.append(float(lv))
    return {"losses": losses, "caught": caught, "shapes": shapes}


def feedable_pipeline(tf):
    """Dataset.from_tensor_slices(placeholders) read by an initializable iterator, re-initialised with new feeds."""
    with tf.Graph().as_default():
        xp = tf.placeholder(tf.float32, [None, 3])
        yp = tf.placeholder(tf.int64, [None])
        dataset = tf.data.Dataset.from_tensor_slices((xp, yp)).map(lambda x, y: (x * 2.0, y + 1)).batch(4)
        iterator = dataset.make_initializable_iterator()
        features, labels = iterator.get_next()
        total = tf.reduce_sum(features) + tf.cast(tf.reduce_sum(labels), tf.float32)
        sums = []
        with tf.Session() as sess:
            for epoch in range(2):
                sess.run(iterator.initializer, {xp: np.arange(30.0).reshape(10, 3) * (epoch + 1),
                                                yp: np.arange(10)})
                while True:
                    try:
                        sums.append(float(sess.run(total)))
                    except tf.errors.OutOfRangeError:
                        break
        shapes = [features.shape.as_list(), labels.shape.as_list()]
    return {"sums": sums, "shapes": shapes}


def streaming_metrics(tf):
    """tf.metrics.accuracy / mean with update ops over batches, local_variables_initializer resetting them."""
    rng = np.random.default_rng(11)
    labels = rng.integers(0, 3, 30)
    predictions = np.where(rng.random(30) < 0.6, labels, (labels + 1) % 3)
    losses = rng.random(30).astype(np.float32)
    with tf.Graph().as_default():
        y = tf.placeholder(tf.int64, [None])
        p = tf.placeholder(tf.int64, [None])
        v = tf.placeholder(tf.float32, [None])
        w = tf.placeholder(tf.float32, [None])
        acc, acc_update = tf.metrics.accuracy(y, p)
        mean, mean_update = tf.metrics.mean(v, weights=w)
        local_names = sorted(x.name for x in tf.local_variables())
        out = []
        with tf.Session() as sess:
            for _ in range(2):
                sess.run(tf.local_variables_initializer())
                for i in range(0, 30, 10):
                    feed = {y: labels[i:i + 10], p: predictions[i:i + 10], v: losses[i:i + 10],
                            w: np.linspace(0, 1, 10)}
                    out.append([float(x) for x in sess.run([acc_update, mean_update], feed)])
                out.append([float(x) for x in sess.run([acc, mean])])
    return {"values": out, "local": local_names}


def gradients_and_names(tf):
    """tf.gradients with grad_ys and stop_gradient, and TF1's op naming."""
    with tf.Graph().as_default():
        a = tf.placeholder(tf.float32, [3], name="a")
        b = tf.constant([1.0, 2.0, 3.0])
        c = a * b + tf.stop_gradient(a * a)
        d = tf.reduce_sum(c * c)
        g_a, g_b = tf.gradients(d, [a, b])
        (h,) = tf.gradients(c, [a], grad_ys=[tf.constant([1.0, 0.5, 0.0])])
        e = a + b
        f = tf.add(a, b, name="custom")
        with tf.name_scope("block"):
            g = a * 2.0
        with tf.name_scope("block"):
            k = a - 1.0
        with tf.Session() as sess:
            values = sess.run({"ga": g_a, "gb": g_b, "h": h, "d": d}, {a: [1.0, -1.0, 2.0]})
        names = [t.name for t in (a, b, c, d, e, f, g, k)]
    return {"values": {k: np.asarray(v).tolist() for k, v in values.items()}, "names": names}


def convnet_layers(tf):
    """A TF1 convnet with tf.layers (conv2d, max_pooling2d, batch_normalization + UPDATE_OPS, dropout, dense)."""
    rng = np.random.default_rng(5)
    images = rng.random((16, 8, 8, 1), dtype=np.float32)
    labels = np.eye(3, dtype=np.float32)[rng.integers(0, 3, 16)]
    k1 = (rng.normal(size=(3, 3, 1, 4)) * 0.5).astype(np.float32)
    k2 = (rng.normal(size=(16, 3)) * 0.5).astype(np.float32)
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 8, 8, 1])
        y = tf.placeholder(tf.float32, [None, 3])
        training = tf.placeholder(tf.bool, [])
        h = tf.layers.conv2d(x, 4, 3, padding="same", activation=tf.nn.relu,
                             kernel_initializer=tf.constant_initializer(k1))
        h = tf.layers.batch_normalization(h, training=training)
        h = tf.layers.max_pooling2d(h, 2, 2)
        h = tf.layers.max_pooling2d(h, 2, 2)
        h = tf.layers.dropout(h, rate=0.5, training=False)
        logits = tf.layers.dense(tf.layers.flatten(h), 3, kernel_initializer=tf.constant_initializer(k2))
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
        update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
        with tf.control_dependencies(update_ops):
            train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
        shapes = [h.shape.as_list(), logits.shape.as_list()]
        losses = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for _ in range(5):
                _, lv = sess.run([train_op, loss], {x: images, y: labels, training: True})
                losses.append(float(lv))
            eval_loss = float(sess.run(loss, {x: images, y: labels, training: False}))
            moving = sess.run(tf.get_default_graph().get_tensor_by_name("batch_normalization/moving_variance:0"))
        names = sorted(v.name for v in tf.global_variables())
    return {"losses": losses, "eval_loss": eval_loss, "moving_variance": moving.tolist(), "names": names,
            "n_update_ops": len(update_ops), "shapes": shapes}


def control_flow(tf):
    """tf.cond (only the taken branch runs, side effects included) and tf.while_loop, with gradients."""
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [])
        counter = tf.Variable(0.0)
        r = tf.cond(x > 0, lambda: x * x, lambda: tf.assign_add(counter, 1.0) - x)
        i, s = tf.while_loop(lambda i, s: i < 4, lambda i, s: (i + 1, s * x + 1.0), [tf.constant(0), tf.constant(0.0)])
        (g,) = tf.gradients(s + r, [x])
        out = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for value in (2.0, -1.5, 0.5):
                out.append([float(v) for v in sess.run([r, s, g], {x: value})] + [int(sess.run(i, {x: value}))])
            out.append(float(sess.run(counter)))
    return {"runs": out}


def _structure(value):
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [_structure(v) for v in value]]
    return "tensor"


def control_flow_structures(tf):
    """TF1's cond(strict=False) and while_loop(return_same_structure=False) result structures, in a graph and
    eagerly (TF2's tf.cond/tf.while_loop keep the structure), and the op names of `tf.layers.dense`/`conv2d` with an
    activation (the activation is its own op: `d1/Relu:0`)."""
    def structures():
        one = tf.constant(1)
        cases = {
            "cond [x]": lambda: tf.cond(tf.constant(True), lambda: [one], lambda: [one]),
            "cond (x,)": lambda: tf.cond(tf.constant(True), lambda: (one,), lambda: (one,)),
            "cond strict [x]": lambda: tf.cond(tf.constant(True), lambda: [one], lambda: [one], strict=True),
            "cond [x, y]": lambda: tf.cond(tf.constant(True), lambda: [one, one], lambda: [one, one]),
            "while [x]": lambda: tf.while_loop(lambda i: i < 3, lambda i: i + 1, [one]),
            "while (x,) body tuple": lambda: tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), (one,)),
            "while same [x]": lambda: tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [one],
                                                    return_same_structure=True),
            "while [x, y]": lambda: tf.while_loop(lambda i, j: i < 3, lambda i, j: [i + 1, j], [one, one]),
        }
        return {name: _structure(fn()) for name, fn in cases.items()}

    with tf.Graph().as_default():
        graph = structures()
        x = tf.placeholder(tf.float32, [None, 3])
        names = [tf.layers.dense(x, 4, activation=tf.nn.relu, name="d1").name,
                 tf.layers.dense(x, 4, name="d2").name,
                 tf.layers.dense(x, 4, activation=tf.nn.sigmoid, use_bias=False, name="d3").name,
                 tf.layers.conv2d(tf.placeholder(tf.float32, [None, 5, 5, 1]), 2, 3, activation=tf.nn.relu,
                                  name="c1").name]
        default = tf.get_default_graph()
        names += [default.get_tensor_by_name(n).name for n in ("d1/MatMul:0", "d1/BiasAdd:0", "d3/MatMul:0",
                                                              "c1/Conv2D:0", "c1/BiasAdd:0")]
        i = tf.while_loop(lambda i: i < 5, lambda i: i + 2, [tf.constant(0)])
        with tf.Session() as sess:
            value = int(sess.run(i))
    tf.enable_eager_execution()
    try:
        eager = structures()
    finally:
        tf.disable_eager_execution()
    return {"graph": graph, "eager": eager, "names": names, "while_value": value}


def saver_round_trip(tf, directory):
    """Train, save with global_step, restore into a fresh graph and session, predict."""
    x_all, y_all, _ = _data(n=60, seed=6)

    def build():
        x = tf.placeholder(tf.float32, [None, 20])
        with tf.variable_scope("net"):
            w = tf.get_variable("w", [20, 4], initializer=tf.zeros_initializer())
            b = tf.get_variable("b", [4], initializer=tf.zeros_initializer())
        step = tf.train.get_or_create_global_step()
        return x, tf.matmul(x, w) + b, step

    with tf.Graph().as_default():
        x, logits, step = build()
        y = tf.placeholder(tf.float32, [None, 4])
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
        train = tf.train.AdamOptimizer(0.05).minimize(loss, global_step=step)
        saver = tf.train.Saver(max_to_keep=2)
        paths = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for _ in range(3):
                for _ in range(4):
                    sess.run(train, {x: x_all, y: y_all})
                paths.append(saver.save(sess, directory + "/model.ckpt", global_step=step))
            before = sess.run(logits, {x: x_all[:5]})
    with tf.Graph().as_default():
        x, logits, step = build()
        saver = tf.train.Saver([v for v in tf.global_variables()])
        with tf.Session() as sess:
            saver.restore(sess, tf.train.latest_checkpoint(directory))
            after = sess.run(logits, {x: x_all[:5]})
            restored_step = int(sess.run(step))
    return {"paths": [p.rsplit("/", 1)[-1] for p in paths], "before": before.tolist(), "after": after.tolist(),
            "step": restored_step, "latest": tf.train.latest_checkpoint(directory).rsplit("/", 1)[-1]}


def summaries(tf, directory, read_events):
    """tf.summary.scalar under a name scope, merge_all, FileWriter.add_summary; `read_events(path)` yields the
    event protos of a file (TF's summary_iterator for the golden, TensorBoard's loader in the test)."""
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [])
        with tf.name_scope("train"):
            tf.summary.scalar("loss", x * 2.0)
        tf.summary.scalar("plain", x + 1.0)
        tf.summary.histogram("weights", tf.stack([x, x * 3.0 - 1.0, -x, x * x, 0.0 * x, 1e-13 + 0.0 * x]))
        merged = tf.summary.merge_all()
        with tf.Session() as sess:
            writer = tf.summary.FileWriter(directory, sess.graph)
            for step in range(3):
                writer.add_summary(sess.run(merged, {x: float(step)}), step)
            writer.close()
        n_collected = len(tf.get_collection(tf.GraphKeys.SUMMARIES))
    events = []
    for path in sorted(glob.glob(directory + "/events.out.tfevents.*")):
        for event in read_events(path):
            for value in event.summary.value:
                if value.HasField("histo"):
                    h = value.histo
                    events.append([event.step, value.tag, [h.min, h.max, h.num, h.sum, h.sum_squares,
                                                           list(h.bucket_limit), list(h.bucket)]])
                else:
                    events.append([event.step, value.tag, round(float(value.simple_value), 6)])
    return {"events": events, "n_collected": n_collected}


def v1_losses(tf):
    """tf.losses with weights and reductions, a regularized get_variable, get_total_loss in training."""
    x_all, y_all, labels = _data(n=40, seed=8)
    rng = np.random.default_rng(9)
    w0 = (rng.normal(size=(20, 4)) * 0.1).astype(np.float32)
    weights = np.linspace(0.0, 1.0, 40).astype(np.float32)
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 20])
        w = tf.get_variable("w", initializer=w0, regularizer=tf.keras.regularizers.l2(0.01))
        logits = tf.matmul(x, w)
        probs = tf.nn.sigmoid(logits)
        values = {
            "softmax": tf.losses.softmax_cross_entropy(y_all, logits, weights=weights[:, None][:, 0],
                                                       label_smoothing=0.1),
            "sparse": tf.losses.sparse_softmax_cross_entropy(labels, logits, weights=weights),
            "mse": tf.losses.mean_squared_error(y_all, probs, weights=2.0),
            "huber": tf.losses.huber_loss(y_all, logits, delta=0.5, reduction=tf.losses.Reduction.SUM),
            "abs": tf.losses.absolute_difference(y_all, probs, reduction=tf.losses.Reduction.MEAN),
            "log": tf.losses.log_loss(y_all, probs),
            "hinge": tf.losses.hinge_loss(y_all, logits, reduction=tf.losses.Reduction.SUM_OVER_BATCH_SIZE),
            "sigmoid": tf.losses.sigmoid_cross_entropy(y_all, logits, label_smoothing=0.2),
            "none": tf.losses.mean_squared_error(y_all, probs, reduction=tf.losses.Reduction.NONE,
                                                 loss_collection=None),
            "reg": tf.losses.get_regularization_loss(),
        }
        total = tf.losses.get_total_loss()
        train = tf.train.GradientDescentOptimizer(0.1).minimize(total)
        n_losses = len(tf.losses.get_losses())
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            first = sess.run(values, {x: x_all})
            totals = [float(sess.run([train, total], {x: x_all})[1]) for _ in range(5)]
    out = {k: np.asarray(v).tolist() for k, v in first.items()}
    return {"values": out, "totals": totals, "n_losses": n_losses}


def initializers(tf):
    """TF1 initializer defaults (get_config) and sample statistics of 400x300 draws."""
    names = ["truncated_normal_initializer", "random_normal_initializer", "random_uniform_initializer",
             "variance_scaling_initializer", "orthogonal_initializer", "glorot_uniform_initializer",
             "glorot_normal_initializer", "zeros_initializer", "ones_initializer", "constant_initializer"]
    out = {}
    with tf.Graph().as_default():
        for name in names:
            init = getattr(tf, name)()
            v = tf.get_variable(name, [400, 300], initializer=init)
            with tf.Session() as sess:
                sess.run(v.initializer)
                value = sess.run(v)
            config = {k: v for k, v in init.get_config().items()}
            out[name] = {"config": config, "mean": round(float(value.mean()), 2), "std": round(float(value.std()), 2)}
    return out



def seeded_random_ops(tf):
    """Graph-level seed plus explicit op seeds: each op's kernel draws TF's numbers run after run (a new session
    starts its kernels afresh). Ops without an op seed take one from the graph's op count in TF: not compared."""
    with tf.Graph().as_default():
        tf.set_random_seed(5)
        x = tf.placeholder(tf.float32, [None, 3])
        ops = {"normal": tf.random_normal([3, 2], seed=1), "truncated": tf.truncated_normal([4], stddev=0.1, seed=2),
               "uniform": tf.random_uniform([2, 2], -1.0, 1.0, seed=3),
               "dropout": tf.nn.dropout(x, rate=0.5, seed=4), "shuffle": tf.random_shuffle(tf.range(6), seed=6)}
        w = tf.Variable(tf.random_normal([3, 2], seed=7))
        feed = {x: np.ones((2, 3), np.float32)}
        out = {}
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            out["w"] = sess.run(w).tolist()
            for run in range(2):
                for name, op in ops.items():
                    out[f"{name}_{run}"] = sess.run(op, feed).tolist()
        with tf.Session() as sess:
            out["normal_new_session"] = sess.run(ops["normal"]).tolist()
    return out


def v1_top_level_names(tf):
    """TF1's top-level spellings of TF2 ops (`tf.ceil`, `tf.matrix_inverse`, `tf.count_nonzero(keep_dims=)`,
    `tf.string_split`, `tf.sparse_to_dense`, `tf.scatter_update`, `tf.Print`, ...) in a graph run by a session."""
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [None, 3])
        m = tf.constant([[2.0, 1.0], [1.0, 3.0]])
        ints = tf.constant([[0, 1, 2], [3, 0, 0]])
        words = tf.constant(["hello big  world", "a,b c"])
        seg = tf.constant([0, 0, 1])
        v = tf.Variable(tf.zeros([4, 2]))
        ops = {
            "ceil": tf.ceil(x * 1.5), "rsqrt": tf.rsqrt(x + 1.0), "log1p": tf.log1p(x), "erf": tf.erf(x),
            "is_nan": tf.is_nan(x / x), "inv": tf.matrix_inverse(m), "det": tf.matrix_determinant(m),
            "transpose": tf.matrix_transpose(m), "diag": tf.diag(tf.constant([1.0, 2.0])),
            "diag_part": tf.diag_part(m), "band": tf.matrix_band_part(m, 0, 0), "trace": tf.trace(m),
            "count_nonzero": tf.count_nonzero(ints, axis=1, keep_dims=True),
            "count_all": tf.count_nonzero(ints), "segment_sum": tf.segment_sum(x[0], seg),
            "unsorted": tf.unsorted_segment_sum(x[0], seg, 3), "floor_div": tf.floor_div(ints, 2),
            "div_no_nan": tf.div_no_nan(x, tf.zeros_like(x)), "floormod": tf.floormod(ints, 2),
            "global_norm": tf.global_norm([x, x]), "clip_avg": tf.clip_by_average_norm(x, 0.1),
            "reverse_v2": tf.reverse_v2(ints, [1]), "where_v2": tf.where_v2(ints > 1, ints, -ints),
            "lin_space": tf.lin_space(0.0, 1.0, 5), "batch_gather": tf.batch_gather(ints, [[2, 0], [1, 1]]),
            "depth_to_space": tf.depth_to_space(tf.reshape(tf.range(8.0), [1, 1, 2, 4]), 2),
            "space_to_depth": tf.space_to_depth(tf.reshape(tf.range(8.0), [1, 2, 4, 1]), 2),
            "string_to_number": tf.string_to_number(tf.constant(["1.5", "2"])),
            "reduce_join": tf.reduce_join(tf.constant([["a", "b"], ["c", "d"]]), axis=1, keep_dims=True,
                                          separator="-"),
            "substr": tf.substr(words, 1, 3),
            "sparse_to_dense": tf.sparse_to_dense([[0, 1], [1, 2]], [2, 3], [5, 6], default_value=-1),
            "sparse_to_dense_scalar": tf.sparse_to_dense([0, 2], [4], 7),
            "confusion": tf.confusion_matrix([0, 1, 1], [0, 0, 1]),
            "bincount": tf.bincount(tf.constant([1, 1, 3])),
            "print": tf.Print(x, [x], message="x="),
        }
        updated = tf.scatter_update(v, [0, 2], [[1.0, 2.0], [3.0, 4.0]])
        added = tf.scatter_add(v, [1, 1], [[1.0, 1.0], [2.0, 2.0]])
        feed = {x: np.array([[0.0, 1.0, 2.0], [3.0, -0.5, 0.25]], np.float32)}
        out = {}
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for name, op in ops.items():
                value = sess.run(op, feed)
                out[name] = value.astype(str).tolist() if value.dtype.kind in "OSU" else value.tolist()
            out["scatter_update"] = sess.run(updated).tolist()
            out["scatter_add"] = sess.run(added).tolist()
            out["variable"] = sess.run(v).tolist()
            out["all_variables"] = len(tf.all_variables())
    return out

PROGRAMS = {"mnist_softmax": mnist_softmax, "seeded_random_ops": seeded_random_ops,
            "v1_top_level_names": v1_top_level_names, "shared_scope_model": shared_scope_model,
            "layers_mlp": layers_mlp,
            "iterator_pipeline": iterator_pipeline, "feedable_pipeline": feedable_pipeline,
            "gradients_and_names": gradients_and_names, "streaming_metrics": streaming_metrics,
            "convnet_layers": convnet_layers, "control_flow": control_flow, "v1_losses": v1_losses,
            "initializers": initializers, "control_flow_structures": control_flow_structures}
