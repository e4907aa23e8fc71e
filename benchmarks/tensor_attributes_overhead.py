"""Cost of TF's tensor attributes (`x.shape.as_list()`, `x.dtype.name`) on plain torch tensors.

keraslike adds TF's names to `torch.Size`/`torch.dtype` without replacing anything torch
defines (`keraslike/_src/ops/tensor_attributes.py`). This measures, per call, in nanoseconds,
in fresh interpreters started alternately with and without `import keraslike`:

- a small torch op (`x + y` on a (4, 4) float tensor) and `x.shape` access: ratio ~1.0 means the
  TF names cost ordinary torch code nothing;
- `x.shape.as_list()` against the torch idiom `list(x.shape)`, `x.dtype.name` against
  `str(x.dtype)`, and `tf.add(x, y)` against `torch.add(x, y)`.

Medians over the interleaved interpreter runs (the machine may be shared; read ratios, not ns).

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
stmts = {"op": "x + y", "shape": "x.shape", "list": "list(x.shape)", "str": "str(x.dtype)",
         "torch.add": "torch.add(x, y)"}
if with_keraslike:
    import keraslike as tf
    env["tf"] = tf
    stmts.update({"as_list": "x.shape.as_list()", "name": "x.dtype.name", "tf.add": "tf.add(x, y)"})
print(json.dumps({k: min(timeit.repeat(s, globals=env, number=calls, repeat=3)) / calls * 1e9
                  for k, s in stmts.items()}))
"""

ROWS = (  # (what, reference key, reference run, keraslike key, labels)
    ("x + y (torch op)", "op", False, "op", "without keraslike", "after import keraslike"),
    ("x.shape", "shape", False, "shape", "without keraslike", "after import keraslike"),
    ("shape as list", "list", True, "as_list", "list(x.shape)", "x.shape.as_list()"),
    ("dtype name", "str", True, "name", "str(x.dtype)", "x.dtype.name"),
    ("add", "torch.add", True, "tf.add", "torch.add(x, y)", "tf.add(x, y)"),
)


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


if __name__ == "__main__":
    main()
