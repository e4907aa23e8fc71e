"""Write tests/golden/keraslike_saved_models/: SavedModels keraslike writes (saved_model_cases.py), which
make_saved_model_golden.py then reads in real TF 2.21 (their variables are TF checkpoints).

    OMP_NUM_THREADS=1 /work/main/.venv/bin/python tests/golden/make_keraslike_saved_models.py
"""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import keraslike as tf  # noqa: E402

import saved_model_cases as cases  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keraslike_saved_models")
shutil.rmtree(ROOT, ignore_errors=True)
os.makedirs(ROOT)
tf.saved_model.save(cases.make_module(tf), os.path.join(ROOT, "module"))
model = cases.make_keras(tf.keras)
tf.saved_model.save(model, os.path.join(ROOT, "keras"))
print("wrote", sorted(os.listdir(ROOT)))
