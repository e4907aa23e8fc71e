"""``cats_and_dogs_filtered.zip`` (images/transfer_learning): train/validation folders of cats and dogs."""

from conformance.data.standins._common import jpeg_bytes, photo, rng, write_zip

URL = "https://download.mlcc.google.com/mledu-datasets/cats_and_dogs_filtered.zip"


def build(path):
    r = rng(52)
    files = {"cats_and_dogs_filtered/": b"", "cats_and_dogs_filtered/vectorize.py": "# stand-in\n"}
    number = 0
    for split, count in (("train", 100), ("validation", 100)):  # the tutorial tests on val_batches // 5 batches of 32
        files[f"cats_and_dogs_filtered/{split}/"] = b""
        for label, name in enumerate(("cats", "dogs")):
            files[f"cats_and_dogs_filtered/{split}/{name}/"] = b""
            for _ in range(count):
                h, w = int(r.integers(150, 260)), int(r.integers(150, 260))
                files[f"cats_and_dogs_filtered/{split}/{name}/{name[:-1]}.{number}.jpg"] = jpeg_bytes(
                    photo(r, label * 3, 6, h, w))
                number += 1
    write_zip(path, files)


STANDINS = {URL: build}
