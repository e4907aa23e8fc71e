"""The script is one program under keraslike's launcher (issue 9 item 5): top-level temp paths, uuids, clock
readings and unseeded draws made before the strategy are the chief's on every replica, and saves are
collective (the file exists on every replica when `save` returns).

Before `launch/one_program.py`, replica 1 of `tests/scripts/one_program.py` crashed in `load_model` (its
`mkdtemp()` was another, empty directory) and its unseeded data differed from the chief's.
"""

import json
import os
import tempfile

import numpy as np
import pytest

from tests.conftest import SCRIPTS, run_script, run_scripts


@pytest.mark.slow
def test_tempfile_checkpoint_and_load_model_agree_on_every_replica(tmp_path):
    proc = run_script([SCRIPTS / "one_program.py", tmp_path], timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    chief, replica = (json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2))
    for key in ("mkdtemp", "named", "tempdir", "uuid", "time", "random", "np", "rng", "torch", "x_sum"):
        assert chief[key] == replica[key], key
    for key in ("ckpt_pred", "named_pred"):
        np.testing.assert_allclose(replica[key], chief[key], rtol=1e-6)
        np.testing.assert_allclose(chief[key], chief["pred"], rtol=1e-5, atol=1e-6)
    assert os.path.isfile(os.path.join(chief["mkdtemp"], "best.keras"))
    assert not os.path.exists(chief["tempdir"])  # removed by the chief's cleanup only
    os.remove(chief["named"])
    os.remove(os.path.join(chief["mkdtemp"], "best.keras"))
    os.rmdir(chief["mkdtemp"])


def test_patched_tempfile_keeps_its_contract_in_one_process():
    import keraslike  # noqa: F401  (installs the one-program wrappers)

    with tempfile.TemporaryDirectory() as name:
        assert os.path.isdir(name)
        holder = tempfile.TemporaryDirectory()
        assert isinstance(holder, tempfile.TemporaryDirectory)
    assert not os.path.exists(name)
    holder.cleanup()
    assert not os.path.exists(holder.name)
    a, b = tempfile.mkdtemp(), tempfile.mkdtemp()
    assert a != b and os.path.isdir(a) and os.path.isdir(b)
    os.rmdir(a)
    os.rmdir(b)
    fd, path = tempfile.mkstemp()
    os.close(fd)
    os.remove(path)


_SEEDED_DRAWS = """
import random, sys
import numpy as np, torch
random.seed(3); np.random.seed(3); torch.manual_seed(3)
if sys.argv[1] == "with":
    import keraslike  # noqa: F401
print(repr((random.random(), float(np.random.rand()), float(torch.rand(())))))
"""


@pytest.mark.slow
def test_seeds_set_before_import_keep_their_effect(tmp_path):
    script = tmp_path / "seeded.py"
    script.write_text(_SEEDED_DRAWS)
    outs = []
    for proc in run_scripts([script, "without"], [script, "with"]):
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(proc.stdout.strip())
    assert outs[0] == outs[1]  # import keraslike snapshots the generators; it never reseeds them
