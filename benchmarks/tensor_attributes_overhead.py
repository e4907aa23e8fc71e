"""Cost of TF's tensor attributes and operators on plain torch tensors.

keraslike adds TF's names to `torch.Size`/`torch.dtype` without replacing anything torch
defines (`keraslike/_src/ops/tensor_attributes.py`), and wraps `torch.Tensor`'s operators so that
list/numpy operands and negative slice steps work as in TF (`keraslike/_src/ops/tensor_operators.py`:
torch's method runs first, the fallback only where torch cannot take the operand). This measures,
per call, in nanoseconds, in fresh interpreters started alternately with and without `import keraslike`:

- torch's fast path through the wrappers: `x + y`, `x[1:3]`, `x @ y` and `x.sum()` on (4, 4) float tensors,
  and `x.shape` access (the ratio is the wrappers' cost on ordinary torch code);
- the TF fallbacks against the torch spelling of the same thing: `x + [[1., 2., 3., 4.]]` against
  `x + torch.tensor([[1., 2., 3., 4.]])`, `x[::-1]` against `x.flip(0)`;
- `x.shape.as_list()` against the torch idiom `list(x.shape)`, `x.dtype.name` against
  `str(x.dtype)`, and `tf.add(x, y)` against `torch.add(x, y)`.

Medians over the interleaved interpreter runs (the machine may be shared; read ratios, not ns). A second
table times the same torch statements in ONE interpreter, alternating torch's own methods and keraslike's
wrappers (`tensor_operators.uninstall()` / `install()`), minimum over rounds: the wrappers' cost in ns,
less disturbed by a loaded machine than the cross-interpreter ratio.

Run:
    python benchmarks/tensor_attributes_overhead.py
    python benchmarks/tensor_attributes_overhead.py --calls 200000 --rounds 7
"""

import argparse
import json
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, timeit, torch
calls, with_keraslike = int(sys.argv[1]), sys.argv[2] == "1"
env = {"x": torch.ones(4, 4), "y": torch.ones(4, 4), "torch": torch}
stmts = {"op": "x + y", "slice": "x[1:3]", "matmul": "x @ y", "sum": "x.sum()", "shape": "x.shape",
         "list": "list(x.shape)",
         "str": "str(x.dtype)", "torch.add": "torch.add(x, y)", "row": "x + torch.tensor([[1., 2., 3., 4.]])",
         "flip": "x.flip(0)"}
if with_keraslike:
    import keraslike as tf
    env["tf"] = tf
    stmts.update({"as_list": "x.shape.as_list()", "name": "x.dtype.name", "tf.add": "tf.add(x, y)",
                  "list_operand": "x + [[1., 2., 3., 4.]]", "negative_step": "x[::-1]"})
print(json.dumps({k: min(timeit.repeat(s, globals=env, number=calls, repeat=3)) / calls * 1e9
                  for k, s in stmts.items()}))
"""

ROWS = (  # (what, reference key, reference run, keraslike key, labels)
    ("x + y (torch op)", "op", False, "op", "without keraslike", "after import keraslike"),
    ("x[1:3]", "slice", False, "slice", "without keraslike", "after import keraslike"),
    ("x @ y", "matmul", False, "matmul", "without keraslike", "after import keraslike"),
    ("x.sum()", "sum", False, "sum", "without keraslike", "after import keraslike"),
    ("x.shape", "shape", False, "shape", "without keraslike", "after import keraslike"),
    ("shape as list", "list", True, "as_list", "list(x.shape)", "x.shape.as_list()"),
    ("dtype name", "str", True, "name", "str(x.dtype)", "x.dtype.name"),
    ("add", "torch.add", True, "tf.add", "torch.add(x, y)", "tf.add(x, y)"),
    ("list operand", "row", False, "list_operand", "x + torch.tensor(row)", "x + [[1., 2., 3., 4.]]"),
    ("negative step", "flip", False, "negative_step", "x.flip(0)", "x[::-1]"),
)


SWAP_CHILD = r"""
import json, sys, timeit, torch
import keraslike
from keraslike._src.ops import tensor_operators
calls, rounds = int(sys.argv[1]), int(sys.argv[2])
env = {"x": torch.ones(4, 4), "y": torch.ones(4, 4)}
stmts = {"x + y": "x + y", "x[1:3]": "x[1:3]", "x @ y": "x @ y", "x.sum()": "x.sum()", "x == y": "x == y"}
best = {k: [float("inf"), float("inf")] for k in stmts}
for _ in range(rounds):
    for wrapped in (False, True):
        (tensor_operators.install if wrapped else tensor_operators.uninstall)()
        for k, s in stmts.items():
            best[k][wrapped] = min(best[k][wrapped], timeit.timeit(s, globals=env, number=calls) / calls * 1e9)
print(json.dumps(best))
"""


def run_swap_child(calls, rounds):
    out = subprocess.run([sys.executable, "-c", SWAP_CHILD, str(calls), str(rounds)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def run_child(calls, with_keraslike):
    out = subprocess.run([sys.executable, "-c", CHILD, str(calls), "1" if with_keraslike else "0"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    runs = {False: [], True: []}
    for _ in range(args.rounds):
        for flag in (False, True):
            runs[flag].append(run_child(args.calls, flag))

    def median(flag, key):
        return statistics.median(r[key] for r in runs[flag])

    print(f"{'what':<18} {'reference':>22} {'ns':>7} {'keraslike':>24} {'ns':>7} {'ratio':>6}")
    for what, ref_key, ref_flag, key, ref_name, name in ROWS:
        ref, ours = median(ref_flag, ref_key), median(True, key)
        print(f"{what:<18} {ref_name:>22} {ref:7.0f} {name:>24} {ours:7.0f} {ours / ref:6.2f}")
    print()
    print(f"{'same interpreter':<18} {'torch methods ns':>18} {'keraslike wrappers ns':>22} {'extra ns':>9}")
    for what, (plain, wrapped) in run_swap_child(args.calls, args.rounds).items():
        print(f"{what:<18} {plain:18.0f} {wrapped:22.0f} {wrapped - plain:9.0f}")


if __name__ == "__main__":
    main()
