"""Write word_datasets.json: real Keras 3 `imdb`/`reuters.load_data` on the fake files of word_datasets.py.

Run with real TensorFlow/Keras: `KERAS_HOME=$(mktemp -d) python tests/golden/make_word_datasets_golden.py`.
"""

import json
import os
import sys

import keras
from keras.src.datasets import imdb, reuters

sys.path.insert(0, os.path.dirname(__file__))
import word_datasets  # noqa: E402

home = os.path.join(os.environ["KERAS_HOME"], "datasets")
os.makedirs(home, exist_ok=True)
word_datasets.write(home)
for module in (imdb, reuters):  # the fake files do not have the real files' hashes: read them as they are
    module.get_file = lambda fname, origin, file_hash=None: os.path.join(home, fname)
out = {"keras": keras.__version__, "imdb": [], "reuters": []}
for case in word_datasets.CASES:
    out["imdb"].append(word_datasets.as_json(keras.datasets.imdb.load_data(**case)))
    out["reuters"].append(word_datasets.as_json(keras.datasets.reuters.load_data(test_split=0.25, **case)))
with open(os.path.join(os.path.dirname(__file__), "word_datasets.json"), "w") as f:
    json.dump(out, f)
print("wrote word_datasets.json with Keras", keras.__version__)
