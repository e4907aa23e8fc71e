"""model.fit overhead vs a hand-written torch loop doing the same batches, measured in the same run.

MLP job: scikit-learn's digits (1,437 training images), MLP 64-64-10, Adam, global
batch 64, shuffled every epoch, loss and accuracy tracked on the device in both.
Target: <= 1.15x (Keras 3 on its torch backend measures 3.8x here).

CNN job: 1,024 synthetic 32x32x3 images, Conv(32)-pool-Conv(64)-pool-Dense(10), Adam, batch 64,
2 epochs. keraslike runs channels_last (NHWC tensors, torch's channels_last memory format), so the
reference doing the same work is the torch loop in channels_last memory format; the plain NCHW torch
loop is printed too (on CPUs channels_last is often the faster layout). Target: <= 1.03x.

Reports the median of several interleaved repeats and the ratio fit / torch.

Run:
    python benchmarks/fit_overhead.py               # both cases: MLP 20 epochs, CNN 2 epochs, 5 repeats
    python benchmarks/fit_overhead.py --case mlp --epochs 5 --repeats 3
    python benchmarks/fit_overhead.py --case cnn
"""

import argparse
import platform
import statistics
import time

import numpy as np
import torch
from sklearn.datasets import load_digits

import keraslike as tf


def load():
    digits = load_digits()
    x = (digits.data / 16.0).astype("float32")[:1437]
    y = digits.target.astype("int64")[:1437]
    return x, y


def keraslike_fit(x, y, epochs, batch_size):
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(64,)),
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    start = time.perf_counter()
    history = model.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=0, shuffle=True)
    return time.perf_counter() - start, history.history["loss"][-1]


def torch_loop(x, y, epochs, batch_size):
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, eps=1e-7)
    start = time.perf_counter()
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    n = len(xt)
    for epoch in range(epochs):
        loss_sum = torch.zeros(())
        correct = torch.zeros(())
        order = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
        for i in range(0, n, batch_size):
            idx = order[i:i + batch_size]
            xb, yb = xt.index_select(0, idx), yt.index_select(0, idx)
            logits = net(xb)
            loss = torch.nn.functional.cross_entropy(logits, yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            loss_sum += loss.detach() * len(idx)
            correct += (logits.detach().argmax(-1) == yb).sum()
        last = float(loss_sum / n)
    return time.perf_counter() - start, last


def cnn_data(n=1024):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 32, 32, 3)).astype("float32")     # NHWC, as Keras
    y = rng.integers(0, 10, size=n).astype("int64")
    return x, y


def keraslike_cnn_fit(x, y, epochs, batch_size):
    tf.keras.utils.set_random_seed(0)
    layers = tf.keras.layers
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(32, 32, 3)),
        layers.Conv2D(32, 3, padding="same", activation="relu"), layers.MaxPooling2D(),     # (16, 16, 32)
        layers.Conv2D(64, 3, padding="same", activation="relu"), layers.MaxPooling2D(),     # (8, 8, 64)
        layers.Flatten(), layers.Dense(10),
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    start = time.perf_counter()
    history = model.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=0, shuffle=True)
    return time.perf_counter() - start, history.history["loss"][-1]


def torch_cnn_loop(x, y, epochs, batch_size, channels_last=True):
    torch.manual_seed(0)
    nn = torch.nn
    net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Flatten(), nn.Linear(64 * 8 * 8, 10))
    fmt = torch.channels_last if channels_last else torch.contiguous_format
    net = net.to(memory_format=fmt)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, eps=1e-7)
    start = time.perf_counter()
    xt, yt = torch.from_numpy(x).permute(0, 3, 1, 2).contiguous(memory_format=fmt), torch.from_numpy(y)
    n = len(xt)
    for epoch in range(epochs):
        loss_sum = torch.zeros(())
        correct = torch.zeros(())
        order = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
        for i in range(0, n, batch_size):
            idx = order[i:i + batch_size]
            xb, yb = xt.index_select(0, idx), yt.index_select(0, idx)
            logits = net(xb)
            loss = nn.functional.cross_entropy(logits, yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            loss_sum += loss.detach() * len(idx)
            correct += (logits.detach().argmax(-1) == yb).sum()
        last = float(loss_sum / n)
    return time.perf_counter() - start, last


def measure(fns, x, y, epochs, batch_size, repeats):
    """Median seconds of each `fn(x, y, epochs, batch_size)`, runs interleaved after one warm-up each."""
    for fn in fns:
        fn(x, y, 1, batch_size)
    times = [[] for _ in fns]
    for _ in range(repeats):
        for fn, ts in zip(fns, times):
            ts.append(fn(x, y, epochs, batch_size)[0])
    return [statistics.median(ts) for ts in times]


def cnn_case(args):
    x, y = cnn_data()
    epochs = args.cnn_epochs
    nchw = lambda *a: torch_cnn_loop(*a, channels_last=False)
    fit_t, torch_t, nchw_t = measure([keraslike_cnn_fit, torch_cnn_loop, nchw], x, y, epochs, args.batch_size,
                                     args.repeats)
    steps = epochs * int(np.ceil(len(x) / args.batch_size))
    for label, t in (("CNN: torch loop, channels_last", torch_t), ("CNN: torch loop, NCHW contiguous", nchw_t),
                     ("CNN: keraslike model.fit (NHWC)", fit_t)):
        print(f"{label:<40}{t:>10.3f}{t / steps * 1e6:>10.0f}")
    print(f"CNN ratio fit/torch (channels_last, same work): {fit_t / torch_t:.3f}x (target <= 1.03x); "
          f"vs NCHW torch: {fit_t / nchw_t:.3f}x")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--case", choices=("all", "mlp", "cnn"), default="all")
    parser.add_argument("--epochs", type=int, default=20, help="MLP epochs")
    parser.add_argument("--cnn-epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    if args.case in ("all", "mlp"):
        mlp_case(args)
    if args.case in ("all", "cnn"):
        if args.case == "cnn":
            print(f"machine: {platform.machine()}, {torch.get_num_threads()} torch threads, torch {torch.__version__}")
            print(f"{'job':<40}{'median s':>10}{'us/step':>10}")
        cnn_case(args)


def mlp_case(args):
    x, y = load()
    keraslike_fit(x, y, 1, args.batch_size)  # warm-up both paths
    torch_loop(x, y, 1, args.batch_size)
    fit_times, torch_times = [], []
    for _ in range(args.repeats):
        fit_times.append(keraslike_fit(x, y, args.epochs, args.batch_size)[0])
        torch_times.append(torch_loop(x, y, args.epochs, args.batch_size)[0])
    fit_t, torch_t = statistics.median(fit_times), statistics.median(torch_times)
    steps = args.epochs * int(np.ceil(len(x) / args.batch_size))
    print(f"machine: {platform.machine()}, {torch.get_num_threads()} torch threads, torch {torch.__version__}")
    print(f"{'job':<40}{'median s':>10}{'us/step':>10}")
    print(f"{'hand-written torch loop':<40}{torch_t:>10.3f}{torch_t / steps * 1e6:>10.0f}")
    print(f"{'keraslike model.fit':<40}{fit_t:>10.3f}{fit_t / steps * 1e6:>10.0f}")
    print(f"ratio fit/torch: {fit_t / torch_t:.3f}x (target <= 1.15x)")


if __name__ == "__main__":
    main()
