"""Process-launching tests carry the `slow` mark: tests/conftest.py fails an unmarked test that starts Python."""

import subprocess
import sys

import pytest

from tests.conftest import _launches_python


def test_an_unmarked_test_cannot_start_python():
    with pytest.raises(AssertionError, match="mark it `@pytest.mark.slow`"):
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    with pytest.raises(AssertionError, match="test_an_unmarked_test_cannot_start_python"):
        subprocess.Popen(f"{sys.executable} -c pass", shell=True)
    assert subprocess.run(["true"]).returncode == 0  # other programs are cheap and allowed


def test_what_counts_as_starting_python():
    assert _launches_python([sys.executable, "x.py"]) and _launches_python(["python3", "-m", "x"])
    assert _launches_python(["torchrun", "--standalone", "x.py"]) and _launches_python("python -c pass")
    assert not _launches_python(["git", "status"]) and not _launches_python("ls -l") and not _launches_python([])


@pytest.mark.slow
def test_a_slow_test_may_start_python():
    assert subprocess.run([sys.executable, "-c", "pass"]).returncode == 0
