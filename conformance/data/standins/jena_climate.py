"""Jena climate record (``jena_climate_2009_2016.csv.zip``): 14 weather features every 10 minutes.

The zip holds ``jena_climate_2009_2016.csv`` with the original header and date format
(``01.01.2009 00:10:00``). The stand-in covers 12,000 rows (about 83 days): temperature follows a daily cycle,
a slow seasonal drift and autocorrelated weather noise; pressure, humidity, vapour pressures, density and
wind are derived from it with the usual physical relations plus noise, so the future temperature is
predictable from the past window, as in the real record.
"""

import io
import zipfile
from pathlib import Path

import numpy as np

URL = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/jena_climate_2009_2016.csv.zip"
ROWS = 12000
HEADER = ('"Date Time","p (mbar)","T (degC)","Tpot (K)","Tdew (degC)","rh (%)","VPmax (mbar)","VPact (mbar)",'
          '"VPdef (mbar)","sh (g/kg)","H2OC (mmol/mol)","rho (g/m**3)","wv (m/s)","max. wv (m/s)","wd (deg)"')


def _ar1(r: np.random.Generator, n: int, phi: float, scale: float) -> np.ndarray:
    out = np.empty(n)
    out[0] = 0.0
    eps = r.normal(0, scale, n)
    for i in range(1, n):
        out[i] = phi * out[i - 1] + eps[i]
    return out


def csv_text() -> str:
    r = np.random.default_rng(2009)
    t = np.arange(1, ROWS + 1)
    day = 2 * np.pi * t / 144.0
    temp = 2.0 + 6.0 * np.sin(day - 2.0) + 0.0008 * t + _ar1(r, ROWS, 0.995, 0.12)
    p = 990.0 + _ar1(r, ROWS, 0.999, 0.08) + 0.2 * np.sin(day)
    vpmax = 6.1078 * np.exp(17.27 * temp / (temp + 237.3))
    rh = np.clip(80.0 - 2.0 * (temp - temp.mean()) + _ar1(r, ROWS, 0.99, 0.5), 15, 100)
    vpact = vpmax * rh / 100.0
    vpdef = vpmax - vpact
    tdew = 237.3 * np.log(vpact / 6.1078) / (17.27 - np.log(vpact / 6.1078))
    sh = 622.0 * vpact / (p - 0.378 * vpact)
    h2oc = 1000.0 * vpact / p
    tpot = temp + 273.15 + 0.1 * (1000 - p) / 10
    rho = 100.0 * p / (287.05 * (temp + 273.15)) * 1000
    wv = np.abs(2.0 + _ar1(r, ROWS, 0.97, 0.3))
    maxwv = wv * r.uniform(1.2, 2.0, ROWS)
    wd = np.mod(180 + np.cumsum(r.normal(0, 3, ROWS)), 360)
    start = np.datetime64("2009-01-01T00:00")
    lines = [HEADER]
    for i in range(ROWS):
        stamp = (start + np.timedelta64(10 * int(t[i]), "m")).astype(object)
        cols = [p[i], temp[i], tpot[i], tdew[i], rh[i], vpmax[i], vpact[i], vpdef[i], sh[i], h2oc[i], rho[i],
                wv[i], maxwv[i], wd[i]]
        lines.append(stamp.strftime("%d.%m.%Y %H:%M:%S") + "," + ",".join(f"{v:.2f}" for v in cols))
    return "\n".join(lines) + "\n"


def build(path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        info = zipfile.ZipInfo("jena_climate_2009_2016.csv", date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        z.writestr(info, csv_text())
    path.write_bytes(buf.getvalue())


STANDINS = {URL: build}
