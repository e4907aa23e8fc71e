"""The same training job on keraslike and its peers, each measured in its own process in the same run.

Job: the digits MLP of `fit_overhead.py` (1,437 images, 64-64-10, Adam 1e-3, batch 64, shuffled,
loss and accuracy tracked), 20 timed epochs after a 1-epoch warm-up; each process reports the best of
3 such runs (robust to a busy machine), and the table shows the median over processes. Runs:
the hand-written torch loop (reference), keraslike `fit`, Keras 3 on its torch backend
(`KERAS_BACKEND=torch`), Lightning (`Trainer.fit`, logging and checkpointing off), and real
tf.keras (TensorFlow). Peers that are not importable are skipped with a message; to try them
without touching the project's environment, install them aside and point `--peers-path` there:

    pip install --target /tmp/peers_site --no-deps keras lightning pytorch-lightning lightning-utilities \\
        torchmetrics absl-py namex optree ml_dtypes rich markdown-it-py mdurl  # (+ aiohttp & co for lightning)

Run:
    python benchmarks/peers.py
    python benchmarks/peers.py --peers-path /tmp/peers_site --repeats 3 --epochs 10
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def load():
    from sklearn.datasets import load_digits

    digits = load_digits()
    return (digits.data / 16.0).astype("float32")[:1437], digits.target.astype("int64")[:1437]


def run_torch(x, y, epochs):
    sys.path.insert(0, HERE)
    from fit_overhead import torch_loop

    torch_loop(x, y, 1, 64)
    return torch_loop(x, y, epochs, 64)[0]


def run_keraslike(x, y, epochs):
    sys.path.insert(0, HERE)
    from fit_overhead import keraslike_fit

    keraslike_fit(x, y, 1, 64)
    return keraslike_fit(x, y, epochs, 64)[0]


def _keras_like_api(keras, x, y, epochs):
    def fit(n):
        model = keras.Sequential([keras.Input(shape=(64,)), keras.layers.Dense(64, activation="relu"),
                                  keras.layers.Dense(10)])
        model.compile(optimizer=keras.optimizers.Adam(1e-3), metrics=["accuracy"],
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        start = time.perf_counter()
        model.fit(x, y, batch_size=64, epochs=n, verbose=0, shuffle=True)
        return time.perf_counter() - start

    fit(1)
    return fit(epochs)


def run_keras3(x, y, epochs):
    os.environ["KERAS_BACKEND"] = "torch"
    import keras

    if not keras.__version__.startswith("3"):
        raise ImportError(f"Keras 3 needed, found {keras.__version__}")
    return _keras_like_api(keras, x, y, epochs)


def run_tfkeras(x, y, epochs):
    import tensorflow as tf

    return _keras_like_api(tf.keras, x, y, epochs)


def run_lightning(x, y, epochs):
    import torch

    try:
        import lightning as L
    except ImportError:
        import pytorch_lightning as L

    class Module(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))

        def training_step(self, batch, batch_idx):
            xb, yb = batch
            logits = self.net(xb)
            loss = torch.nn.functional.cross_entropy(logits, yb)
            self.log("loss", loss, on_step=False, on_epoch=True)
            self.log("accuracy", (logits.argmax(-1) == yb).float().mean(), on_step=False, on_epoch=True)
            return loss

        def configure_optimizers(self):
            return torch.optim.Adam(self.parameters(), lr=1e-3, eps=1e-7)

    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y)),
                                         batch_size=64, shuffle=True)

    def fit(n):
        trainer = L.Trainer(max_epochs=n, accelerator="cpu", devices=1, logger=False, enable_checkpointing=False,
                            enable_progress_bar=False, enable_model_summary=False)
        start = time.perf_counter()
        trainer.fit(Module(), loader)
        return time.perf_counter() - start

    fit(1)
    return fit(epochs)


RUNNERS = {"hand-written torch loop": run_torch, "keraslike fit": run_keraslike,
           "Keras 3 (torch backend) fit": run_keras3, "Lightning Trainer.fit": run_lightning,
           "tf.keras fit (TensorFlow)": run_tfkeras}


def worker(name, epochs, inner=3):
    """Best of `inner` timed runs in this process (each after its own 1-epoch warm-up)."""
    x, y = load()
    try:
        seconds = min(RUNNERS[name](x, y, epochs) for _ in range(inner))
    except ImportError as err:
        print(json.dumps({"skip": f"not importable ({err})"}))
        return
    print(json.dumps({"seconds": seconds}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--peers-path", default=os.environ.get("KERASLIKE_PEERS_PATH"),
                        help="extra sys.path entry where the peers are installed")
    parser.add_argument("--worker")
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker, args.epochs)
    env = dict(os.environ)
    if args.peers_path:
        env["PYTHONPATH"] = args.peers_path + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    times, skipped = {name: [] for name in RUNNERS}, {}
    for _ in range(args.repeats):
        for name in RUNNERS:
            if name in skipped:
                continue
            proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", name, "--epochs",
                                   str(args.epochs)], capture_output=True, text=True, env=env)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            if proc.returncode != 0 or not lines:
                skipped[name] = f"failed: {(proc.stderr.strip().splitlines() or ['?'])[-1][:100]}"
                continue
            result = json.loads(lines[-1])
            if "skip" in result:
                skipped[name] = result["skip"]
            else:
                times[name].append(result["seconds"])
    steps = args.epochs * int(np.ceil(1437 / 64))
    reference = statistics.median(times["hand-written torch loop"])
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; digits MLP, {args.epochs} epochs "
          f"({steps} steps), median over {args.repeats} processes of each one's best of 3")
    print(f"{'job':<32}{'median s':>10}{'us/step':>10}{'ratio to torch':>16}")
    for name, ts in times.items():
        if name in skipped:
            print(f"{name:<32}  skipped: {skipped[name]}")
            continue
        t = statistics.median(ts)
        print(f"{name:<32}{t:>10.3f}{t / steps * 1e6:>10.0f}{t / reference:>15.2f}x")


if __name__ == "__main__":
    main()
