"""Write `tests/golden/utils.npz`: real Keras 3.15 `keras.utils` results for fixed inputs.

Run under real TensorFlow 2.21 / Keras 3.15, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_utils_golden.py

Cases (names -> arrays): `pad/<case>` (pad_sequences), `normalize/<case>`, `timeseries/<case>/x<i>`
and `/y<i>` (the batches, unshuffled), `split/<case>/left<k>` and `/right<k>` (each component
stacked). `tests/keras/utils/test_utils_golden.py` reads it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "utils.npz")
SEQS = [[1, 2, 3], [4, 5], [6, 7, 8, 9, 10], [], [11]]
PAD_CASES = {
    "default": {},
    "maxlen3": {"maxlen": 3},
    "post_post": {"maxlen": 4, "padding": "post", "truncating": "post", "value": -1},
    "float": {"dtype": "float32", "value": 0.5, "padding": "post"},
    "pre_post": {"maxlen": 2, "truncating": "post"},
}
SERIES = np.arange(40, dtype="float32").reshape(20, 2)
TIMESERIES = {
    "basic": dict(sequence_length=5, batch_size=4),
    "stride_rate": dict(sequence_length=3, sequence_stride=2, sampling_rate=3, batch_size=3),
    "bounds": dict(sequence_length=4, start_index=2, end_index=15, batch_size=5),
    "no_targets": dict(sequence_length=6, batch_size=None, targets=None),
}


def main():
    out = {}
    for name, kwargs in PAD_CASES.items():
        out[f"pad/{name}"] = keras.utils.pad_sequences(SEQS, **kwargs)
    x = np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -1.0, 2.0]], "float32")
    out["normalize/l2"] = keras.utils.normalize(x)
    out["normalize/l1_axis0"] = keras.utils.normalize(x, axis=0, order=1)
    for name, kwargs in TIMESERIES.items():
        kwargs = dict(kwargs)
        targets = kwargs.pop("targets", SERIES[:, 0] * 10)
        ds = keras.utils.timeseries_dataset_from_array(SERIES, targets, **kwargs)
        for i, batch in enumerate(ds):
            if targets is None:
                out[f"timeseries/{name}/x{i}"] = np.asarray(batch)
            else:
                out[f"timeseries/{name}/x{i}"] = np.asarray(batch[0])
                out[f"timeseries/{name}/y{i}"] = np.asarray(batch[1])
    data = (np.arange(30, dtype="float32").reshape(10, 3), np.arange(10))
    for name, kwargs in {"frac": {"left_size": 0.7}, "right_int": {"right_size": 3},
                         "both": {"left_size": 0.2, "right_size": 0.5}}.items():
        left, right = keras.utils.split_dataset(data, **kwargs)
        for side, ds in (("left", left), ("right", right)):
            items = list(ds)
            for k in range(2):
                out[f"split/{name}/{side}{k}"] = np.stack([np.asarray(item[k]) for item in items])
    np.savez_compressed(OUT, **out)
    print(f"wrote {len(out)} arrays")


if __name__ == "__main__":
    main()
