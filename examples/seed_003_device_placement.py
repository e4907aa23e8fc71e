"""Seed 003 ("加速运算"): tf.device on CPU and GPU, TF1 Session with log_device_placement.

Seed document: `shared/seeds/003_a8b250b52b6795b2.txt` (in the project's shared/ folder):
its snippet (tf.device + Session).

The document's snippet, with `import tensorflow as tf` changed to
`import keraslike as tf`, runs unchanged and prints `[4. 6.]`.

Placement log (stderr): "Device mapping:" (GPU lines, or "no known devices.")
and `init: /job:localhost/replica:0/task:0/device:CPU:0`. Unlike TF, there is
no `add` line: `a + b` is a Python operator, which keraslike leaves to torch
(it runs where `a` and `b` live, the CPU) instead of intercepting every torch
op in the scope; `tf.add(a, b)` would be placed on /gpu:0 and logged.

Run:
    python examples/seed_003_device_placement.py
    python examples/seed_003_device_placement.py --quick    # the same: it already runs in seconds

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    [4. 6.]
"""

import argparse

import keraslike as tf

# ---- added: the flag every example takes (this one already runs in seconds: --quick changes nothing)
_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--quick", action="store_true", help="accepted as by every example; the run is already short")
_parser.parse_args()

#通过device()函数将运算指定到CPU设备上。
with tf.device("/cpu:0"):
    a = tf.Variable(tf.constant([1.0, 2.0], shape=[2]), name="a")
    b = tf.Variable(tf.constant([3.0, 4.0], shape=[2]), name="b")

#通过device()函数将运算指定到第一个GPU设备上。
with tf.device("/gpu:0"):
    result = a + b

#log_device_placement参数可以用来记录运行每一个运算的设备。
with tf.Session(config=tf.ConfigProto(log_device_placement=True)) as sess:
    tf.initialize_all_variables().run()
    print(sess.run(result))
    #输出Tensor("add:0", shape=(2,), dtype=float32)
