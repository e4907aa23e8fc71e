"""Seed 002 ("TensorFlow 单和多GPU介绍"): single-GPU setup, multi_gpu_model, MirroredStrategy custom loop.

Seed document: `shared/seeds/002_3245682dfede413c.txt` (in the project's shared/ folder):
every snippet, in order.

Every snippet of the document runs in order with `import tensorflow as tf`
changed to `import keraslike as tf`. The document's placeholders are filled
minimally:

- `tf.keras.Sequential([...])` -> two Dense layers on 20 features, 2 classes;
- "加载和处理数据 ..." -> 256 random rows `x_train`, integer labels `y_train`;
- `model.fit(...)` -> `model.compile(optimizer="adam", loss=...)` then one epoch;
- `model.compile(...)`, `loss_object`, `optimizer`, `batch_size` for the
  MirroredStrategy part -> sparse categorical cross-entropy (SUM reduction,
  as TF requires inside a custom distributed loop), Adam, 64.

`tf.keras.utils.multi_gpu_model(model, gpus=2)` raises TF's ValueError on any
machine after the first snippet, which leaves one GPU visible (and on a machine
without GPUs); the example prints that error (a try/except added around the
document's line) and carries on with the single-device model. On a GPU
machine the second snippet's `set_visible_devices` comes after the devices
were initialised, so its try/except prints TF's RuntimeError ("Visible
devices cannot be modified after being initialized"). Added prints: the last
loss of each training loop.

Run:
    python examples/seed_002_single_and_multi_gpu.py
    python examples/seed_002_single_and_multi_gpu.py --quick    # the same: it already runs in seconds

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    To call `multi_gpu_model` with `gpus=2`, we expect the following devices to be available: ['/cpu:0', ...
    fit loss: 1.0167
    custom loop loss: 45.2577
"""

import argparse

import numpy as np

import keraslike as tf

# ---- added: the flag every example takes (this one already runs in seconds: --quick changes nothing)
_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--quick", action="store_true", help="accepted as by every example; the run is already short")
_parser.parse_args()

# ---- 单GPU加速, step 2 ----------------------------------------------------------------------------
# 指定要使用的 GPU
gpus = tf.config.experimental.list_physical_devices('GPU')
if gpus:
  try:
    # 设置 TensorFlow 只使用第一个 GPU
    tf.config.experimental.set_visible_devices(gpus[0], 'GPU')
    tf.config.experimental.set_memory_growth(gpus[0], True)
    print("只使用第一个 GPU")
  except RuntimeError as e:
    print(e)

# ---- step 3 -------------------------------------------------------------------------------------
# 构建模型
model = tf.keras.Sequential([
    tf.keras.layers.Dense(16, activation="relu", input_shape=(20,)),
    tf.keras.layers.Dense(2),
])

# 将模型放在 GPU 上
try:  # added: TF raises the same ValueError without 2 visible GPUs
    model = tf.keras.utils.multi_gpu_model(model, gpus=2)
except ValueError as e:
    print(e)

# 加载和处理数据
rng = np.random.default_rng(0)
x_train = rng.normal(size=(256, 20)).astype("float32")
y_train = (x_train[:, 0] > 0).astype("int64")

# 在 GPU 上训练模型
model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
history = model.fit(x_train, y_train, batch_size=64, epochs=1, verbose=0)
print("fit loss:", round(history.history["loss"][-1], 4))

# ---- 多GPU加速, step 1 ----------------------------------------------------------------------------
# 指定要使用的所有 GPU
gpus = tf.config.experimental.list_physical_devices('GPU')
if gpus:
  try:
    # 设置 TensorFlow 可见的所有 GPU
    tf.config.experimental.set_visible_devices(gpus, 'GPU')
    for gpu in gpus:
      tf.config.experimental.set_memory_growth(gpu, True)
    print("使用所有可见的 GPU")
  except RuntimeError as e:
    print(e)

# ---- step 2 -------------------------------------------------------------------------------------
strategy = tf.distribute.MirroredStrategy()

with strategy.scope():
    # 构建模型
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(16, activation="relu", input_shape=(20,)),
        tf.keras.layers.Dense(2),
    ])
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(
        from_logits=True, reduction=tf.keras.losses.Reduction.SUM)
    optimizer = tf.keras.optimizers.Adam()

model.compile(optimizer=optimizer, loss=loss_object)

# ---- step 3 -------------------------------------------------------------------------------------
batch_size = 64
# 创建数据集
dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train))
dataset = dataset.batch(batch_size)

# 分发数据
dist_dataset = strategy.experimental_distribute_dataset(dataset)

# ---- step 4 -------------------------------------------------------------------------------------
# 定义训练步骤
@tf.function
def train_step(inputs):
    def step_fn(inputs):
        x, y = inputs
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = loss_object(y, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    losses = strategy.experimental_run_v2(step_fn, args=(inputs,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, losses, axis=None)

# 训练模型
for inputs in dist_dataset:
    loss = train_step(inputs)

print("custom loop loss:", round(float(loss), 4))
