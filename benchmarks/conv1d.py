"""`keras.layers.Conv1D` / `Conv1DTranspose` in training against torch's `nn.Conv1d` / `nn.ConvTranspose1d`
doing the same work, measured in the same run.

Forward and backward of one layer on CPU, batch 128, the shapes of the corpus's Conv1D programs (keras-io
timeseries_anomaly_detection's autoencoder, timeseries_classification_from_scratch's Conv1D(64, 3) stack).
keraslike hands torch the `(N, C, L)` view of its `(N, L, C)` data as a channels_last `(N, C, 1, L)` tensor to
`conv2d` (`keraslike/_src/ops/conv1d_route.py`); the torch reference is the idiom a torch user writes: `nn.Conv1d`
on a contiguous `(N, C, L)` batch. Process CPU time, minimum over interleaved rounds; read the ratio.
Target: <= 1.0x.

Run:
    OMP_NUM_THREADS=1 python benchmarks/conv1d.py
    python benchmarks/conv1d.py --rounds 7 --calls 10 --threads 1
"""

import argparse
import time

import torch

import keraslike as tf

CASES = (  # (label, transposed, length, in channels, filters, kernel, stride, padding)
    ("Conv1D(32, 7, strides=2, same) on (288, 1)", False, 288, 1, 32, 7, 2, "same"),
    ("Conv1D(16, 7, strides=2, same) on (144, 32)", False, 144, 32, 16, 7, 2, "same"),
    ("Conv1D(64, 3, same) on (500, 64)", False, 500, 64, 64, 3, 1, "same"),
    ("Conv1DTranspose(16, 7, strides=2, same) on (72, 16)", True, 72, 16, 16, 7, 2, "same"),
    ("Conv1DTranspose(32, 7, strides=2, same) on (144, 16)", True, 144, 16, 32, 7, 2, "same"),
)


def cpu_ms(fn, x, calls):
    start = time.process_time()
    for _ in range(calls):
        fn(x).sum().backward()
    return (time.process_time() - start) / calls * 1e3


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    print("| layer | keraslike ms | torch ms | ratio |\n|---|---|---|---|")
    for label, transposed, length, cin, filters, kernel, stride, padding in CASES:
        cls = tf.keras.layers.Conv1DTranspose if transposed else tf.keras.layers.Conv1D
        layer = cls(filters, kernel, strides=stride, padding=padding)
        x_nlc = torch.rand(128, length, cin, requires_grad=True)
        layer(x_nlc)
        if transposed:  # torch's padding/output_padding giving Keras's "same" length (length * stride)
            ref = torch.nn.ConvTranspose1d(cin, filters, kernel, stride, padding=(kernel - stride + 1) // 2,
                                           output_padding=(kernel - stride) % 2)
        else:
            ref = torch.nn.Conv1d(cin, filters, kernel, stride, padding=(kernel - 1) // 2)
        x_ncl = torch.rand(128, cin, length, requires_grad=True)
        best = [float("inf"), float("inf")]
        for _ in range(args.rounds):
            best[0] = min(best[0], cpu_ms(layer, x_nlc, args.calls))
            best[1] = min(best[1], cpu_ms(ref, x_ncl, args.calls))
        print(f"| {label} | {best[0]:.2f} | {best[1]:.2f} | {best[0] / best[1]:.2f}x |")


if __name__ == "__main__":
    main()
