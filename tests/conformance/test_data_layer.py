"""conformance/data: stand-ins are written once and served offline at their URLs; pinned digests read true."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds and probes in fresh interpreters
REPO = Path(__file__).resolve().parents[2]
BOSTON = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/boston_housing.npz"
BOSTON_SHA256 = "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5"

PROBE = r"""
import hashlib, json, urllib.error, urllib.request
url = "%s"
with urllib.request.urlopen(url) as response:
    data = response.read()
    length = int(response.headers["Content-Length"])
out = {"length": length, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
       "changed": hashlib.sha256(data + b"x").hexdigest()}
try:
    urllib.request.urlopen("https://example.com/not-a-stand-in.csv")
except urllib.error.URLError as e:
    out["offline"] = str(e.reason)
print(json.dumps(out))
"""


def test_build_and_serve_with_the_hash_rule(tmp_path):
    data = tmp_path / "data"
    subprocess.run([sys.executable, str(REPO / "conformance" / "data" / "build.py"), str(data), "boston_housing"],
                   check=True, capture_output=True)
    index = json.loads((data / "index.json").read_text())
    assert BOSTON in index
    first = (data / "files" / index[BOSTON]).read_bytes()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONPATH=str(REPO / "conformance" / "data" / "site"), CONFORMANCE_DATA=str(data))
    out = subprocess.run([sys.executable, "-c", PROBE % BOSTON], env=env, check=True, capture_output=True, text=True)
    result = json.loads(out.stdout)
    assert result["size"] == result["length"] == len(first)
    assert result["sha256"] == BOSTON_SHA256  # the stand-in's exact bytes read as the digest Keras pins
    assert result["changed"] != BOSTON_SHA256  # any other bytes keep their own digest
    assert "no stand-in" in result["offline"] and "not-a-stand-in.csv" in result["offline"]
    # deterministic: a rebuild from scratch writes the same bytes
    subprocess.run([sys.executable, str(REPO / "conformance" / "data" / "build.py"), str(tmp_path / "again"),
                    "boston_housing"], check=True, capture_output=True)
    again = json.loads((tmp_path / "again" / "index.json").read_text())
    assert (tmp_path / "again" / "files" / again[BOSTON]).read_bytes() == first
