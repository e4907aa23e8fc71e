"""UCI census income tables, as keras-io's structured-data examples read them (``pandas.read_csv(url,
header=None)``).

- ``adult/adult.data`` and ``adult/adult.test`` (Adult): header-less CSV of 15 columns separated by ``", "``
  (age, workclass, fnlwgt, education, education_num, marital_status, occupation, relationship, race, sex,
  capital_gain, capital_loss, hours_per_week, native_country, income), missing categories written ``?``; the
  test file starts with the line ``|1x3 Cross validator`` and its labels end with a dot (`` <=50K.``).
- ``census-income-mld/census-income.{data,test}.gz`` (Census-Income KDD): gzip of a header-less CSV of 42
  columns separated by ``", "`` (7 numeric, 33 categorical of which 5 are integer codes, the float instance
  weight, the label `` - 50000.`` / `` 50000+.``), missing migration codes written ``?``.

The income class is drawn from a logistic function of education, age, marital status, occupation, hours (or
weeks) worked, sex and capital gains, so a small model learns it (test accuracy well above the majority rate),
and train and test come from one distribution. Every category value occurs in the training file, as the
programs build their vocabularies from it and look the test rows up with ``num_oov_indices=0``.
"""

import io

import numpy as np

from conformance.data.standins._common import rng, write_gz

ADULT = "https://archive.ics.uci.edu/ml/machine-learning-databases/adult/"
KDD = "https://archive.ics.uci.edu/ml/machine-learning-databases/census-income-mld/"
ADULT_ROWS = {"adult.data": 4000, "adult.test": 2000}
KDD_ROWS = {"census-income.data.gz": 4000, "census-income.test.gz": 2000}

EDUCATION = ["Preschool", "1st-4th", "5th-6th", "7th-8th", "9th", "10th", "11th", "12th", "HS-grad",
             "Some-college", "Assoc-voc", "Assoc-acdm", "Bachelors", "Masters", "Prof-school", "Doctorate"]
WORKCLASS = ["Private", "Self-emp-not-inc", "Self-emp-inc", "Federal-gov", "Local-gov", "State-gov",
             "Without-pay", "?"]
MARITAL = ["Married-civ-spouse", "Never-married", "Divorced", "Separated", "Widowed", "Married-spouse-absent",
           "Married-AF-spouse"]
OCCUPATION = ["Exec-managerial", "Prof-specialty", "Tech-support", "Sales", "Craft-repair", "Adm-clerical",
              "Machine-op-inspct", "Transport-moving", "Handlers-cleaners", "Farming-fishing", "Other-service",
              "Protective-serv", "Priv-house-serv", "Armed-Forces", "?"]
OCCUPATION_LIFT = [1.2, 1.1, 0.6, 0.4, 0.1, -0.2, -0.5, -0.3, -0.9, -0.8, -1.1, 0.3, -1.5, 0.0, -0.8]
RACE = ["White", "Black", "Asian-Pac-Islander", "Amer-Indian-Eskimo", "Other"]
COUNTRY = ["United-States", "Mexico", "Philippines", "Germany", "Canada", "India", "England", "Cuba", "China",
           "?"]


def _categories(r, n, values, p=None):
    """Indices into ``values``: the first ``len(values)`` rows take each value once (so every value occurs)."""
    idx = r.choice(len(values), n, p=p)
    idx[:len(values)] = np.arange(len(values))
    return idx


def _income(r, score):
    return r.random(len(score)) < 1 / (1 + np.exp(-score))


def _adult_rows(r, n):
    age = np.clip(r.normal(39, 13, n), 17, 90).astype(int)
    edu = _categories(r, n, EDUCATION, p=np.array([1, 2, 3, 6, 5, 9, 11, 4, 100, 70, 13, 10, 50, 17, 6, 4]) / 311)
    work = _categories(r, n, WORKCLASS, p=[0.69, 0.08, 0.035, 0.03, 0.065, 0.04, 0.005, 0.055])
    marital = _categories(r, n, MARITAL, p=[0.46, 0.33, 0.135, 0.03, 0.03, 0.013, 0.002])
    occ = _categories(r, n, OCCUPATION, p=np.array([12, 13, 3, 11, 12, 11, 6, 5, 4, 3, 10, 2, 1, 1, 6]) / 100)
    sex = np.where(marital == 0, r.random(n) < 0.88, r.random(n) < 0.5)  # True: Male
    relationship = np.where(marital == 0, np.where(sex, "Husband", "Wife"),
                            np.where(age < 25, "Own-child", r.choice(["Not-in-family", "Unmarried",
                                                                      "Other-relative"], n, p=[0.6, 0.3, 0.1])))
    relationship[:6] = ["Husband", "Wife", "Own-child", "Not-in-family", "Unmarried", "Other-relative"]
    race = _categories(r, n, RACE, p=[0.85, 0.096, 0.032, 0.01, 0.012])
    country = _categories(r, n, COUNTRY, p=[0.9, 0.02, 0.008, 0.006, 0.005, 0.004, 0.004, 0.004, 0.003, 0.046])
    hours = np.clip(r.normal(40, 12, n), 1, 99).astype(int)
    gain = np.where(r.random(n) < 0.08, r.choice([2174, 3103, 5178, 7688, 15024, 99999], n), 0)
    loss = np.where(r.random(n) < 0.05, r.choice([1485, 1672, 1887, 1977, 2415], n), 0)
    fnlwgt = r.integers(20000, 500000, n)
    score = (0.45 * (edu - 9) - 0.0025 * (age - 48) ** 2 + 1.8 * (marital == 0) + np.take(OCCUPATION_LIFT, occ)
             + 0.04 * (hours - 40) + 0.4 * sex + 2.5 * (gain > 5000) + 0.8 * (loss > 1800) - 1.6)
    rich = _income(r, score)
    rows = []
    for i in range(n):
        rows.append([age[i], WORKCLASS[work[i]], fnlwgt[i], EDUCATION[edu[i]], edu[i] + 1, MARITAL[marital[i]],
                     OCCUPATION[occ[i]], relationship[i], RACE[race[i]], "Male" if sex[i] else "Female", gain[i],
                     loss[i], hours[i], COUNTRY[country[i]], ">50K" if rich[i] else "<=50K"])
    return rows


def build_adult(name):
    def build(path):
        r = rng(1994 + (name == "adult.test"))
        out = io.StringIO()
        if name == "adult.test":
            out.write("|1x3 Cross validator\n")
        for row in _adult_rows(r, ADULT_ROWS[name]):
            if name == "adult.test":
                row[-1] += "."
            out.write(", ".join(str(v) for v in row) + "\n")
        out.write("\n")  # both originals end with an empty line
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write(out.getvalue())
    return build


KDD_EDUCATION = ["Children", "Less than 1st grade", "7th and 8th grade", "10th grade", "High school graduate",
                 "Some college but no degree", "Associates degree-occup /vocational", "Bachelors degree(BA AB BS)",
                 "Masters degree(MA MS MEng MEd MSW MBA)", "Prof school degree (MD DDS DVM LLB JD)",
                 "Doctorate degree(PhD EdD)"]
KDD_MARITAL = ["Never married", "Married-civilian spouse present", "Divorced", "Widowed", "Separated"]
KDD_OCCUPATION = ["Not in universe", "Executive admin and managerial", "Professional specialty", "Sales",
                  "Adm support including clerical", "Precision production craft & repair", "Other service",
                  "Handlers equip cleaners etc"]
KDD_OCCUPATION_LIFT = [-2.0, 1.5, 1.3, 0.4, -0.2, 0.1, -1.0, -1.2]
NOT_IN = "Not in universe"


def _kdd_rows(r, n):
    """The 42 columns of one KDD row each (strings and numbers, written with ``", "``)."""
    age = np.clip(r.normal(35, 20, n), 0, 90).astype(int)
    edu = _categories(r, n, KDD_EDUCATION, p=[0.1, 0.02, 0.05, 0.06, 0.3, 0.16, 0.05, 0.15, 0.06, 0.03, 0.02])
    edu = np.where(age < 15, 0, np.maximum(edu, 1) * (age >= 15))
    edu[:len(KDD_EDUCATION)] = np.arange(len(KDD_EDUCATION))
    marital = _categories(r, n, KDD_MARITAL, p=[0.4, 0.42, 0.09, 0.06, 0.03])
    occ = _categories(r, n, KDD_OCCUPATION, p=[0.45, 0.1, 0.1, 0.08, 0.1, 0.08, 0.06, 0.03])
    sex = r.random(n) < 0.48
    weeks = np.where(occ == 0, 0, r.integers(10, 53, n))
    wage = np.where(r.random(n) < 0.05, r.integers(300, 2500, n), 0)
    gains = np.where(r.random(n) < 0.04, r.choice([2000, 5000, 15000, 99999], n), 0)
    losses = np.where(r.random(n) < 0.02, r.choice([1500, 1900, 2400], n), 0)
    dividends = np.where(r.random(n) < 0.1, r.integers(1, 20000, n), 0)
    employers = np.where(occ == 0, 0, r.integers(1, 7, n))
    industry = np.where(occ == 0, 0, r.integers(1, 52, n))
    detailed_occ = np.where(occ == 0, 0, occ * 5 + r.integers(0, 5, n))
    industry[:52] = np.arange(52)
    detailed_occ[:40] = np.arange(40)
    score = (0.7 * (edu - 6) - 0.002 * (age - 50) ** 2 + 1.2 * (marital == 1) + np.take(KDD_OCCUPATION_LIFT, occ)
             + 0.05 * (weeks - 40) + 0.6 * sex + 2.5 * (gains > 4000) + 1.2 * (dividends > 10000) + 0.3)
    rich = _income(r, score)
    pick = lambda values, p=None: [values[i] for i in _categories(r, n, values, p)]  # noqa: E731
    race = pick(["White", "Black", "Asian or Pacific Islander", "Amer Indian Aleut or Eskimo", "Other"],
                [0.84, 0.1, 0.03, 0.01, 0.02])
    hispanic = pick(["All other", "Mexican-American", "Puerto Rican", "Do not know"], [0.9, 0.05, 0.03, 0.02])
    union = pick([NOT_IN, "No", "Yes"], [0.9, 0.08, 0.02])
    unemployment = pick([NOT_IN, "Job loser - on layoff", "Other job loser", "New entrant"], [0.97, 0.01, 0.01, 0.01])
    full_part = pick(["Children or Armed Forces", "Full-time schedules", "Not in labor force",
                      "PT for non-econ reasons usually PT"], [0.6, 0.2, 0.15, 0.05])
    tax = pick(["Nonfiler", "Joint both under 65", "Single", "Head of household"], [0.38, 0.33, 0.22, 0.07])
    region = pick([NOT_IN, "South", "West", "Midwest", "Northeast", "Abroad"],
                  [0.92, 0.025, 0.02, 0.015, 0.015, 0.005])
    state = pick([NOT_IN, "California", "Utah", "Florida", "North Carolina", "?"],
                 [0.92, 0.02, 0.015, 0.02, 0.015, 0.01])
    household = pick(["Householder", "Child <18 never marr not in subfamily", "Spouse of householder",
                      "Nonfamily householder", "Child 18+ never marr Not in a subfamily"],
                     [0.27, 0.25, 0.2, 0.11, 0.17])
    household_summary = pick(["Householder", "Child under 18 never married", "Spouse of householder",
                              "Child 18 or older", "Other relative of householder"], [0.38, 0.25, 0.2, 0.07, 0.1])
    weight = np.round(r.uniform(300, 4000, n), 2)
    msa = pick(["?", "Nonmover", "MSA to MSA", "NonMSA to nonMSA"], [0.5, 0.41, 0.06, 0.03])
    reg = pick(["?", "Nonmover", "Same county", "Different county same state"], [0.5, 0.41, 0.05, 0.04])
    within = pick(["?", "Nonmover", "Same county", "Different state in South"], [0.5, 0.41, 0.05, 0.04])
    house = pick(["Not in universe under 1 year old", "Yes", "No"], [0.5, 0.41, 0.09])
    sunbelt = pick(["?", NOT_IN, "No", "Yes"], [0.5, 0.42, 0.05, 0.03])
    under18 = pick([NOT_IN, "Both parents present", "Mother only present", "Father only present"],
                   [0.72, 0.2, 0.06, 0.02])
    countries = ["United-States", "Mexico", "?", "Puerto-Rico", "Germany", "Philippines"]
    cp = [0.8, 0.05, 0.08, 0.02, 0.02, 0.03]
    father, mother, self_ = pick(countries, cp), pick(countries, cp), pick(countries, cp)
    citizen = pick(["Native- Born in the United States", "Foreign born- Not a citizen of U S",
                    "Foreign born- U S citizen by naturalization"], [0.89, 0.07, 0.04])
    business = _categories(r, n, [0, 1, 2], [0.9, 0.03, 0.07])
    veteran_q = pick([NOT_IN, "No", "Yes"], [0.99, 0.008, 0.002])
    veteran_b = _categories(r, n, [0, 1, 2], [0.24, 0.01, 0.75])
    year = np.array([94, 95])[_categories(r, n, [0, 1])]
    rows = []
    for i in range(n):
        rows.append([
            age[i], "Private" if occ[i] else NOT_IN, industry[i], detailed_occ[i], KDD_EDUCATION[edu[i]], wage[i],
            NOT_IN, KDD_MARITAL[marital[i]], "Retail trade" if occ[i] else "Not in universe or children",
            KDD_OCCUPATION[occ[i]], race[i], hispanic[i], "Male" if sex[i] else "Female", union[i],
            unemployment[i], full_part[i], gains[i], losses[i], dividends[i], tax[i], region[i], state[i],
            household[i], household_summary[i], weight[i], msa[i], reg[i], within[i], house[i], sunbelt[i],
            employers[i], under18[i], father[i], mother[i], self_[i], citizen[i], business[i], veteran_q[i],
            veteran_b[i], weeks[i], year[i], "50000+." if rich[i] else "- 50000."])
    return rows


def build_kdd(name):
    def build(path):
        r = rng(1995 + (name == "census-income.test.gz"))
        text = "".join(", ".join(str(v) for v in row) + "\n" for row in _kdd_rows(r, KDD_ROWS[name]))
        write_gz(path, text.encode("ascii"))
    return build


STANDINS = {ADULT + name: build_adult(name) for name in ADULT_ROWS}
STANDINS.update({KDD + name: build_kdd(name) for name in KDD_ROWS})
