"""The printed signatures of concrete functions, as the tf.function and intro_to_graphs guides print them
(`print(concrete)`, `print(concrete.function_type)`, `pretty_printed_concrete_signatures()`), against TF 2.21's
text (`tests/golden/make_concrete_signature_golden.py` writes `concrete_signature.json`)."""

import json
import os

import pytest

import keraslike as tf

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "concrete_signature.json")))


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_signature_text_matches_tf(case):
    namespace = {"tf": tf}
    exec(GOLDEN[case]["source"], namespace)  # noqa: S102 - the golden case's source text
    concrete, function = namespace["concrete"], namespace["function"]
    assert str(concrete) == GOLDEN[case]["str"]
    assert str(concrete.function_type) == GOLDEN[case]["function_type"]
    assert function.pretty_printed_concrete_signatures() == GOLDEN[case]["signatures"]
