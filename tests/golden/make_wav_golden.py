"""Write goldens for tf.audio.encode_wav / decode_wav from real TensorFlow 2.21.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_wav_golden.py

It writes `tests/golden/wav.json`: the input samples, TF's encoded file (hex), and TF's decodes of it
with several desired_channels/desired_samples. `tests/audio/test_wav.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wav.json")


def main():
    rng = np.random.RandomState(5)
    audio = np.concatenate([rng.uniform(-1.1, 1.1, (37, 2)),
                            [[0.5000153, -0.5000153], [1.0, -1.0], [0.00002, -0.00002]]]).astype(np.float32)
    encoded = tf.audio.encode_wav(audio, 22050).numpy()
    decodes = {}
    for channels, samples in [(-1, -1), (1, -1), (3, -1), (-1, 10), (-1, 50), (1, 45)]:
        values, rate = tf.audio.decode_wav(encoded, desired_channels=channels, desired_samples=samples)
        decodes[f"{channels},{samples}"] = {"audio": values.numpy().tolist(), "rate": int(rate.numpy())}
    with open(OUT, "w") as f:
        json.dump({"audio": audio.tolist(), "rate": 22050, "encoded_hex": encoded.hex(), "decodes": decodes}, f)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
