"""Worker: the chief prints `print(a, b)` lines while replica 1 writes to stderr (issue 21 item 8).

Usage:
    python tests/scripts/relay_lines.py 2>&1 | ...

Run with stdout and stderr on one pipe (block-buffered, as under CI or `| tee log`): every line of the
merged output must be one whole chief line (`chief <i> <padding>`) or one whole relayed replica line
(`[replica 1] replica <i> <padding>`).
"""

import sys
import time

import keraslike as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
pad = "x" * 57
if strategy._rank == 0:
    for i in range(3000):
        print("chief", i, pad)
        if i % 300 == 0:
            time.sleep(0.01)
else:
    for i in range(1500):
        print("replica", i, pad, file=sys.stderr)
        if i % 150 == 0:
            time.sleep(0.01)
# both replicas meet again before the chief exits
strategy.reduce("SUM", strategy.run(lambda: tf.constant(1.0)), axis=None)
