"""keras-io's miniature GPT (text_generation_with_miniature_gpt) trained with `model.fit` against a hand-written
torch loop doing the same work, measured in the same run.

The model of the keras-io example: token + position embeddings (vocabulary 20,000, 20 tokens, 64 wide), one
transformer block (2-head causal self-attention written with matmuls and a -1e4 mask, dropout 0.1,
LayerNormalization(epsilon=1e-6), a 64-64 feed-forward), Dense(20000) logits, two outputs `[logits, x]` compiled
with `loss=[SparseCategoricalCrossentropy(from_logits=True), None]`, Adam, batch 32, Keras 2 mode
(`TF_USE_LEGACY_KERAS=1`, as the example runs). The step is dominated by the (32, 20, 20000) logits: the
output projection, its bias and the softmax cross-entropy over 20,000 classes.

The torch reference is the loop a torch user writes: `nn.Linear` layers, `F.cross_entropy`, `torch.optim.Adam`
(epsilon 1e-7, as Keras), `zero_grad()` (set to None). Each side runs in its own fresh process (the torch loop
never imports keraslike), one process per repeat, interleaved; the ratio is of process CPU time per step (wall
time is printed too). Target: <= 1.0x.

Run:
    OMP_NUM_THREADS=1 python benchmarks/miniature_gpt.py
    python benchmarks/miniature_gpt.py --steps 100 --repeats 3 --threads 1
"""

import argparse
import importlib
import math
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, MAXLEN, EMBED, HEADS, FF, BATCH = 20000, 20, 64, 2, 64, 32


def data(steps):
    rng = np.random.default_rng(0)
    tokens = rng.integers(1, VOCAB, size=(steps * BATCH, MAXLEN + 1))
    return tokens[:, :-1].astype("int32"), tokens[:, 1:].astype("int32")


# ---- keraslike side -------------------------------------------------------------------------------------------


def keraslike_model(tf):
    layers = tf.keras.layers

    class TokenAndPositionEmbedding(layers.Layer):
        def __init__(self):
            super().__init__()
            self.token_emb = layers.Embedding(input_dim=VOCAB, output_dim=EMBED)
            self.pos_emb = layers.Embedding(input_dim=MAXLEN, output_dim=EMBED)

        def call(self, x):
            positions = self.pos_emb(tf.range(start=0, limit=tf.shape(x)[-1], delta=1))
            return self.token_emb(x) + positions

    class SelfAttention(layers.Layer):
        def __init__(self):
            super().__init__()
            self.q, self.k, self.v, self.out = (layers.Dense(EMBED) for _ in range(4))

        def heads(self, x, batch):  # (batch, len, embed) -> (batch, heads, len, embed / heads)
            return tf.transpose(tf.reshape(x, (batch, -1, HEADS, EMBED // HEADS)), perm=[0, 2, 1, 3])

        def call(self, x):
            batch = tf.shape(x)[0]
            q, k, v = self.heads(self.q(x), batch), self.heads(self.k(x), batch), self.heads(self.v(x), batch)
            score = tf.matmul(q, k, transpose_b=True) / tf.math.sqrt(tf.cast(tf.shape(k)[-1], tf.float32))
            n = tf.shape(score)[2]
            mask = tf.cast(tf.range(n)[:, None] >= tf.range(n), score.dtype)
            mask = tf.reshape(mask, [1, 1, n, n])
            weights = tf.nn.softmax(score * mask - 1e4 * (1 - mask), axis=-1)
            att = tf.transpose(tf.matmul(weights, v), perm=[0, 2, 1, 3])
            return self.out(tf.reshape(att, (batch, -1, EMBED)))

    class Block(layers.Layer):
        def __init__(self):
            super().__init__()
            self.att = SelfAttention()
            self.ffn = tf.keras.Sequential([layers.Dense(FF, activation="relu"), layers.Dense(EMBED)])
            self.norm1, self.norm2 = layers.LayerNormalization(epsilon=1e-6), layers.LayerNormalization(epsilon=1e-6)
            self.drop1, self.drop2 = layers.Dropout(0.1), layers.Dropout(0.1)

        def call(self, x):
            x = self.norm1(x + self.drop1(self.att(x)))
            return self.norm2(x + self.drop2(self.ffn(x)))

    inputs = layers.Input(shape=(MAXLEN,), dtype=tf.int32)
    x = Block()(TokenAndPositionEmbedding()(inputs))
    model = tf.keras.Model(inputs=inputs, outputs=[layers.Dense(VOCAB)(x), x])
    model.compile("adam", loss=[tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), None])
    return model


def keraslike_run(steps):
    tf = importlib.import_module("keraslike")  # deferred on purpose: the torch side's process never imports it
    x, y = data(steps)
    model = keraslike_model(tf)
    model.fit(x[:BATCH * 2], y[:BATCH * 2], batch_size=BATCH, epochs=1, verbose=0, shuffle=False)  # warm-up
    wall, cpu = time.perf_counter(), time.process_time()
    model.fit(x, y, batch_size=BATCH, epochs=1, verbose=0, shuffle=False)
    return time.perf_counter() - wall, time.process_time() - cpu


# ---- torch side -----------------------------------------------------------------------------------------------


class TorchGPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_emb, self.pos_emb = nn.Embedding(VOCAB, EMBED), nn.Embedding(MAXLEN, EMBED)
        self.q, self.k, self.v, self.out = (nn.Linear(EMBED, EMBED) for _ in range(4))
        self.ff1, self.ff2 = nn.Linear(EMBED, FF), nn.Linear(FF, EMBED)
        self.norm1, self.norm2 = nn.LayerNorm(EMBED, eps=1e-6), nn.LayerNorm(EMBED, eps=1e-6)
        self.head = nn.Linear(EMBED, VOCAB)
        mask = torch.tril(torch.ones(MAXLEN, MAXLEN))
        self.register_buffer("mask", mask)

    def attention(self, x):  # x: (batch, len, embed)
        b, n, _ = x.shape
        q, k, v = (f(x).view(b, n, HEADS, EMBED // HEADS).transpose(1, 2) for f in (self.q, self.k, self.v))
        score = q @ k.transpose(-1, -2) / math.sqrt(EMBED // HEADS)  # (batch, heads, len, len)
        weights = torch.softmax(score * self.mask - 1e4 * (1 - self.mask), dim=-1)
        return self.out((weights @ v).transpose(1, 2).reshape(b, n, EMBED))

    def forward(self, tokens):
        x = self.token_emb(tokens) + self.pos_emb(torch.arange(tokens.shape[-1]))
        x = self.norm1(x + F.dropout(self.attention(x), 0.1, self.training))
        x = self.norm2(x + F.dropout(self.ff2(torch.relu(self.ff1(x))), 0.1, self.training))
        return self.head(x)  # (batch, len, vocab)


def torch_run(steps):
    x, y = (torch.from_numpy(a.astype("int64")) for a in data(steps))
    model = TorchGPT()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, eps=1e-7)

    def epoch(n):
        for i in range(n):
            logits = model(x[i * BATCH:(i + 1) * BATCH])
            loss = F.cross_entropy(logits.reshape(-1, VOCAB), y[i * BATCH:(i + 1) * BATCH].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        return float(loss)

    epoch(2)  # warm-up
    wall, cpu = time.perf_counter(), time.process_time()
    epoch(steps)
    return time.perf_counter() - wall, time.process_time() - cpu


# ---- driver ---------------------------------------------------------------------------------------------------


SIDES = {"keraslike": keraslike_run, "torch": torch_run}


def run_side(side, args):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # this checkout's keraslike first
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    env = dict(os.environ, TF_USE_LEGACY_KERAS="1", OMP_NUM_THREADS=str(args.threads), PYTHONPATH=path)
    cmd = [sys.executable, os.path.abspath(__file__), "--side", side, "--steps", str(args.steps),
           "--threads", str(args.threads)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    return tuple(float(v) for v in out.split("RUN")[-1].split())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--side", choices=sorted(SIDES))
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    if args.side:
        wall, cpu = SIDES[args.side](args.steps)
        print(f"RUN {wall} {cpu}")
        return
    runs = {side: [] for side in SIDES}
    for _ in range(args.repeats):
        for side in SIDES:
            runs[side].append(run_side(side, args))
    print(f"{args.steps} steps of batch {BATCH}, {args.threads} torch thread(s), torch {torch.__version__}")
    print("| side | wall s | cpu s | cpu ms/step |\n|---|---|---|---|")
    med = {}
    for side, rs in runs.items():
        med[side] = (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
        print(f"| {side} | {med[side][0]:.2f} | {med[side][1]:.2f} | {med[side][1] / args.steps * 1e3:.1f} |")
    print(f"ratio keraslike/torch: CPU {med['keraslike'][1] / med['torch'][1]:.3f}x, "
          f"wall {med['keraslike'][0] / med['torch'][0]:.3f}x (target <= 1.0x)")


if __name__ == "__main__":
    main()
