"""Seed 004 ("TensorFlow 多GPU使用详解", a translation of TF1's "Using GPUs" guide).

Seed document: `shared/seeds/004_8af62a4ca9a194a0.txt` (in the project's shared/ folder):
sections 二 to 六, in order.

Each section's code runs with `import tensorflow as tf` changed to
`import keraslike as tf`; the document's typographic quotes (’a’) are ASCII
quotes and the literal `…` in `tf.Session(config=config, …)` is dropped.
Added lines, marked "added": `tf.compat.v1.reset_default_graph()` between
sections (the document's sections are separate programs, so op names restart
at "Const", "MatMul"), try/except around the runs that TF itself fails on a
machine lacking the named GPUs (printing `InvalidArgumentError: ...`, the
document's expected output for section 5), and, for section 6, a second run
with `allow_soft_placement=True` so the values print on any machine.

Prints (stdout): `[[22. 28.] [49. 64.]]` for sections 2, 3 and 5 (soft),
`[[ 44.  56.] [ 98. 128.]]` for section 6; the placement log ("Device
mapping:", `b: /job:localhost/replica:0/task:0/device:CPU:0`, ...,
`MatMul: ...`, `AddN: ...`) goes to stderr as TF's does. On a machine
without GPUs, "/device:GPU:2" falls back to the CPU with a RuntimeWarning
under soft placement; without it `Session.run` raises TF's
InvalidArgumentError naming node 'b' and '/device:GPU:2'.

Run:
    python examples/seed_004_using_gpu.py
    python examples/seed_004_using_gpu.py --quick    # the same: it already runs in seconds

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    [[22. 28.]
     [49. 64.]]
    [[22. 28.]
     [49. 64.]]
    InvalidArgumentError: Cannot assign a device for operation b: Could not satisfy explicit device spec ...
    [[22. 28.]
     [49. 64.]]
    InvalidArgumentError: Cannot assign a device for operation Const_3: Could not satisfy explicit devic ...
    [[ 44.  56.]
     [ 98. 128.]]
"""

import argparse

import keraslike as tf

# ---- added: the flag every example takes (this one already runs in seconds: --quick changes nothing)
_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--quick", action="store_true", help="accepted as by every example; the run is already short")
_parser.parse_args()

# ---- 二、记录设备状态 -------------------------------------------------------------------------------
# 创建一个计算图
a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name='a')
b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name='b')
c = tf.matmul(a, b)
# 创建一个 session，它的 log_device_placement 被设置为 True.
sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
# 运行这个操作
print(sess.run(c))

tf.compat.v1.reset_default_graph()  # added
# ---- 三、手动分配设备 -------------------------------------------------------------------------------
with tf.device('/cpu:0'):
  a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name='a')
  b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name='b')
c = tf.matmul(a, b)
# 创建一个 session，它的 log_device_placement 被设置为 True
sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
# 运行这个操作
print(sess.run(c))

tf.compat.v1.reset_default_graph()  # added
# ---- 四、允许 GPU 内存增长 -----------------------------------------------------------------------------
config = tf.ConfigProto()
config.gpu_options.allow_growth = True
session = tf.Session(config=config)

config = tf.ConfigProto()
config.gpu_options.per_process_gpu_memory_fraction = 0.4
session = tf.Session(config=config)

tf.compat.v1.reset_default_graph()  # added
# ---- 五、在多GPU系统上使用单个GPU ---------------------------------------------------------------------
# 创建一个计算图
with tf.device('/device:GPU:2'):
  a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name='a')
  b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name='b')
  c = tf.matmul(a, b)
# 创建一个 log_device_placement 设置为True 的会话
sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
# 运行这个操作
try:  # added
    print(sess.run(c))
except tf.errors.InvalidArgumentError as e:  # added: the document's expected error without a GPU:2
    print(f"InvalidArgumentError: {e}")

tf.compat.v1.reset_default_graph()  # added
# 创建计算图
with tf.device('/device:GPU:2'):
  a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3], name='a')
  b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], name='b')
  c = tf.matmul(a, b)
# 创建一个 allow_soft_placement 和 log_device_placement 设置为 True 的会话
sess = tf.Session(config=tf.ConfigProto(
      allow_soft_placement=True, log_device_placement=True))
# 运行这个操作
print(sess.run(c))

tf.compat.v1.reset_default_graph()  # added
# ---- 六、使用多个 GPU ------------------------------------------------------------------------------
# 创建计算图
c = []
for d in ['/device:GPU:2', '/device:GPU:3']:
  with tf.device(d):
    a = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[2, 3])
    b = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2])
    c.append(tf.matmul(a, b))
with tf.device('/cpu:0'):
  sum = tf.add_n(c)
# 创建一个 log_device_placement 设置为 True 的会话
sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
# 运行这个操作
try:  # added
    print(sess.run(sum))
except tf.errors.InvalidArgumentError as e:  # added: TF fails the same way without GPU:2 and GPU:3
    print(f"InvalidArgumentError: {e}")
    # added: the same graph with soft placement, so the values print on any machine
    sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True, log_device_placement=True))
    print(sess.run(sum))
