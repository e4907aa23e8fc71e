"""Single-table CSVs: auto-mpg (regression), petfinder-mini (structured data), ECG5000 (autoencoder anomalies),
credit card fraud (imbalanced data). heart.csv and jena climate: heart_csv.py, jena_climate.py."""

import io

import numpy as np

from conformance.data.standins._common import rng, write_zip

AUTO_MPG_URL = "http://archive.ics.uci.edu/ml/machine-learning-databases/auto-mpg/auto-mpg.data"
PETFINDER_URL = "http://storage.googleapis.com/download.tensorflow.org/data/petfinder-mini.zip"
ECG_URL = "http://storage.googleapis.com/download.tensorflow.org/data/ecg.csv"
CREDITCARD_URL = "https://storage.googleapis.com/download.tensorflow.org/data/creditcard.csv"


def build_auto_mpg(path):
    r = rng(81)
    lines = []
    for i in range(398):
        cyl = int(r.choice([4, 6, 8], p=[0.5, 0.22, 0.28]))
        disp = cyl * 30 + r.normal(0, 15)
        hp = cyl * 14 + r.normal(0, 10)
        weight = 1200 + cyl * 320 + r.normal(0, 200)
        acc = 20 - cyl * 0.7 + r.normal(0, 1.5)
        year = int(r.integers(70, 83))
        origin = int(r.choice([1, 2, 3], p=[0.62, 0.18, 0.2]))
        mpg = 46 - weight * 0.0065 + (year - 70) * 0.75 + 1.2 * (origin != 1) + r.normal(0, 2)
        horsepower = "?" if i % 66 == 5 else f"{hp:.1f}"
        lines.append(f"{mpg:<7.1f}{cyl:<4d}{disp:<11.1f}{horsepower:<11s}{weight:<11.1f}{acc:<11.1f}{year:<3d}"
                     f"{origin}\t\"car {i}\"")
    path.write_text("\n".join(lines) + "\n")


def build_petfinder(path):
    r = rng(83)
    header = ("Type,Age,Breed1,Gender,Color1,Color2,MaturitySize,FurLength,Vaccinated,Sterilized,Health,Fee,"
              "Description,PhotoAmt,AdoptionSpeed")
    lines = [header]
    breeds = ["Tabby", "Domestic Short Hair", "Mixed Breed", "Labrador Retriever", "Poodle", "Siamese", "Persian"]
    colours = ["Black", "Brown", "Golden", "Yellow", "Cream", "Gray", "White"]
    for _ in range(2000):
        kind = r.choice(["Cat", "Dog"])
        age = int(r.integers(1, 120))
        fee = int(r.choice([0, 0, 0, 50, 100, 200]))
        photos = int(r.integers(0, 12))
        vacc = r.choice(["Yes", "No", "Not Sure"])
        logit = 1.2 - 0.02 * age + 0.15 * photos - 0.005 * fee + 0.4 * (vacc == "Yes")
        speed = 4 if r.random() > 1 / (1 + np.exp(-logit)) else int(r.integers(0, 4))
        lines.append(",".join([kind, str(age), r.choice(breeds), r.choice(["Male", "Female"]), r.choice(colours),
                               r.choice(colours + ["No Color"]), r.choice(["Small", "Medium", "Large"]),
                               r.choice(["Short", "Medium", "Long"]), vacc, r.choice(["Yes", "No", "Not Sure"]),
                               r.choice(["Healthy", "Minor Injury"]), str(fee), '"a nice pet, adopt me"',
                               str(photos), str(speed)]))
    write_zip(path, {"petfinder-mini/": b"", "petfinder-mini/petfinder-mini.csv": "\n".join(lines) + "\n"})


def build_ecg(path):
    r = rng(84)
    t = np.linspace(0, 1, 140)
    out = io.StringIO()
    for _ in range(1000):
        normal = r.random() < 0.58
        beat = np.exp(-((t - 0.3) / 0.03) ** 2) * 3 - np.exp(-((t - 0.36) / 0.03) ** 2) + 0.5 * np.sin(6 * t)
        if not normal:
            beat = beat * 0.6 + 0.8 * np.sin(11 * t + r.uniform(0, 3))
        beat = beat + r.normal(0, 0.15, 140) - 0.5
        out.write(",".join(f"{v:.6f}" for v in beat) + f",{1.0 if normal else 0.0:.1f}\n")
    path.write_text(out.getvalue())


def build_creditcard(path):
    r = rng(85)
    n = 10000
    fraud = r.random(n) < 0.02
    v = r.normal(0, 1, size=(n, 28))
    v[fraud, :5] += r.normal(-2.5, 1, size=(int(fraud.sum()), 5))
    amount = np.abs(r.lognormal(3, 1.3, n))
    time = np.sort(r.uniform(0, 172792, n))
    out = io.StringIO()
    out.write('"Time",' + ",".join(f'"V{i}"' for i in range(1, 29)) + ',"Amount","Class"\n')
    for i in range(n):
        out.write(f"{time[i]:.0f}," + ",".join(f"{x:.6f}" for x in v[i]) + f",{amount[i]:.2f},\"{int(fraud[i])}\"\n")
    path.write_text(out.getvalue())


STANDINS = {AUTO_MPG_URL: build_auto_mpg, PETFINDER_URL: build_petfinder, ECG_URL: build_ecg,
            CREDITCARD_URL: build_creditcard}
