"""Where `keras.utils.get_file` puts and returns archives, Keras 3 (TF 2.21) vs Keras 2 (tf_keras 2.21):

    /work/tfvenv/bin/python tests/golden/make_get_file_paths_golden.py

Writes `tests/golden/get_file_paths.json`: for each case (a `file://` tar.gz holding `pkg/a.txt`, fetched with
`untar=True` / `extract=True` / neither and `fname`s with and without extension), the returned path relative to
the cache folder and the sorted list of what the cache folder then holds. keraslike follows the Keras 3 column by
default and the Keras 2 one under `TF_USE_LEGACY_KERAS=1`.
"""

import io
import json
import os
import sys
import tarfile
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CASES = {
    "untar_plain": dict(fname="pkg_v1", untar=True),
    "untar_targz_name": dict(fname="pkg_v1.tar.gz", untar=True),
    "extract_plain": dict(fname="pkg_v1", extract=True),
    "extract_targz_name": dict(fname="pkg_v1.tar.gz", extract=True),
    "no_extract_targz_name": dict(fname="pkg_v1.tar.gz"),  # an archive fetched as a file (keras-io's Jena climate)
}


def make_archive(folder):
    path = os.path.join(folder, "pkg_v1.tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        data = b"hello\n"
        info = tarfile.TarInfo("pkg/a.txt")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return "file://" + path


def listing(root):
    out = []
    for base, dirs, files in os.walk(root):
        for name in dirs + files:
            out.append(os.path.relpath(os.path.join(base, name), root))
    return sorted(out)


def run(get_file):
    results = {}
    for case, kwargs in CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            origin = make_archive(tmp)
            cache = os.path.join(tmp, "cache")
            os.makedirs(cache)  # (tf_keras falls back to /tmp/.keras for a cache_dir that does not exist yet)
            path = get_file(origin=origin, cache_dir=cache, cache_subdir="", **kwargs)
            results[case] = {"returned": os.path.relpath(path, cache), "cache": listing(cache)}
    return results


def main():
    import keras
    import tf_keras

    out = {"keras3": run(keras.utils.get_file), "keras2": run(tf_keras.utils.get_file)}
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "get_file_paths.json")
    with open(target, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
