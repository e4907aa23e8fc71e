"""Write `tests/golden/strings.json`: what real TF 2.21 returns (or raises) for `strings_cases.py`.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_strings_golden.py

`tests/strings/test_strings_golden.py` runs the same cases on keraslike and compares (exactly for
strings and integers, rtol 1e-5 for floats).
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import strings_cases  # noqa: E402
import tensorflow as tf  # noqa: E402


def main():
    cases = {name[5:]: getattr(strings_cases, name) for name in dir(strings_cases) if name.startswith("case_")}
    out = {"versions": {"tensorflow": tf.__version__},
           "cases": {name: strings_cases.run(case, tf) for name, case in sorted(cases.items())}}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "strings.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(out['cases'])} cases to {path}")


if __name__ == "__main__":
    main()
