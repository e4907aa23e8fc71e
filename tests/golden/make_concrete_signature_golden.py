"""Write goldens for the printed signatures of concrete functions (the tf.function and intro_to_graphs guides).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_concrete_signature_golden.py

Each case is source text run with `tf` bound to the backend; it defines `function` (a `tf.function`, already
called or traced) and `concrete`. The golden keeps `str(concrete)` (TF: "ConcreteFunction " + the signature),
`str(concrete.function_type)` and `function.pretty_printed_concrete_signatures()`: lists, tuples and dicts of
arguments print as `List[...]`, `Tuple[...]`, `Dict[[key, type], ...]`, an unknown-rank input gives an
unknown-rank output. `tests/autodiff/test_concrete_signature_text.py` reads `concrete_signature.json`.
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "concrete_signature.json")

CASES = {
    "my_relu": """
@tf.function
def function(x):
    return tf.maximum(0., x)
function(tf.constant(5.5))
function([1, -1])
function(tf.constant([3., -3.]))
concrete = function.get_concrete_function([1, -1])
""",
    "double_strings": """
@tf.function
def function(a):
    return a + a
concrete = function.get_concrete_function(tf.constant("a"))
""",
    "pow_unknown_rank": """
@tf.function
def function(a, b):
    return a ** b
concrete = function.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
""",
    "structures": """
@tf.function
def function(x, y, z):
    return x[0]
concrete = function.get_concrete_function([1, -1], (tf.constant(1.0), 2), {"a": tf.constant([1, 2]), "b": "q"})
""",
}


def main():
    golden = {}
    for name, source in CASES.items():
        namespace = {"tf": tf}
        exec(source, namespace)  # noqa: S102 - the case's own source text
        concrete, function = namespace["concrete"], namespace["function"]
        golden[name] = {"source": source, "str": str(concrete), "function_type": str(concrete.function_type),
                        "signatures": function.pretty_printed_concrete_signatures()}
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {len(golden)} cases to {OUT}")


if __name__ == "__main__":
    main()
