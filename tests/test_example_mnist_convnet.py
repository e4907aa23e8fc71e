"""`examples/mnist_convnet.py --quick` (2 epochs) as a real process: summary, fit progress, test accuracy."""

import pytest

from tests.conftest import REPO, run_script

pytestmark = pytest.mark.slow  # launches the example


def test_mnist_convnet_example_quick():
    result = run_script([REPO / "examples" / "mnist_convnet.py", "--quick"])
    assert result.returncode == 0, f"stdout:\n{result.stdout[-2000:]}\nstderr:\n{result.stderr[-3000:]}"
    out = result.stdout
    assert "Total params: 34,826" in out and "(None, 5, 5, 64)" in out
    assert "Epoch 2/2" in out and "val_accuracy" in out
    accuracy = float(out.split("Test accuracy:")[1].split()[0])
    assert accuracy > 0.3, out[-2000:]     # 2 epochs on the digits fallback reach about 0.75
