"""The CSV files of load_data/csv: abalone, titanic (train/eval; also feature columns tutorials), the metro
traffic volume (csv.gz) and the fonts archive (one CSV per font, 20x20 glyph pixels)."""

import gzip
import io

import numpy as np

from conformance.data.standins._common import rng, write_zip

ABALONE_URL = "https://storage.googleapis.com/download.tensorflow.org/data/abalone_train.csv"
TITANIC_TRAIN_URL = "https://storage.googleapis.com/tf-datasets/titanic/train.csv"
TITANIC_EVAL_URL = "https://storage.googleapis.com/tf-datasets/titanic/eval.csv"
TRAFFIC_URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/00492/Metro_Interstate_Traffic_Volume.csv.gz"
FONTS_URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/00417/fonts.zip"


def build_abalone(path):
    r = rng(71)
    n = 3320
    age = r.integers(3, 24, size=n)
    length = np.clip(0.2 + age * 0.022 + r.normal(0, 0.05, n), 0.07, 0.8)
    diameter = length * 0.78 + r.normal(0, 0.01, n)
    height = length * 0.27 + r.normal(0, 0.01, n)
    whole = length ** 3 * 2.2 + r.normal(0, 0.03, n)
    shucked, viscera, shell = whole * 0.43, whole * 0.22, whole * 0.29 + age * 0.005
    rows = np.column_stack([length, diameter, height, np.abs(whole), np.abs(shucked), np.abs(viscera),
                            np.abs(shell)])
    lines = [",".join(f"{v:.3f}" for v in row) + f",{a}" for row, a in zip(rows, age)]
    path.write_text("\n".join(lines) + "\n")


def _titanic(seed, n):
    r = rng(seed)
    sex = r.choice(["male", "female"], size=n, p=[0.64, 0.36])
    klass = r.choice(["Third", "First", "Second"], size=n, p=[0.55, 0.24, 0.21])
    age = np.clip(np.round(r.normal(29, 13, n)), 1, 80)
    sib = r.choice([0, 1, 2, 3, 4], size=n, p=[0.68, 0.23, 0.04, 0.03, 0.02])
    parch = r.choice([0, 1, 2, 3], size=n, p=[0.76, 0.13, 0.09, 0.02])
    fare = np.round(np.where(klass == "First", 80, np.where(klass == "Second", 20, 10)) * r.uniform(0.5, 1.8, n), 4)
    deck = np.where(klass == "First", r.choice(["A", "B", "C", "D", "E"], size=n), "unknown")
    town = r.choice(["Southampton", "Cherbourg", "Queenstown", "unknown"], size=n, p=[0.72, 0.19, 0.08, 0.01])
    alone = np.where((sib + parch) == 0, "y", "n")
    logit = -1.0 + 2.4 * (sex == "female") + 1.0 * (klass == "First") + 0.4 * (klass == "Second") - 0.02 * (age - 30)
    survived = (r.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    header = "survived,sex,age,n_siblings_spouses,parch,fare,class,deck,embark_town,alone"
    lines = [header] + [f"{s},{x},{a:.1f},{b},{p},{f:.4f},{k},{d},{t},{al}" for s, x, a, b, p, f, k, d, t, al in
                        zip(survived, sex, age, sib, parch, fare, klass, deck, town, alone)]
    return "\n".join(lines) + "\n"


def build_titanic_train(path):
    path.write_text(_titanic(72, 627))


def build_titanic_eval(path):
    path.write_text(_titanic(73, 264))


def build_traffic(path):
    r = rng(74)
    n = 4800
    hours = np.arange(n)
    header = "holiday,temp,rain_1h,snow_1h,clouds_all,weather_main,weather_description,date_time,traffic_volume"
    lines = [header]
    for h in hours:
        day, hour = divmod(int(h), 24)
        temp = 280 + 10 * np.sin(day / 58) + 4 * np.sin(hour / 3.8) + r.normal(0, 1)
        weather = ["Clouds", "Clear", "Rain", "Mist", "Snow"][int(r.integers(0, 5))]
        volume = int(max(0, 3200 + 2500 * np.sin((hour - 6) / 24 * 2 * np.pi) - 200 * (weather == "Snow")
                         + r.normal(0, 300)))
        stamp = f"2013-{1 + day // 31 % 12:02d}-{1 + day % 28:02d} {hour:02d}:00:00"
        lines.append(f"None,{temp:.2f},{max(0.0, r.normal(0, 0.3)):.2f},0.0,{int(r.integers(0, 100))},{weather},"
                     f"{weather.lower()} here,{stamp},{volume}")
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=1577836800) as f:
        f.write(("\n".join(lines) + "\n").encode())


def build_fonts(path):
    r = rng(75)
    header = ["font", "fontVariant", "m_label", "strength", "italic", "orientation", "m_top", "m_left",
              "originalH", "originalW", "h", "w"] + [f"r{i}c{j}" for i in range(20) for j in range(20)]
    files = {}
    for font in ["AGENCY", "ARIAL", "BAITI", "BANKGOTHIC", "BASKERVILLE", "BAUHAUS", "BELL", "BERLIN"]:
        out = io.StringIO()
        out.write(",".join(header) + "\n")
        for _ in range(120):
            label = int(r.integers(33, 127))
            pixels = np.clip(r.normal(label, 60, 400), 0, 255).astype(int)
            meta = [font, font, label, 0.4, 0, 0.0, int(r.integers(0, 60)), int(r.integers(0, 60)),
                    int(r.integers(10, 60)), int(r.integers(10, 60)), 20, 20]
            out.write(",".join(str(v) for v in meta + list(pixels)) + "\n")
        files[f"{font}.csv"] = out.getvalue()
    write_zip(path, files)


STANDINS = {ABALONE_URL: build_abalone, TITANIC_TRAIN_URL: build_titanic_train, TITANIC_EVAL_URL: build_titanic_eval,
            TRAFFIC_URL: build_traffic, FONTS_URL: build_fonts}
