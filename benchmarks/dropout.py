"""`keras.layers.Dropout` in training against torch's `nn.Dropout` doing the same work, measured in the same run.

Forward and backward through the layer on CPU tensors the corpus programs drop: a Conv1D autoencoder's
`(128, 144, 32)` activations (keras-io timeseries_anomaly_detection), a CNN's `(128, 13, 13, 128)` channels_last
feature maps and an MLP's `(32, 512)` hidden layer. keraslike builds the mask as `rand -> ge_ -> mul_` in place
(`keraslike/_src/ops/dropout_mask.py`); torch's CPU `F.dropout` draws a Bernoulli per element. Process CPU time,
minimum over interleaved rounds (the machine may be shared); the ratio keraslike / torch is what to read.
Target: <= 1.0x (it measured 0.45-0.55x on a shared 2-core machine, 2026-12-02).

Run:
    OMP_NUM_THREADS=1 python benchmarks/dropout.py
    python benchmarks/dropout.py --rounds 9 --calls 20 --threads 1
"""

import argparse
import time

import torch

import keraslike as tf

SHAPES = {"conv1d (128,144,32)": (128, 144, 32), "conv2d NHWC (128,13,13,128)": (128, 13, 13, 128),
          "dense (32,512)": (32, 512)}


def step_cpu_s(fn, x, calls):
    start = time.process_time()
    for _ in range(calls):
        fn(x).sum().backward()
    return (time.process_time() - start) / calls


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--rate", type=float, default=0.2)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    layer, reference = tf.keras.layers.Dropout(args.rate), torch.nn.Dropout(args.rate)
    reference.train()
    print("| input | keraslike Dropout ms | torch nn.Dropout ms | ratio |\n|---|---|---|---|")
    for name, shape in SHAPES.items():
        x = torch.rand(shape, requires_grad=True)
        best = {"keraslike": float("inf"), "torch": float("inf")}
        for _ in range(args.rounds):
            best["keraslike"] = min(best["keraslike"], step_cpu_s(lambda t: layer(t, training=True), x, args.calls))
            best["torch"] = min(best["torch"], step_cpu_s(reference, x, args.calls))
        print(f"| {name} | {best['keraslike'] * 1e3:.2f} | {best['torch'] * 1e3:.2f} | "
              f"{best['keraslike'] / best['torch']:.2f}x |")


if __name__ == "__main__":
    main()
