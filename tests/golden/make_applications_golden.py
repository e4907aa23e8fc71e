"""Write `tests/golden/applications.json` and `applications.npz`: Keras 3.15's keras.applications builders.

Run under real TensorFlow 2.21 / Keras 3.15, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_applications_golden.py [--values-only]

(`--values-only` rewrites only applications.npz.)

applications.json: per case of `applications_cases.PARAM_CASES` (weights=None), `count_params()`, the number
of weight arrays and `structure_digest` of the (layer, weight, shape) sequence. applications.npz: for each
`VALUE_CASES` case, the logits of the model loaded with `deterministic_weights` on `value_input`.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import applications_cases as cases  # noqa: E402


def _structure(model):
    return [(layer.name, tuple(w.shape)) for layer in model.layers for w in layer.weights]


def main():
    if "--values-only" not in sys.argv:
        _params()
    _values()


def _params():
    table = {}
    for family, builder, kwargs in cases.PARAM_CASES:
        keras.backend.clear_session()
        model = getattr(keras.applications, builder)(weights=None, **kwargs)
        table[cases.case_id(family, builder, kwargs)] = {
            "count_params": int(model.count_params()), "weights": len(model.weights),
            "structure": cases.structure_digest(_structure(model)), "name": model.name,
        }
        print(builder, kwargs, table[cases.case_id(family, builder, kwargs)])
    with open(os.path.join(HERE, "applications.json"), "w") as handle:
        json.dump(table, handle, indent=0, sort_keys=True)


def _values():
    arrays = {}
    for family, builder, kwargs in cases.VALUE_CASES:
        keras.backend.clear_session()
        model = getattr(keras.applications, builder)(weights=None, classifier_activation=None,
                                                                      **kwargs)
        model.set_weights(cases.deterministic_weights([(w.path, tuple(w.shape)) for w in model.weights]))
        x = cases.value_input(kwargs["input_shape"])
        key = cases.case_id(family, builder, kwargs)
        arrays[key] = np.asarray(model(x, training=False))
        print(key, arrays[key].shape, float(np.abs(arrays[key]).mean()))
    np.savez_compressed(os.path.join(HERE, "applications.npz"), **arrays)


if __name__ == "__main__":
    main()
