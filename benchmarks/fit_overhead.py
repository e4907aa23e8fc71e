"""model.fit overhead vs a hand-written torch loop doing the same batches, measured in the same run.

MLP job: scikit-learn's digits (1,437 training images), MLP 64-64-10, Adam, global
batch 64, shuffled every epoch, loss and accuracy tracked on the device in both.
Target: <= 1.15x (Keras 3 on its torch backend measures 3.8x here).

CNN job: 1,024 synthetic 32x32x3 images, Conv(32)-pool-Conv(64)-pool-Dense(10), Adam, batch 64,
2 epochs. keraslike runs channels_last (NHWC tensors, torch's channels_last memory format), so the
reference doing the same work is the torch loop in channels_last memory format; the plain NCHW torch
loop is printed too (on CPUs channels_last is often the faster layout). Target: <= 1.03x.

The torch loops run in fresh processes that never import keraslike (`import keraslike` gives
torch.Tensor's operators TF's semantics for list/numpy operands, which costs the torch loop a Python call
per operator), one process per repeat, interleaved with the keraslike runs.

Reports the medians of several interleaved repeats (wall-clock and process CPU time) and the ratio
fit / torch of CPU time per step (what Python work per step costs; wall time on a shared machine
mostly measures the neighbours). Both sides run with the same torch thread count (`--threads`).

jit case: the same MLP and CNN with `compile(jit_compile=True)` (torch.compile, inductor) against eager,
CPU time per step after a first, compiling epoch.

Run:
    python benchmarks/fit_overhead.py               # both cases: MLP 20 epochs, CNN 2 epochs, 5 repeats
    python benchmarks/fit_overhead.py --case jit    # compiled vs eager, MLP and CNN
    python benchmarks/fit_overhead.py --case mlp --epochs 5 --repeats 3
    python benchmarks/fit_overhead.py --case cnn
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np
import torch
from sklearn.datasets import load_digits



class _LazyKeraslike:
    """`import keraslike as tf`, done on first use: the torch baseline runs in a process that never imports
    keraslike (which gives torch.Tensor's operators TF's list/numpy semantics, a small cost per operator)."""

    def __getattr__(self, name):
        import keraslike  # deferred on purpose: see the class docstring

        return getattr(keraslike, name)


tf = _LazyKeraslike()


class Timing(tuple):
    """`(wall_s, last_loss, cpu_s)`: wall-clock and process CPU seconds of one run."""

    wall = property(lambda self: self[0])
    cpu = property(lambda self: self[2])


class _Clock:
    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def stop(self, loss):
        return Timing((time.perf_counter() - self.wall, loss, time.process_time() - self.cpu))


def load():
    digits = load_digits()
    x = (digits.data / 16.0).astype("float32")[:1437]
    y = digits.target.astype("int64")[:1437]
    return x, y


def mlp_model(jit_compile=False):
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(64,)),
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), jit_compile=jit_compile,
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


def keraslike_fit(x, y, epochs, batch_size):
    model = mlp_model()
    clock = _Clock()
    history = model.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=0, shuffle=True)
    return clock.stop(history.history["loss"][-1])


def torch_loop(x, y, epochs, batch_size):
    """The idiomatic torch loop: zero_grad, forward, loss, backward, step; loss and accuracy summed on the device."""
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, eps=1e-7)
    clock = _Clock()
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    n = len(xt)
    for epoch in range(epochs):
        loss_sum = torch.zeros(())
        correct = torch.zeros(())
        order = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
        for i in range(0, n, batch_size):
            idx = order[i:i + batch_size]
            xb, yb = xt.index_select(0, idx), yt.index_select(0, idx)
            opt.zero_grad()
            logits = net(xb)
            loss = torch.nn.functional.cross_entropy(logits, yb)
            loss.backward()
            opt.step()
            loss_sum += loss.detach() * len(idx)
            correct += (logits.detach().argmax(-1) == yb).sum()
        last = float(loss_sum / n)
    return clock.stop(last)


def cnn_data(n=1024):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 32, 32, 3)).astype("float32")     # NHWC, as Keras
    y = rng.integers(0, 10, size=n).astype("int64")
    return x, y


def cnn_model(jit_compile=False):
    tf.keras.utils.set_random_seed(0)
    layers = tf.keras.layers
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(32, 32, 3)),
        layers.Conv2D(32, 3, padding="same", activation="relu"), layers.MaxPooling2D(),     # (16, 16, 32)
        layers.Conv2D(64, 3, padding="same", activation="relu"), layers.MaxPooling2D(),     # (8, 8, 64)
        layers.Flatten(), layers.Dense(10),
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), jit_compile=jit_compile,
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


def keraslike_cnn_fit(x, y, epochs, batch_size):
    model = cnn_model()
    clock = _Clock()
    history = model.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=0, shuffle=True)
    return clock.stop(history.history["loss"][-1])


def torch_cnn_loop(x, y, epochs, batch_size, channels_last=True):
    torch.manual_seed(0)
    nn = torch.nn
    net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Flatten(), nn.Linear(64 * 8 * 8, 10))
    fmt = torch.channels_last if channels_last else torch.contiguous_format
    net = net.to(memory_format=fmt)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, eps=1e-7)
    clock = _Clock()
    xt, yt = torch.from_numpy(x).permute(0, 3, 1, 2).contiguous(memory_format=fmt), torch.from_numpy(y)
    n = len(xt)
    for epoch in range(epochs):
        loss_sum = torch.zeros(())
        correct = torch.zeros(())
        order = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
        for i in range(0, n, batch_size):
            idx = order[i:i + batch_size]
            xb, yb = xt.index_select(0, idx), yt.index_select(0, idx)
            opt.zero_grad()
            logits = net(xb)
            loss = nn.functional.cross_entropy(logits, yb)
            loss.backward()
            opt.step()
            loss_sum += loss.detach() * len(idx)
            correct += (logits.detach().argmax(-1) == yb).sum()
        last = float(loss_sum / n)
    return clock.stop(last)


def measure(fns, x, y, epochs, batch_size, repeats, args=None):
    """Median `(wall_s, cpu_s)` of each `fn(x, y, epochs, batch_size)`, runs interleaved after one warm-up each.

    A `fn` given by name (a key of `BASELINES`) runs in a fresh process without keraslike, one run per
    repeat after its own warm-up.
    """
    for fn in fns:
        if not isinstance(fn, str):
            fn(x, y, 1, batch_size)
    runs = [[] for _ in fns]
    for _ in range(repeats):
        for fn, rs in zip(fns, runs):
            rs.append(_baseline_run(fn, epochs, batch_size, args) if isinstance(fn, str)
                      else fn(x, y, epochs, batch_size))
    return [(statistics.median(r.wall for r in rs), statistics.median(r.cpu for r in rs)) for rs in runs]


def _baseline_run(name, epochs, batch_size, args):
    cmd = [sys.executable, os.path.abspath(__file__), "--baseline", name, "--epochs", str(epochs),
           "--batch-size", str(batch_size), "--threads", str(args.threads)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall, cpu = (float(v) for v in out.split("RUN")[-1].split())
    return Timing((wall, None, cpu))


def baseline_main(args):
    """`--baseline NAME`: one warm-up and one timed run of a torch loop, printed as `RUN wall cpu`."""
    fn, data = BASELINES[args.baseline]
    x, y = data()
    fn(x, y, 1, args.batch_size)
    timing = fn(x, y, args.epochs, args.batch_size)
    print(f"RUN {timing.wall} {timing.cpu}")


def print_header():
    print(f"machine: {platform.machine()}, {torch.get_num_threads()} torch threads, torch {torch.__version__}")
    print(f"{'job':<44}{'wall s':>9}{'cpu s':>9}{'cpu us/step':>13}")


def print_row(label, timing, steps):
    wall, cpu = timing
    print(f"{label:<44}{wall:>9.3f}{cpu:>9.3f}{cpu / steps * 1e6:>13.0f}")


def mlp_case(args):
    x, y = load()
    torch_t, fit_t = measure(["mlp", keraslike_fit], x, y, args.epochs, args.batch_size, args.repeats, args)
    steps = args.epochs * int(np.ceil(len(x) / args.batch_size))
    print_row("MLP: hand-written torch loop", torch_t, steps)
    print_row("MLP: keraslike model.fit", fit_t, steps)
    print(f"MLP ratio fit/torch, CPU time per step: {fit_t[1] / torch_t[1]:.3f}x (wall {fit_t[0] / torch_t[0]:.3f}x; "
          "target <= 1.15x)")


def cnn_case(args):
    x, y = cnn_data()
    epochs = args.cnn_epochs
    fit_t, torch_t, nchw_t = measure([keraslike_cnn_fit, "cnn", "cnn_nchw"], x, y, epochs, args.batch_size,
                                     args.repeats, args)
    steps = epochs * int(np.ceil(len(x) / args.batch_size))
    print_row("CNN: torch loop, channels_last", torch_t, steps)
    print_row("CNN: torch loop, NCHW contiguous", nchw_t, steps)
    print_row("CNN: keraslike model.fit (NHWC)", fit_t, steps)
    print(f"CNN ratio fit/torch (channels_last, same work), CPU time: {fit_t[1] / torch_t[1]:.3f}x (wall "
          f"{fit_t[0] / torch_t[0]:.3f}x; target <= 1.03x); vs NCHW torch: {fit_t[1] / nchw_t[1]:.3f}x")


def jit_case(args):
    """`compile(jit_compile=True)` vs eager on the MLP and the CNN: the same model objects are fitted again
    (torch.compile specialises on the model), after a first epoch that compiles (its time is printed)."""
    import warnings

    for label, make, (x, y), epochs in (("MLP", mlp_model, load(), args.epochs), ("CNN", cnn_model, cnn_data(),
                                                                                     args.cnn_epochs)):
        models, first = {}, {}
        for jit in (False, True):
            models[jit] = make(jit)
            clock = _Clock()
            with warnings.catch_warnings():
                warnings.simplefilter("error", RuntimeWarning)  # a compile fallback would make this eager
                models[jit].fit(x, y, batch_size=args.batch_size, epochs=1, verbose=0, shuffle=True)
            first[jit] = clock.stop(None)

        runs = [[] for _ in range(2)]
        for _ in range(args.repeats):
            for jit in (False, True):
                clock = _Clock()
                models[jit].fit(x, y, batch_size=args.batch_size, epochs=epochs, verbose=0, shuffle=True)
                runs[jit].append(clock.stop(None))
        timing = [(statistics.median(r.wall for r in rs), statistics.median(r.cpu for r in rs)) for rs in runs]
        steps = epochs * int(np.ceil(len(x) / args.batch_size))
        print_row(f"{label}: model.fit, eager", timing[0], steps)
        print_row(f"{label}: model.fit, jit_compile=True", timing[1], steps)
        print(f"{label} ratio jit_compile/eager, CPU time per step: {timing[1][1] / timing[0][1]:.3f}x (wall "
              f"{timing[1][0] / timing[0][0]:.3f}x); first epoch (compiling) {first[True].wall:.1f} s wall vs "
              f"{first[False].wall:.2f} s eager")


def torch_cnn_nchw_loop(x, y, epochs, batch_size):
    return torch_cnn_loop(x, y, epochs, batch_size, channels_last=False)


BASELINES = {"mlp": (torch_loop, load), "cnn": (torch_cnn_loop, cnn_data), "cnn_nchw": (torch_cnn_nchw_loop, cnn_data)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--case", choices=("all", "mlp", "cnn", "jit"), default="all",
                        help="all = mlp + cnn; jit = compile(jit_compile=True) vs eager on both models")
    parser.add_argument("--epochs", type=int, default=20, help="MLP epochs")
    parser.add_argument("--cnn-epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch intra-op threads for both sides (default 1: the steps are small, and on a shared "
                             "machine extra threads add only scheduling noise; 0 keeps torch's default)")
    parser.add_argument("--baseline", choices=sorted(BASELINES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    if args.baseline:
        return baseline_main(args)
    print_header()
    if args.case in ("all", "mlp"):
        mlp_case(args)
    if args.case in ("all", "cnn"):
        cnn_case(args)
    if args.case == "jit":
        jit_case(args)


if __name__ == "__main__":
    main()
