"""The script is one program also after the strategy exists (issue 21 item 6).

`tests/scripts/one_program_after.py` follows the usual TF order: `MirroredStrategy()` first, then
`tempfile.mkdtemp()`, a `uuid4` run id, a `datetime.now()` log dir, an unseeded `np.random.permutation`
split, `fit` with CSVLogger / ModelCheckpoint / TensorBoard into those paths, and reading the files back on
every replica. Before the fix replica 1 crashed (`FileNotFoundError` on the CSV log: its `mkdtemp` was
another directory); now every value agrees, calls made on the chief only shift nothing, and a replica-only
clock reading does not wait for ever.
"""

import datetime
import json
import os
import pickle
import random
import shutil
import sys
import tempfile
import time
import uuid

import numpy as np
import pytest

from tests.conftest import SCRIPTS, run_script

SHARED = ("tmp", "run_id", "log_dir", "stamp", "strftime", "time", "time_ns", "uuid1", "urandom", "random_inst",
          "random_state", "rng", "helper", "date", "tf_generator", "named", "tempdir", "order", "csv", "tensorboard",
          "after_fit_time")


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    out = tmp_path_factory.mktemp("one_program_after")
    proc = run_script([SCRIPTS / "one_program_after.py", out], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seen = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    yield seen
    shutil.rmtree(seen[0]["tmp"], ignore_errors=True)
    for path in seen[0]["helper"]:
        shutil.rmtree(path, ignore_errors=True)


@pytest.mark.slow
def test_values_made_after_the_strategy_are_the_chiefs(ranks):
    chief, replica = ranks
    for key in SHARED:
        assert chief[key] == replica[key], key
    np.testing.assert_allclose(replica["ckpt_pred"], chief["ckpt_pred"], rtol=1e-6)
    assert chief["helper"][0] != chief["helper"][1]  # one helper, two call sites: two directories
    assert chief["csv"].startswith("epoch,") and len(chief["csv"].splitlines()) == 3
    assert chief["tensorboard"] == ["train", "validation"]
    assert chief["log_dir"].startswith(chief["tmp"]) and os.path.isdir(chief["log_dir"])
    assert not os.path.exists(chief["tempdir"])  # removed by the chief's cleanup only


@pytest.mark.slow
def test_one_sided_calls_shift_nothing_and_never_hang(ranks):
    chief, replica = ranks
    assert chief["chief_only"][0] not in (chief["tmp"], *chief["helper"])  # the chief's extra mkdtemp is its own
    assert chief["chief_only"][1] not in (chief["run_id"],)
    assert replica["replica_only_wait_s"] < 30  # the replica took its own clock once the chief moved on


def test_patched_sources_keep_their_contract_in_one_process(tmp_path):
    import keraslike  # noqa: F401  (installs the one-program wrappers)

    dirs = [tempfile.mkdtemp(dir=tmp_path) for _ in range(3)]  # one site, three calls: three directories
    assert len(set(dirs)) == 3 and all(os.path.isdir(d) for d in dirs)
    with tempfile.NamedTemporaryFile(dir=tmp_path) as f:
        assert os.path.exists(f.name)
    assert not os.path.exists(f.name)
    with tempfile.TemporaryDirectory(dir=tmp_path) as name:
        assert os.path.isdir(name)
    assert not os.path.exists(name)
    fd, path = tempfile.mkstemp(dir=tmp_path)
    os.close(fd)
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    assert len({uuid.uuid4() for _ in range(5)}) == 5 and uuid.uuid4().version == 4
    assert uuid.uuid1().version == 1
    assert len({os.urandom(8) for _ in range(5)}) == 5
    assert len({random.Random().random() for _ in range(5)}) == 5
    assert len({np.random.default_rng().random() for _ in range(5)}) == 5
    assert abs(time.time() - datetime.datetime.now().timestamp()) < 5
    assert random.Random(3).random() == random.Random(3).random()  # seeded: untouched
    assert np.random.default_rng(3).random() == np.random.default_rng(3).random()


_DATETIME_SCRIPT = """
import datetime, pickle, sys
from datetime import datetime as Datetime
import keraslike  # noqa: F401
agreed = datetime.datetime
assert agreed is not type(datetime.datetime(2020, 1, 1))  # the user's name is the agreed class ...
assert type(agreed.now()) is type(Datetime.now()) is sys.modules["datetime"].datetime  # ... its values real ones
assert isinstance(agreed.now(), datetime.datetime) and isinstance(agreed.now(), Datetime)
assert issubclass(sys.modules["datetime"].datetime, Datetime)
assert pickle.loads(pickle.dumps(agreed(2021, 5, 4, 3))) == sys.modules["datetime"].datetime(2021, 5, 4, 3)
assert agreed.fromisoformat("2021-05-04").year == 2021 and str(datetime.date.today())
assert datetime.timedelta(days=1) + agreed(2021, 5, 4) == agreed(2021, 5, 5)
class Stamp(datetime.datetime):  # a user's subclass stays a subclass
    pass
stamp = Stamp(2021, 1, 2)
assert type(stamp) is Stamp and isinstance(stamp, Stamp) and not isinstance(agreed(2021, 1, 2), Stamp)
assert isinstance(stamp, datetime.datetime) and stamp.year == 2021
print("ok")
"""


@pytest.mark.slow
def test_user_datetime_names_are_agreed_and_stay_datetime(tmp_path):
    script = tmp_path / "uses_datetime.py"
    script.write_text(_DATETIME_SCRIPT)
    proc = run_script([script])
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-2000:]


def test_libraries_keep_the_real_datetime():
    import keraslike  # noqa: F401

    real = sys.modules["datetime"].datetime  # what `import datetime` gives a library
    assert type(real.now()) is real and real.__module__ == "datetime"
    assert pickle.loads(pickle.dumps(real.now())).year >= 2024
    assert pickle.loads(pickle.dumps(datetime.datetime.now())).year >= 2024  # this (user) module's agreed name


def test_forked_children_draw_their_own_values():
    import keraslike  # noqa: F401

    read, write = os.pipe()
    pid = os.fork()
    value = uuid.uuid4().bytes  # one call site, run by parent and child: the child's must be its own
    if pid == 0:
        os.write(write, value)
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 16) != value
