"""`Dense` layers under the `mixed_float16` policy on CPU against torch's `autocast("cpu", torch.float16)` doing the
same work, measured in the same run.

The TF mixed-precision guide's model (784 -> 64 -> 64 -> 10, batch 128), forward + backward. keraslike computes a
float16 affine on CPU in float32 and rounds once (`keraslike/_src/ops/half_matmul.py`); the torch reference is the
idiom a torch user writes for float16 mixed precision, `nn.Linear` layers under `torch.autocast("cpu",
dtype=torch.float16)`, whose CPU float16 GEMM has no fast kernel on most x86 CPUs. Process CPU time, minimum over
interleaved rounds. Target: <= 1.0x.

Run:
    OMP_NUM_THREADS=1 python benchmarks/mixed_float16_cpu.py
"""

import argparse
import time

import numpy as np
import torch

import keraslike as tf


def cpu_ms(step, calls):
    start = time.process_time()
    for _ in range(calls):
        step()
    return (time.process_time() - start) / calls * 1e3


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    x = torch.from_numpy(np.random.rand(128, 784).astype("float32"))
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    layers = [tf.keras.layers.Dense(64, activation="relu"), tf.keras.layers.Dense(64, activation="relu"),
              tf.keras.layers.Dense(10)]
    tf.keras.mixed_precision.set_global_policy("float32")
    ref = torch.nn.Sequential(torch.nn.Linear(784, 64), torch.nn.ReLU(), torch.nn.Linear(64, 64), torch.nn.ReLU(),
                              torch.nn.Linear(64, 10))

    def keraslike_step():
        with tf.GradientTape() as tape:
            y = x
            for layer in layers:
                y = layer(y)
            loss = tf.reduce_sum(tf.cast(y, tf.float32))
        tape.gradient(loss, [v for layer in layers for v in layer.trainable_variables])

    def torch_step():
        with torch.autocast("cpu", dtype=torch.float16):
            y = ref(x)
        y.float().sum().backward()

    best = [float("inf"), float("inf")]
    for _ in range(args.rounds):
        best[0] = min(best[0], cpu_ms(keraslike_step, args.calls))
        best[1] = min(best[1], cpu_ms(torch_step, args.calls))
    print(f"mixed_float16 MLP 784-64-64-10, batch 128, forward + backward: keraslike {best[0]:.2f} ms, "
          f"torch autocast(float16) {best[1]:.2f} ms, ratio {best[0] / best[1]:.2f}x")


if __name__ == "__main__":
    main()
