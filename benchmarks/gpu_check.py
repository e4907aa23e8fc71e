"""GPU checks for a lent CUDA machine (driven by gpu_check.sh; each section prints one table row).

Sections (run all, or name some with --only):
  onedevice  OneDeviceStrategy("/gpu:0") fit: variables on CUDA, loss falls, time.
  cnn        channels_last CNN training throughput: keraslike fit (NHWC) vs a raw torch loop in
             channels_last memory format, same batches on the GPU, medians of interleaved repeats.
  mixed      mixed precision: keras.mixed_precision policy when present, else torch.autocast(bfloat16)
             around a keraslike model; compares step time with float32.
  memory     memory-fraction config: tf.config LogicalDeviceConfiguration(memory_limit=...) and TF1
             GPUOptions(per_process_gpu_memory_fraction=...) -> torch's per-process cap; an allocation
             above the cap must fail with an out-of-memory error.

Run:
    python benchmarks/gpu_check.py                 # all sections
    python benchmarks/gpu_check.py --only cnn mixed
"""

import argparse
import statistics
import subprocess
import sys
import time

import numpy as np
import torch

import keraslike as tf

layers = tf.keras.layers


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
    strategy = tf.distribute.OneDeviceStrategy("/gpu:0")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4096, 32, 32, 3)).astype("float32")
    y = (x[:, :16, :16, 0].mean(axis=(1, 2)) > 0).astype("int64")
    with strategy.scope():
        model = cnn_keras()
        model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    start = time.perf_counter()
    history = model.fit(x, y, batch_size=256, epochs=3, verbose=0)
    sync()
    seconds = time.perf_counter() - start
    device = model.trainable_variables[0].device
    ok = device.type == "cuda" and history.history["loss"][-1] < history.history["loss"][0]
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


SECTIONS = {"onedevice": section_onedevice, "cnn": section_cnn, "mixed": section_mixed, "memory": section_memory,
            "visibility": section_visibility}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(SECTIONS))
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("gpu_check: no CUDA device visible; nothing to check.")
        return 0
    print(f"torch {torch.__version__}, CUDA {torch.version.cuda}, {torch.cuda.get_device_name(0)}")
    failed = []
    for name in args.only or list(SECTIONS):
        try:
            if not SECTIONS[name]():
                failed.append(name)
        except Exception as err:                       # report and go on to the next section
            print(f"{name} | ERROR {type(err).__name__}: {err}")
            failed.append(name)
        sys.stdout.flush()
    print("gpu_check:", "all sections OK" if not failed else f"FAILED: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
