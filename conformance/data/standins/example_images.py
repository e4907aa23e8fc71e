"""Single example pictures the tutorials fetch (a dog, a sunflower, a painting, a cat, a bridge), and the
ImageNet label files the pretrained-model tutorials decode predictions with."""

import json

from conformance.data.standins._common import jpeg_bytes, photo, rng

BASE = "https://storage.googleapis.com/download.tensorflow.org/example_images/"
PICTURES = {
    "YellowLabradorLooking_new.jpg": (577, 700, 1),
    "592px-Red_sunflower.jpg": (592, 592, 3),
    "Vassily_Kandinsky%2C_1913_-_Composition_7.jpg": (512, 740, 4),
    "grace_hopper.jpg": (606, 517, 2),
    "320px-Felis_catus-cat_on_snow.jpg": (213, 320, 0),
    "194px-New_East_River_Bridge_from_Brooklyn_det.4a09796u.jpg": (146, 194, 5),
}


def _picture(h, w, label, seed):
    def build(path):
        path.write_bytes(jpeg_bytes(photo(rng(seed), label, 6, h, w)))
    return build


def build_labels_txt(path):
    path.write_text("background\n" + "".join(f"class_{i}\n" for i in range(1000)))


def build_class_index(path):
    path.write_text(json.dumps({str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}))


STANDINS = {BASE + name: _picture(h, w, label, 60 + i) for i, (name, (h, w, label)) in enumerate(PICTURES.items())}
STANDINS["https://storage.googleapis.com/download.tensorflow.org/data/ImageNetLabels.txt"] = build_labels_txt
STANDINS["https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json"] = build_class_index
PINNED = {"https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json":
          "c2c37ea517e94d9795004a39431a14cb"}  # keras.applications' decode_predictions pins its md5
