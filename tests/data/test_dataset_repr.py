"""A dataset's repr names TF's class for its operation (`<_RangeDataset element_spec=...>`; before, keraslike's own
class names: `<RangeDataset ...>`, `<ElementsDataset ...>` for a window). Golden: tests/golden/dataset_repr.json."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import dataset_repr_cases  # noqa: E402

EXPECTED = json.loads((GOLDEN / "dataset_repr.json").read_text())
GOT = dataset_repr_cases.run(tf)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_repr_as_tf(name):
    assert GOT[name] == EXPECTED[name]
