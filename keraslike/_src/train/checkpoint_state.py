"""The `checkpoint` state file TF keeps next to checkpoints, and `tf.train.latest_checkpoint`.

Same text format as TensorFlow's CheckpointState proto:

    model_checkpoint_path: "ckpt-3"
    all_model_checkpoint_paths: "ckpt-2"
    all_model_checkpoint_paths: "ckpt-3"
"""

import os
import re

from keraslike._src.keras.saving import file_io

STATE_FILE = "checkpoint"


def read_state(directory):
    """`(latest, all_paths)` as absolute-or-given paths, or `(None, [])` when there is no state file."""
    path = os.path.join(os.fspath(directory), STATE_FILE)
    if not os.path.exists(path):
        return None, []
    latest, paths = None, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = re.match(r'\s*(\w+):\s*"(.*)"\s*$', line)
            if not match:
                continue
            key, value = match.groups()
            full = value if os.path.isabs(value) else os.path.join(os.fspath(directory), value)
            if key == "model_checkpoint_path":
                latest = full
            elif key == "all_model_checkpoint_paths":
                paths.append(full)
    return latest, paths


def write_state(directory, latest, paths, model=None):
    """Write the state file atomically (chief only); paths inside `directory` are stored relative to it."""
    directory = os.fspath(directory)

    def rel(p):
        return os.path.relpath(p, directory) if os.path.dirname(os.path.abspath(p)) == os.path.abspath(
            directory) else p

    text = f'model_checkpoint_path: "{rel(latest)}"\n' + "".join(
        f'all_model_checkpoint_paths: "{rel(p)}"\n' for p in paths)
    if file_io.is_chief(model):
        file_io.atomic_write_text(os.path.join(directory, STATE_FILE), text)


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """`tf.train.latest_checkpoint(dir)`: the prefix of the newest checkpoint in `dir`, or None."""
    latest, _ = read_state(checkpoint_dir)
    if latest is None or not os.path.exists(latest + ".index"):
        return None
    return latest
