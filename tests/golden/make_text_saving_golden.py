"""Write `.keras` files of adapted text layers saved by real Keras 3.15 (TF 2.21) into tests/keras/saving/data/
(`text_vectorization_tfidf.keras`, `text_vectorization_int.keras`, `string_lookup.keras`) and their outputs on
`QUERIES` into `tests/golden/text_saving.json`, so keraslike's loading of Keras's asset layout is checked.

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_text_saving_golden.py
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

CORPUS = ["The cat sat on the mat.", "The dog ate my homework!", "A cat, a dog; and a bird?", "the end"]
QUERIES = ["the cat and the bird", "a dog", "zebra"]
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "keras", "saving", "data")


def main():
    layers = {
        "text_vectorization_tfidf": keras.layers.TextVectorization(output_mode="tf_idf", max_tokens=12),
        "text_vectorization_int": keras.layers.TextVectorization(output_sequence_length=6, ngrams=2),
        "string_lookup": keras.layers.StringLookup(num_oov_indices=2, mask_token=""),
    }
    outputs = {}
    for name, layer in layers.items():
        if isinstance(layer, keras.layers.StringLookup):
            layer.adapt(np.array([w for s in CORPUS for w in s.lower().split()]))
            queries = tf.constant([q.split()[0] for q in QUERIES] + [""])
        else:
            layer.adapt(CORPUS)
            queries = tf.constant(QUERIES)
        model = keras.Sequential([layer])
        outputs[name] = {"inputs": [q.decode() for q in queries.numpy().tolist()],
                         "output": np.asarray(model(queries)).tolist(), "vocabulary": layer.get_vocabulary()}
        model.save(os.path.join(DATA, f"{name}.keras"))
    with open(os.path.join(HERE, "text_saving.json"), "w") as f:
        json.dump({"versions": {"tensorflow": tf.__version__, "keras": keras.__version__}, "cases": outputs}, f,
                  sort_keys=True)


if __name__ == "__main__":
    main()
