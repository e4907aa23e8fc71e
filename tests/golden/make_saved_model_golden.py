"""Write tf_saved_model/: a real TF 2.21 SavedModel (Keras 3 `model.export`) that keraslike must refuse by name.

Run with real TensorFlow: `python tests/golden/make_saved_model_golden.py`.
"""

import os
import shutil

import keras
import tensorflow as tf

target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_saved_model")
shutil.rmtree(target, ignore_errors=True)
inputs = keras.Input((4,), name="features")
keras.Model(inputs, keras.layers.Dense(3)(inputs)).export(target, verbose=False)
print("wrote tf_saved_model/ with TF", tf.__version__, sorted(os.listdir(target)))
