"""TF1 graph mode: time of `Session.run(train_op, feed_dict)` against the same step eagerly and in torch.

Two classic TF1 programs on synthetic MNIST-shaped data (batch 100): softmax regression
(`tf.matmul` + `softmax` + cross-entropy, GradientDescent) and a two-layer convnet (`tf.layers.conv2d` 32 and
64 filters 5x5, max-pooling, dense 1024, Adam). Each is timed three ways in the same process: the TF1 program
through `keraslike.compat.v1` (graph built once, `sess.run([train_op, loss], feed_dict)` per step), a
hand-written torch loop doing the same computation (`torch.autograd.grad` + the same update), and the eager
keraslike ops of the forward pass under `tf.GradientTape` (what "running the same ops eagerly" costs).
Prints the median step time of each and the ratios Session/torch and Session/eager.

Run:
    python benchmarks/tf1_session.py
    python benchmarks/tf1_session.py --steps 50 --repeats 5
"""

import argparse
import statistics
import time

import numpy as np
import torch

import keraslike as tf2
import keraslike.compat.v1 as tf


def _time(steps_fns, steps, repeats):
    """Median seconds per step of each function, timed in interleaved rounds (fair on a busy machine)."""
    for fn in steps_fns:
        fn()  # warm-up
    times = [[] for _ in steps_fns]
    for _ in range(repeats):
        for fn, out in zip(steps_fns, times):
            start = time.perf_counter()
            for _ in range(steps):
                fn()
            out.append((time.perf_counter() - start) / steps)
    return [statistics.median(t) for t in times]


def softmax_programs(x, y):
    graph = tf.Graph()
    with graph.as_default():
        xp = tf.placeholder(tf.float32, [None, 784])
        yp = tf.placeholder(tf.float32, [None, 10])
        W = tf.Variable(tf.zeros([784, 10]))
        b = tf.Variable(tf.zeros([10]))
        logits = tf.matmul(xp, W) + b
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=yp, logits=logits))
        train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
        sess = tf.Session()
        sess.run(tf.global_variables_initializer())

    def session_step():
        sess.run([train, loss], {xp: x, yp: y})

    wt = torch.zeros(784, 10, requires_grad=True)
    bt = torch.zeros(10, requires_grad=True)

    def torch_step():
        xt, yt = torch.from_numpy(x), torch.from_numpy(y)
        out = torch.nn.functional.cross_entropy(xt @ wt + bt, yt)
        gw, gb = torch.autograd.grad(out, [wt, bt])
        with torch.no_grad():
            wt.sub_(0.5 * gw)
            bt.sub_(0.5 * gb)
        out.item()

    we, be = tf2.Variable(tf2.zeros([784, 10])), tf2.Variable(tf2.zeros([10]))
    opt = tf2.keras.optimizers.SGD(0.5)

    def eager_step():
        with tf2.GradientTape() as tape:
            out = tf2.reduce_mean(tf2.nn.softmax_cross_entropy_with_logits(y, tf2.matmul(x, we) + be))
        opt.apply_gradients(zip(tape.gradient(out, [we, be]), [we, be]))
        float(out)

    return session_step, torch_step, eager_step


def convnet_programs(x, y):
    images = x.reshape(-1, 28, 28, 1)
    graph = tf.Graph()
    with graph.as_default():
        xp = tf.placeholder(tf.float32, [None, 28, 28, 1])
        yp = tf.placeholder(tf.float32, [None, 10])
        h = tf.layers.conv2d(xp, 32, 5, padding="same", activation=tf.nn.relu)
        h = tf.layers.max_pooling2d(h, 2, 2)
        h = tf.layers.conv2d(h, 64, 5, padding="same", activation=tf.nn.relu)
        h = tf.layers.max_pooling2d(h, 2, 2)
        h = tf.layers.dense(tf.reshape(h, [-1, 7 * 7 * 64]), 1024, activation=tf.nn.relu)
        logits = tf.layers.dense(h, 10)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=yp, logits=logits))
        train = tf.train.AdamOptimizer(1e-4).minimize(loss)
        sess = tf.Session()
        sess.run(tf.global_variables_initializer())

    def session_step():
        sess.run([train, loss], {xp: images, yp: y})

    model = torch.nn.Sequential(
        torch.nn.Conv2d(1, 32, 5, padding=2), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(32, 64, 5, padding=2), torch.nn.ReLU(), torch.nn.MaxPool2d(2), torch.nn.Flatten(),
        torch.nn.Linear(7 * 7 * 64, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 10))
    topt = torch.optim.Adam(model.parameters(), 1e-4, eps=1e-8)
    xt = torch.from_numpy(images).permute(0, 3, 1, 2).contiguous()

    def torch_step():
        out = torch.nn.functional.cross_entropy(model(xt), torch.from_numpy(y))
        topt.zero_grad()
        out.backward()
        topt.step()
        out.item()

    init = tf2.keras.initializers.GlorotUniform(seed=0)
    params = [tf2.Variable(init([5, 5, 1, 32])), tf2.Variable(tf2.zeros([32])),
              tf2.Variable(init([5, 5, 32, 64])), tf2.Variable(tf2.zeros([64])),
              tf2.Variable(init([3136, 1024])), tf2.Variable(tf2.zeros([1024])),
              tf2.Variable(init([1024, 10])), tf2.Variable(tf2.zeros([10]))]
    eopt = tf2.keras.optimizers.Adam(1e-4, epsilon=1e-8)

    def eager_step():
        k1, b1, k2, b2, w3, b3, w4, b4 = params
        with tf2.GradientTape() as tape:
            h = tf2.nn.relu(tf2.nn.bias_add(tf2.nn.conv2d(images, k1, 1, "SAME"), b1))
            h = tf2.nn.max_pool2d(h, 2, 2, "VALID")
            h = tf2.nn.relu(tf2.nn.bias_add(tf2.nn.conv2d(h, k2, 1, "SAME"), b2))
            h = tf2.nn.max_pool2d(h, 2, 2, "VALID")
            h = tf2.nn.relu(tf2.matmul(tf2.reshape(h, [-1, 3136]), w3) + b3)
            out = tf2.reduce_mean(tf2.nn.softmax_cross_entropy_with_logits(y, tf2.matmul(h, w4) + b4))
        eopt.apply_gradients(zip(tape.gradient(out, params), params))
        float(out)

    return session_step, torch_step, eager_step


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x = rng.random((100, 784), dtype=np.float32)
    y = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 100)]
    print(f"{'program':<22}{'Session.run':>14}{'torch loop':>14}{'eager ops':>14}{'Session/torch':>15}"
          f"{'Session/eager':>15}")
    for name, make, steps in (("MNIST softmax", softmax_programs, args.steps * 10),
                              ("two-layer convnet", convnet_programs, max(2, args.steps // 3))):
        session_step, torch_step, eager_step = make(x, y)
        fns = [session_step, torch_step] + ([eager_step] if eager_step is not None else [])
        ts, tt, *rest = _time(fns, steps, args.repeats)
        te = rest[0] if rest else float("nan")
        print(f"{name:<22}{ts * 1e3:>12.3f}ms{tt * 1e3:>12.3f}ms{te * 1e3:>12.3f}ms{ts / tt:>15.2f}"
              f"{ts / te:>15.2f}")


if __name__ == "__main__":
    main()
