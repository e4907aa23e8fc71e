"""Import cost: `import keraslike` minus `import torch`, in fresh interpreters.

Two measurements, each the median over fresh processes:
1. inside each new process, the time of `import torch`, then of `import keraslike` on top of it
   (what keraslike adds; the least noisy figure);
2. from outside, whole-process wall time of `python -c "import torch"` and
   `python -c "import keraslike"` (interleaved), and their difference.
`python -X importtime -c "import keraslike"` details where the time goes.

Run:
    python benchmarks/import_time.py
    python benchmarks/import_time.py --repeats 11
"""

import argparse
import json
import statistics
import subprocess
import sys
import time

INSIDE = ("import json, time; t0 = time.perf_counter(); import torch; t1 = time.perf_counter(); "
          "import keraslike; t2 = time.perf_counter(); print(json.dumps([t1 - t0, t2 - t1]))")


def timed(code):
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    timed("import keraslike")                  # warm the file cache
    inside, outside = [], {"import torch": [], "import keraslike": []}
    for _ in range(args.repeats):
        out = subprocess.run([sys.executable, "-c", INSIDE], check=True, capture_output=True, text=True).stdout
        inside.append(json.loads(out))
        for name in outside:
            outside[name].append(timed(name))
    torch_in = statistics.median(t for t, _ in inside)
    kl_in = statistics.median(k for _, k in inside)
    med = {name: statistics.median(ts) for name, ts in outside.items()}
    print(f"median of {args.repeats} fresh processes each")
    print(f"{'measure':<52}{'seconds':>10}")
    print(f"{'in-process: import torch':<52}{torch_in:>10.3f}")
    print(f"{'in-process: import keraslike after torch':<52}{kl_in:>10.3f}")
    for name in outside:
        label = f"process wall: python -c '{name}'"
        print(f"{label:<52}{med[name]:>10.3f}")
    print(f"keraslike on top of torch: {kl_in:.3f} s in-process; "
          f"{med['import keraslike'] - med['import torch']:.3f} s by process wall time")


if __name__ == "__main__":
    main()
