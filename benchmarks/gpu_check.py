"""GPU checks for a lent CUDA machine (driven by gpu_check.sh; each section prints one table row).

Sections (run all, or name some with --only):
  fit1gpu    default-strategy fit on numpy arrays and on a tf.data pipeline: weights on CUDA, the arrays stay on
             the host (peak GPU memory below the data's size: only each step's rows travel, pinned,
             non-blocking), loss falls.
  onedevice  OneDeviceStrategy("/gpu:0") fit: variables on CUDA, loss falls, time.
  mirrored   MirroredStrategy() over the visible GPUs in a script run as `python script.py` (one process per
             GPU, NCCL all-reduce); the replicas end with the same weights. With one GPU it runs one replica
             (NCCL refuses two ranks on one GPU, so two processes cannot share it).
  cnn        channels_last CNN training throughput: keraslike fit (NHWC) vs a raw torch loop in
             channels_last memory format, same batches on the GPU, medians of interleaved repeats.
  mixed      mixed precision: examples/mixed_precision.py, and torch.autocast(bfloat16) around a keraslike
             model vs float32 step time.
  bf16policy keras.mixed_precision.set_global_policy("mixed_bfloat16") fit: bfloat16 compute, float32
             variables, finite falling loss.
  jit        compile(jit_compile=True) vs eager fit step time on the CNN (torch.compile; a model it cannot
             compile falls back with a warning).
  placement  tf.debugging.set_log_device_placement(True) under tf.device("/GPU:0"): the log names GPU:0 and
             the result is on CUDA.
  memory     memory-fraction config: tf.config LogicalDeviceConfiguration(memory_limit=...) and TF1
             GPUOptions(per_process_gpu_memory_fraction=...) -> torch's per-process cap; an allocation
             above the cap must fail with an out-of-memory error; set_memory_growth is accepted before use.
  visibility set_visible_devices([], "GPU") / ConfigProto(device_count={"GPU": 0}) move the model to the CPU.
  resnet18   images/s of a ResNet-18-sized model (11.2M parameters, 64x64 inputs, batch 128): keraslike fit
             vs a raw torch loop over torchvision's resnet18 (channels_last), same data on the GPU.

`--smoke` runs the sections that do not need CUDA (fit1gpu, onedevice, mirrored with 2 CPU replicas,
bf16policy, placement, resnet18) on the CPU at tiny sizes: tests/benchmarks/test_gpu_check_smoke.py runs
it, so every keraslike path the GPU run takes is also exercised on CPU.

Run:
    python benchmarks/gpu_check.py                 # all sections
    python benchmarks/gpu_check.py --only cnn mixed
    python benchmarks/gpu_check.py --smoke         # CPU, tiny sizes
"""

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np
import torch

import keraslike as tf

layers = tf.keras.layers
SMOKE = False  # --smoke: CPU, tiny sizes
DEVICE = "cuda"


def size(full, smoke):
    return smoke if SMOKE else full


def sync():
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def cnn_keras(input_shape=(32, 32, 3)):
    return tf.keras.Sequential([
        tf.keras.Input(shape=input_shape),
        layers.Conv2D(64, 3, padding="same", activation="relu"),
        layers.Conv2D(64, 3, padding="same", activation="relu"),
        layers.MaxPooling2D(),                                                       # (16, 16, 64)
        layers.Conv2D(128, 3, padding="same", activation="relu"),
        layers.Conv2D(128, 3, padding="same", activation="relu"),
        layers.MaxPooling2D(),                                                       # (8, 8, 128)
        layers.GlobalAveragePooling2D(), layers.Dense(10),
    ])


def cnn_torch():
    nn = torch.nn
    return nn.Sequential(nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(), nn.Conv2d(64, 64, 3, padding=1), nn.ReLU(),
                         nn.MaxPool2d(2), nn.Conv2d(64, 128, 3, padding=1), nn.ReLU(),
                         nn.Conv2d(128, 128, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(128, 10))


def section_onedevice():
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0" if SMOKE else "/gpu:0")
    x, y = _cnn_data(size(4096, 64))
    with strategy.scope():
        model = _compiled_cnn()
    start = time.perf_counter()
    history = model.fit(x, y, batch_size=size(256, 16), epochs=3, verbose=0)
    sync()
    seconds = time.perf_counter() - start
    device = model.trainable_variables[0].device
    ok = device.type == DEVICE and history.history["loss"][-1] < history.history["loss"][0]
    print(f"onedevice | variables on {device} | loss {history.history['loss'][0]:.4f} -> "
          f"{history.history['loss'][-1]:.4f} | 3 epochs {seconds:.2f}s (incl. first-call warm-up) | "
          f"{'OK' if ok else 'FAIL'}")
    return ok


def _time_keras(x, y, epochs, batch):
    model = cnn_keras()
    model.compile(tf.keras.optimizers.Adam(1e-3), tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    model.fit(x, y, batch_size=batch, epochs=1, verbose=0, shuffle=False)              # warm-up
    sync()
    start = time.perf_counter()
    model.fit(x, y, batch_size=batch, epochs=epochs, verbose=0, shuffle=False)
    sync()
    return time.perf_counter() - start


def _time_torch(x, y, epochs, batch):
    net = cnn_torch().cuda().to(memory_format=torch.channels_last)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, eps=1e-7)
    xt = x.permute(0, 3, 1, 2)                                                        # channels_last view

    def epoch():
        loss_sum = torch.zeros((), device="cuda")
        correct = torch.zeros((), device="cuda")
        for i in range(0, len(xt), batch):
            xb, yb = xt[i:i + batch], y[i:i + batch]
            logits = net(xb)
            loss = torch.nn.functional.cross_entropy(logits, yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            loss_sum += loss.detach() * len(yb)
            correct += (logits.detach().argmax(-1) == yb).sum()
        return loss_sum

    epoch()
    sync()
    start = time.perf_counter()
    for _ in range(epochs):
        epoch()
    sync()
    return time.perf_counter() - start


def section_cnn(repeats=5, epochs=3, batch=256, n=16384):
    rng = np.random.default_rng(0)
    x_np = rng.normal(size=(n, 32, 32, 3)).astype("float32")
    y_np = rng.integers(0, 10, size=n).astype("int64")
    x_gpu, y_gpu = torch.from_numpy(x_np).cuda(), torch.from_numpy(y_np).cuda()      # same tensors for both
    keras_t, torch_t = [], []
    for _ in range(repeats):
        keras_t.append(_time_keras(x_gpu, y_gpu, epochs, batch))
        torch_t.append(_time_torch(x_gpu, y_gpu, epochs, batch))
    k, t = statistics.median(keras_t), statistics.median(torch_t)
    images = epochs * n
    print(f"cnn | raw torch channels_last {images / t:,.0f} img/s | keraslike fit NHWC {images / k:,.0f} img/s | "
          f"ratio fit/torch {k / t:.3f}x (target <= 1.03x) | median of {repeats}")
    return True


def section_mixed():
    result = subprocess.run([sys.executable, "examples/mixed_precision.py", "--epochs", "3"], capture_output=True,
                            text=True, timeout=240)
    last = (result.stdout.strip().splitlines() or ["?"])[-1]
    mode = "keras policy" if "Compute dtype" in result.stdout else "torch.autocast bf16"
    print(f"mixed | examples/mixed_precision.py ({mode}) | exit {result.returncode} | {last}")
    rng = np.random.default_rng(0)
    x = torch.from_numpy(rng.normal(size=(8192, 32, 32, 3)).astype("float32")).cuda()
    y = torch.from_numpy(rng.integers(0, 10, size=8192)).cuda()
    model = cnn_keras()
    model(x[:2])
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def run(amp):
        for i in range(0, len(x), 256):
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp):
                logits = model(x[i:i + 256], training=True)
            loss = torch.nn.functional.cross_entropy(logits.float(), y[i:i + 256])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        sync()

    times = {}
    for amp in (False, True, False, True):
        start = time.perf_counter()
        run(amp)
        times.setdefault(amp, []).append(time.perf_counter() - start)
    fp32, bf16 = min(times[False]), min(times[True])
    print(f"mixed | keraslike CNN epoch float32 {fp32:.3f}s, autocast bf16 {bf16:.3f}s | speed-up {fp32 / bf16:.2f}x")
    return result.returncode == 0


MEMORY_CHILD = r"""
import sys, torch, keraslike as tf
mode = sys.argv[1]
total = torch.cuda.get_device_properties(0).total_memory
if mode == "logical":
    gpu = tf.config.list_physical_devices("GPU")[0]
    tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=4096)])
    cap = 4096 * 2**20
else:
    config = tf.compat.v1.ConfigProto(gpu_options=tf.compat.v1.GPUOptions(per_process_gpu_memory_fraction=0.05))
    sess = tf.compat.v1.Session(config=config)
    cap = int(0.05 * total)
small = torch.empty(int(cap * 0.5), dtype=torch.uint8, device="cuda")
try:
    big = torch.empty(int(cap * 1.5), dtype=torch.uint8, device="cuda")
    print(f"memory | {mode} | cap {cap / 2**30:.2f} GiB NOT enforced (allocated 1.5x) | FAIL")
except torch.cuda.OutOfMemoryError:
    print(f"memory | {mode} | cap {cap / 2**30:.2f} GiB of {total / 2**30:.0f} GiB: 0.5x fits, 1.5x raises OOM | OK")
"""


def section_memory():
    ok = True
    for mode in ("logical", "fraction"):
        result = subprocess.run([sys.executable, "-c", MEMORY_CHILD, mode], capture_output=True, text=True,
                                timeout=120)
        line = (result.stdout.strip().splitlines() or [f"memory | {mode} | crashed: {result.stderr[-300:]}"])[-1]
        print(line)
        ok = ok and result.returncode == 0 and line.endswith("OK")
    return ok


VISIBILITY_CHILD = """
import sys
import numpy as np
import keraslike as tf
mode = sys.argv[1]
if mode == "hidden":
    tf.config.set_visible_devices([], "GPU")
elif mode == "session":
    tf.compat.v1.Session(config=tf.compat.v1.ConfigProto(device_count={"GPU": 0})).close()
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
model.compile("sgd", "mse")
model.fit(np.ones((8, 4), "float32"), np.ones((8, 2), "float32"), verbose=0)
device = model.layers[0].kernel.device.type
want = "cuda" if mode == "default" else "cpu"
print(f"visibility | {mode}: weights on {device}, strategy {tf.distribute.get_strategy()._device} | "
      + ("OK" if device == want else "FAIL"))
"""


def section_visibility():
    ok = True
    for mode in ("default", "hidden", "session"):
        result = subprocess.run([sys.executable, "-c", VISIBILITY_CHILD, mode], capture_output=True, text=True,
                                timeout=120)
        line = (result.stdout.strip().splitlines() or [f"visibility | {mode} | crashed: {result.stderr[-300:]}"])[-1]
        print(line)
        ok = ok and result.returncode == 0 and line.endswith("OK")
    return ok


def _cnn_data(n, seed=0):
    image = size(32, 8)
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, image, image, 3)).astype("float32")
    return x, (x[:, :image // 2, :image // 2, 0].mean(axis=(1, 2)) > 0).astype("int64")


def _compiled_cnn(**compile_kwargs):
    model = cnn_keras(input_shape=(size(32, 8), size(32, 8), 3))
    model.compile(tf.keras.optimizers.Adam(1e-3), tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"], **compile_kwargs)
    return model


def section_fit1gpu():
    x, y = _cnn_data(size(65536, 64))  # 805 MB of float32 images: a full upload would show in the peak
    model = _compiled_cnn()
    if not SMOKE:
        torch.cuda.reset_peak_memory_stats()
    start = time.perf_counter()
    arrays = model.fit(x, y, batch_size=size(256, 16), epochs=2, verbose=0)
    sync()
    seconds = time.perf_counter() - start
    peak = torch.cuda.max_memory_allocated() if not SMOKE else 0
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(1024).batch(size(256, 16)).prefetch(tf.data.AUTOTUNE)
    pipeline = model.fit(ds, epochs=1, verbose=0)
    device = model.trainable_variables[0].device
    losses = arrays.history["loss"] + pipeline.history["loss"]
    ok = device.type == DEVICE and losses[-1] < losses[0] and all(np.isfinite(losses))
    memory = f"peak GPU memory {peak / 2**20:.0f} MiB for {x.nbytes / 2**20:.0f} MiB of arrays" if not SMOKE else ""
    if not SMOKE:
        ok = ok and peak < x.nbytes  # only each step's rows went to the GPU
    print(f"fit1gpu | weights on {device} | arrays: 2 epochs {seconds:.2f}s, loss {losses[0]:.4f} -> "
          f"{arrays.history['loss'][-1]:.4f}; tf.data epoch loss {pipeline.history['loss'][-1]:.4f} | {memory} | "
          f"{'OK' if ok else 'FAIL'}")
    return ok


MIRRORED_SCRIPT = """
import sys
import numpy as np
import torch
import keraslike as tf

smoke = sys.argv[1] == "smoke"
if smoke:
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
else:
    strategy = tf.distribute.MirroredStrategy()
rng = np.random.default_rng(0)
image = 8 if smoke else 32
x = rng.normal(size=(1000 if smoke else 8192, image, image, 3)).astype("float32")  # odd: a short last batch
y = (x[:, :image // 2, :image // 2, 0].mean(axis=(1, 2)) > 0).astype("int64")
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((image, image, 3)), tf.keras.layers.Conv2D(16, 3, activation="relu"),
                                 tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
history = model.fit(x, y, batch_size=64 if smoke else 256, epochs=2, verbose=0)
flat = torch.cat([w.detach().reshape(-1) for w in model.trainable_variables])
if strategy.num_replicas_in_sync > 1:
    import torch.distributed as dist
    gathered = [torch.zeros_like(flat) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, flat)
    same = all(torch.equal(gathered[0], g) for g in gathered)
else:
    same = True
device = model.trainable_variables[0].device
loss = history.history["loss"]
print(f"RESULT replicas={strategy.num_replicas_in_sync} device={device.type} same_weights={same} "
      f"loss={loss[0]:.4f}->{loss[-1]:.4f} falls={loss[-1] < loss[0]}")
"""


def section_mirrored():
    gpus = 0 if SMOKE else torch.cuda.device_count()
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "mirrored_check.py")
        with open(script, "w") as f:
            f.write(MIRRORED_SCRIPT)
        env = {k: v for k, v in os.environ.items() if k not in ("RANK", "WORLD_SIZE", "LOCAL_RANK")}
        result = subprocess.run([sys.executable, script, "smoke" if SMOKE else "gpu"], capture_output=True,
                                text=True, timeout=300, env=env)
    line = next((ln for ln in result.stdout.splitlines() if ln.startswith("RESULT")), None)
    want = 2 if SMOKE else max(1, gpus)
    ok = (result.returncode == 0 and line is not None and f"replicas={want}" in line and "same_weights=True" in line
          and "falls=True" in line and f"device={'cpu' if SMOKE else 'cuda'}" in line)
    note = "" if SMOKE or gpus > 1 else " (1 GPU: one replica; NCCL refuses two ranks on one GPU)"
    print(f"mirrored | {line or 'no result: ' + result.stderr[-400:]}{note} | {'OK' if ok else 'FAIL'}")
    return ok


def section_bf16policy():
    x, y = _cnn_data(size(4096, 64))
    tf.keras.mixed_precision.set_global_policy("mixed_bfloat16")
    try:
        model = _compiled_cnn()
        history = model.fit(x, y, batch_size=size(256, 16), epochs=3, verbose=0)
        conv = model.layers[0]
        compute, variable = conv.compute_dtype, conv.kernel.dtype
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")
    loss = history.history["loss"]
    ok = str(compute).endswith("bfloat16") and variable == torch.float32 and all(np.isfinite(loss)) \
        and loss[-1] < loss[0]
    print(f"bf16policy | compute {compute}, variables {variable} | loss {loss[0]:.4f} -> {loss[-1]:.4f} | "
          f"{'OK' if ok else 'FAIL'}")
    return ok


def section_jit():
    x, y = _cnn_data(size(8192, 64))
    times = {}
    with warnings_recorded() as caught:
        for jit in (False, True):  # one round: each new model compiles afresh (tens of seconds)
            model = _compiled_cnn(jit_compile=jit)
            model.fit(x, y, batch_size=256, epochs=1, verbose=0)  # warm-up (compiles)
            sync()
            start = time.perf_counter()
            history = model.fit(x, y, batch_size=256, epochs=2, verbose=0)
            sync()
            times.setdefault(jit, []).append(time.perf_counter() - start)
    eager, compiled = min(times[False]), min(times[True])
    fallback = [str(w.message)[:120] for w in caught if "compile" in str(w.message).lower()]
    ok = np.isfinite(history.history["loss"][-1])
    print(f"jit | eager 2 epochs {eager:.3f}s, jit_compile=True {compiled:.3f}s | speed-up {eager / compiled:.2f}x | "
          f"{'fallback: ' + fallback[0] if fallback else 'compiled'} | {'OK' if ok else 'FAIL'}")
    return ok


@contextlib.contextmanager
def warnings_recorded():
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught


def section_placement():
    name = "/CPU:0" if SMOKE else "/GPU:0"
    log = io.StringIO()
    tf.debugging.set_log_device_placement(True)
    try:
        with contextlib.redirect_stderr(log), contextlib.redirect_stdout(log), tf.device(name):
            a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
            b = tf.matmul(a, a)
    finally:
        tf.debugging.set_log_device_placement(False)
    text = log.getvalue()
    want = "device:CPU:0" if SMOKE else "device:GPU:0"
    lines = [ln for ln in text.splitlines() if "MatMul" in ln]
    ok = b.device.type == DEVICE and any(want in ln for ln in lines) and float(b[1, 1]) == 22.0
    print(f"placement | {lines[0] if lines else 'no MatMul log line'} | result on {b.device} | "
          f"{'OK' if ok else 'FAIL'}")
    return ok


MEMORY_GROWTH_CHILD = """
import numpy as np, torch, keraslike as tf
gpu = tf.config.list_physical_devices("GPU")[0]
tf.config.experimental.set_memory_growth(gpu, True)
model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(4)])
model.compile("sgd", "mse")
model.fit(np.ones((64, 8), "float32"), np.ones((64, 4), "float32"), verbose=0)
ok = tf.config.experimental.get_memory_growth(gpu) and model.layers[0].kernel.device.type == "cuda"
print(f"memory | growth: get_memory_growth True, fit on {model.layers[0].kernel.device} | " + ("OK" if ok else "FAIL"))
"""


def section_memory_growth():
    result = subprocess.run([sys.executable, "-c", MEMORY_GROWTH_CHILD], capture_output=True, text=True, timeout=120)
    line = (result.stdout.strip().splitlines() or [f"memory | growth | crashed: {result.stderr[-300:]}"])[-1]
    print(line)
    return result.returncode == 0 and line.endswith("OK")


def resnet18_keras(image, classes=10):
    def block(x, filters, stride):
        shortcut = x
        y = layers.Conv2D(filters, 3, strides=stride, padding="same", use_bias=False)(x)
        y = layers.BatchNormalization()(y)
        y = layers.ReLU()(y)
        y = layers.Conv2D(filters, 3, padding="same", use_bias=False)(y)
        y = layers.BatchNormalization()(y)
        if stride != 1 or shortcut.shape[-1] != filters:
            shortcut = layers.Conv2D(filters, 1, strides=stride, use_bias=False)(shortcut)
            shortcut = layers.BatchNormalization()(shortcut)
        return layers.ReLU()(layers.Add()([y, shortcut]))

    inputs = tf.keras.Input((image, image, 3))
    x = layers.Conv2D(64, 7, strides=2, padding="same", use_bias=False)(inputs)
    x = layers.ReLU()(layers.BatchNormalization()(x))
    x = layers.MaxPooling2D(3, strides=2, padding="same")(x)
    for filters, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        x = block(x, filters, stride)
        x = block(x, filters, 1)
    outputs = layers.Dense(classes)(layers.GlobalAveragePooling2D()(x))
    return tf.keras.Model(inputs, outputs)


def section_resnet18():
    image, batch, steps = size(64, 16), size(128, 2), size(40, 1)
    rng = np.random.default_rng(0)
    n = batch * steps
    x = torch.from_numpy(rng.normal(size=(n, image, image, 3)).astype("float32")).to(DEVICE)
    y = torch.from_numpy(rng.integers(0, 10, size=n)).to(DEVICE)
    model = resnet18_keras(image)
    model.compile(tf.keras.optimizers.SGD(0.01, momentum=0.9),
                  tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    params = sum(int(w.numel()) for w in model.trainable_variables)
    try:
        import torchvision

        net = torchvision.models.resnet18(num_classes=10).to(DEVICE).to(memory_format=torch.channels_last)
    except ImportError:
        net = None
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9) if net is not None else None
    xt = x.permute(0, 3, 1, 2)  # NCHW view of channels_last memory

    def keras_run():
        model.fit(x, y, batch_size=batch, epochs=1, verbose=0, shuffle=False)

    def torch_run():
        for i in range(0, n, batch):
            loss = torch.nn.functional.cross_entropy(net(xt[i:i + batch]), y[i:i + batch])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()

    runs = [("keraslike", keras_run)] + ([("torch", torch_run)] if net is not None else [])
    for _, run in runs:  # warm-up: cuDNN autotuning, allocator, first-call setup
        run()
    best = {}
    for _ in range(size(3, 1)):  # interleaved repeats, best of each
        for name, run in runs:
            sync()
            start = time.perf_counter()
            run()
            sync()
            best[name] = min(best.get(name, float("inf")), time.perf_counter() - start)
    rate = {name: n / seconds for name, seconds in best.items()}
    ratio = f"{best['keraslike'] / best['torch']:.3f}x" if "torch" in best else "n/a (no torchvision)"
    ok = abs(params - 11_181_642) < 200_000 and model.trainable_variables[0].device.type == DEVICE
    print(f"resnet18 | {params / 1e6:.1f}M parameters, {image}x{image}, batch {batch} | keraslike fit "
          f"{rate['keraslike']:,.0f} img/s | raw torch loop {rate.get('torch', 0):,.0f} img/s | time ratio {ratio} | "
          f"{'OK' if ok else 'FAIL'}")
    return ok


SECTIONS = {"fit1gpu": section_fit1gpu, "onedevice": section_onedevice, "mirrored": section_mirrored,
            "cnn": section_cnn, "mixed": section_mixed, "bf16policy": section_bf16policy, "jit": section_jit,
            "placement": section_placement, "memory": section_memory, "memory_growth": section_memory_growth,
            "visibility": section_visibility, "resnet18": section_resnet18}
SMOKE_SECTIONS = ("fit1gpu", "onedevice", "mirrored", "bf16policy", "placement", "resnet18")


def main():
    global SMOKE, DEVICE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(SECTIONS))
    parser.add_argument("--smoke", action="store_true", help="CPU, tiny sizes, the sections that need no CUDA")
    args = parser.parse_args()
    if args.smoke:
        SMOKE, DEVICE = True, "cpu"
        names = [n for n in (args.only or SMOKE_SECTIONS) if n in SMOKE_SECTIONS]
        print(f"torch {torch.__version__}, smoke run on the CPU")
    elif not torch.cuda.is_available():
        print("gpu_check: no CUDA device visible; nothing to check.")
        return 0
    else:
        names = args.only or list(SECTIONS)
        print(f"torch {torch.__version__}, CUDA {torch.version.cuda}, {torch.cuda.get_device_name(0)}")
    failed = []
    for name in names:
        started = time.perf_counter()
        try:
            if not SECTIONS[name]():
                failed.append(name)
        except Exception as err:                       # report and go on to the next section
            print(f"{name} | ERROR {type(err).__name__}: {textwrap.shorten(str(err), 300)}")
            failed.append(name)
        print(f"  ({name}: {time.perf_counter() - started:.1f}s)")
        sys.stdout.flush()
    print("gpu_check:", "all sections OK" if not failed else f"FAILED: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
