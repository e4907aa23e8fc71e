"""Single-table CSVs: auto-mpg (regression), heart (pandas_dataframe), petfinder-mini (structured data),
ECG5000 (autoencoder anomalies), credit card fraud (imbalanced data), jena climate (time series)."""

import datetime
import io

import numpy as np

from conformance.data.standins._common import rng, write_zip

AUTO_MPG_URL = "http://archive.ics.uci.edu/ml/machine-learning-databases/auto-mpg/auto-mpg.data"
HEART_URL = "https://storage.googleapis.com/download.tensorflow.org/data/heart.csv"
PETFINDER_URL = "http://storage.googleapis.com/download.tensorflow.org/data/petfinder-mini.zip"
ECG_URL = "http://storage.googleapis.com/download.tensorflow.org/data/ecg.csv"
CREDITCARD_URL = "https://storage.googleapis.com/download.tensorflow.org/data/creditcard.csv"
JENA_URL = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/jena_climate_2009_2016.csv.zip"


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


def build_heart(path):
    r = rng(82)
    n = 303
    lines = ["age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,target"]
    for _ in range(n):
        age = int(r.integers(29, 78))
        sex = int(r.random() < 0.68)
        cp = int(r.integers(0, 5))
        thal = r.choice(["normal", "fixed", "reversible"], p=[0.55, 0.1, 0.35])
        thalach = int(200 - age * 0.9 + r.normal(0, 15))
        oldpeak = round(abs(r.normal(1, 1.1)), 1)
        ca = int(r.integers(0, 4))
        logit = -3 + 0.04 * (age - 30) + 0.8 * sex + 1.4 * (thal == "reversible") + 0.8 * oldpeak + 0.6 * ca - 0.5 * cp
        target = int(r.random() < 1 / (1 + np.exp(-logit)))
        lines.append(f"{age},{sex},{cp},{int(r.normal(130, 17))},{int(r.normal(246, 50))},{int(r.random() < 0.15)},"
                     f"{int(r.integers(0, 3))},{thalach},{int(r.random() < 0.33)},{oldpeak},{int(r.integers(1, 4))},"
                     f"{ca},{thal},{target}")
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


def build_jena(path):
    r = rng(86)
    n = 6 * 24 * 120  # 120 days of 10-minute records
    minutes = np.arange(n) * 10
    day = minutes / (60 * 24)
    temp = 8 + 9 * np.sin(2 * np.pi * (day - 100) / 365) + 5 * np.sin(2 * np.pi * (day % 1) - 2) + np.cumsum(
        r.normal(0, 0.05, n))
    pressure = 990 + np.cumsum(r.normal(0, 0.05, n)) * 0.5
    rh = np.clip(75 - 2 * (temp - 8) + r.normal(0, 5, n), 10, 100)
    vpmax = 6.1 * np.exp(17.6 * temp / (temp + 243))
    vpact = vpmax * rh / 100
    wv = np.abs(r.normal(2, 1.3, n))
    wv[[500, 9000]] = -9999.0
    maxwv = wv + np.abs(r.normal(1, 0.5, n))
    wd = r.uniform(0, 360, n)
    out = io.StringIO()
    out.write('"Date Time","p (mbar)","T (degC)","Tpot (K)","Tdew (degC)","rh (%)","VPmax (mbar)","VPact (mbar)",'
              '"VPdef (mbar)","sh (g/kg)","H2OC (mmol/mol)","rho (g/m**3)","wv (m/s)","max. wv (m/s)","wd (deg)"\n')
    for i in range(n):
        stamp = (datetime.datetime(2009, 1, 1) + datetime.timedelta(minutes=int(minutes[i]) + 10)).strftime(
            "%d.%m.%Y %H:%M:%S")
        t = temp[i]
        out.write(f"{stamp},{pressure[i]:.2f},{t:.2f},{t + 273.15 + 8:.2f},{t - (100 - rh[i]) / 5:.2f},{rh[i]:.1f},"
                  f"{vpmax[i]:.2f},{vpact[i]:.2f},{vpmax[i] - vpact[i]:.2f},{vpact[i] * 0.62:.2f},"
                  f"{vpact[i]:.2f},{1200 - 4 * t:.2f},{wv[i]:.2f},{maxwv[i]:.2f},{wd[i]:.1f}\n")
    write_zip(path, {"jena_climate_2009_2016.csv": out.getvalue()})


STANDINS = {AUTO_MPG_URL: build_auto_mpg, HEART_URL: build_heart, PETFINDER_URL: build_petfinder, ECG_URL: build_ecg,
            CREDITCARD_URL: build_creditcard, JENA_URL: build_jena}
