"""Golden for tests/keras/layers/test_batchnorm_fused.py: batchnorm_fused_cases.run under real TF 2.21, Keras 3 and
tf_keras (TF_USE_LEGACY_KERAS=1), each in its own process.

    /work/tfvenv/bin/python tests/golden/make_batchnorm_fused_golden.py
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "batchnorm_fused.json")

if __name__ == "__main__":
    if len(sys.argv) > 1:  # one mode, in its own process
        sys.path.insert(0, HERE)
        import tensorflow as tf

        import batchnorm_fused_cases

        print(json.dumps(batchnorm_fused_cases.run(tf)))
    else:
        result = {}
        for mode, legacy in (("keras3", "0"), ("keras2", "1")):
            env = {**os.environ, "TF_USE_LEGACY_KERAS": legacy, "TF_CPP_MIN_LOG_LEVEL": "3"}
            done = subprocess.run([sys.executable, __file__, mode], env=env, capture_output=True, text=True, check=True)
            result[mode] = json.loads(done.stdout.strip().splitlines()[-1])
        with open(OUT, "w") as f:
            json.dump(result, f, indent=1)
