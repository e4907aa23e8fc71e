"""The README's code snippet runs as written (with fewer epochs): it defines its data and trains on 2 replicas."""

import re

import pytest

from tests.conftest import REPO, run_script


@pytest.mark.slow
def test_readme_snippet_runs(tmp_path):
    readme = (REPO / "README.md").read_text()
    section = readme.split("## What works", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert "epochs=30" in code and "x, y = " in code
    script = tmp_path / "snippet.py"
    script.write_text(code.replace("epochs=30", "epochs=2") + 'print("replicas:", strategy.num_replicas_in_sync)\n')
    result = run_script([script])
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.count("Epoch 2/2") == 1 and "replicas: 2" in result.stdout, result.stdout
