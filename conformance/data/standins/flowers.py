"""The flower photos archive (images/classification, load_data/images): ``flower_photos/<class>/*.jpg``."""

from conformance.data.standins._common import jpeg_bytes, photo, rng, write_tar

URL = "https://storage.googleapis.com/download.tensorflow.org/example_images/flower_photos.tgz"
CLASSES = ["daisy", "dandelion", "roses", "sunflowers", "tulips"]
PER_CLASS = 60


def build(path):
    r = rng(51)
    files = {"flower_photos/LICENSE.txt": "Conformance stand-in: generated pictures, no licence needed.\n"}
    for label, name in enumerate(CLASSES):
        for i in range(PER_CLASS):
            h, w = int(r.integers(240, 330)), int(r.integers(320, 480))  # data_augmentation crops 210x300
            files[f"flower_photos/{name}/{1000 + i * 7}_{label}{i:03d}.jpg"] = jpeg_bytes(photo(r, label, 5, h, w))
    write_tar(path, files)


STANDINS = {URL: build}
