"""MovieLens 1M (``ml-1m.zip``: ``ml-1m/ratings.dat`` as ``UserID::MovieID::Rating::Timestamp`` with whole-star
ratings 1-5, ``users.dat`` as ``UserID::Gender::Age::Occupation::Zip-code``, ``movies.dat`` as
``MovieID::Title::Genres``, latin-1), as keras-io's memory-efficient-embeddings recipe reads it.

Ratings come from a low-rank taste model (latent factors and biases per user and movie, plus noise), rounded to
whole stars. Every movie is rated at least once and popularity is Zipf-skewed, so the frequency-sorted movie
list has the long tail the recipe splits into blocks (its blocks start at the 400th and 1700th movie). 3,000
users, so the recipe's quotient-remainder user embedding (users // 50 buckets) keeps every quotient below its
bucket count, as the real 6,040 users do.
"""

import numpy as np

from conformance.data.standins._common import rng, write_zip

URL = "http://files.grouplens.org/datasets/movielens/ml-1m.zip"
USERS, MOVIES, RATINGS, FACTORS = 3000, 2400, 30000, 4
GENRES = ("Action", "Adventure", "Animation", "Children's", "Comedy", "Crime", "Documentary", "Drama", "Fantasy",
          "Film-Noir", "Horror", "Musical", "Mystery", "Romance", "Sci-Fi", "Thriller", "War", "Western")
AGES = (1, 18, 25, 35, 45, 50, 56)


def _pairs(r):
    """(user, movie) index pairs: one rating for every movie, the rest drawn with Zipf popularity."""
    popularity = 1.0 / np.arange(1, MOVIES + 1) ** 0.9
    popularity = popularity[r.permutation(MOVIES)]
    popularity /= popularity.sum()
    pairs = {(int(u), m) for m, u in enumerate(r.integers(0, USERS, MOVIES))}
    users = r.integers(0, USERS, RATINGS * 2)
    movies = r.choice(MOVIES, RATINGS * 2, p=popularity)
    for u, m in zip(users, movies):
        if len(pairs) == RATINGS:
            break
        pairs.add((int(u), int(m)))
    return sorted(pairs)


def build(path):
    r = rng(2003)
    movie_ids = np.sort(r.choice(np.arange(1, 4000), MOVIES, replace=False))
    user_f = r.normal(0, 0.6, (USERS, FACTORS))
    movie_f = r.normal(0, 0.6, (MOVIES, FACTORS))
    user_b = r.normal(0, 0.4, USERS)
    movie_b = r.normal(0, 0.5, MOVIES)
    lines = []
    for u, m in _pairs(r):
        score = 3.4 + user_b[u] + movie_b[m] + user_f[u] @ movie_f[m] + r.normal(0, 0.4)
        rating = int(np.clip(np.round(score), 1, 5))
        lines.append(f"{u + 1}::{movie_ids[m]}::{rating}::{956703932 + int(r.integers(0, 9e7))}\n")
    users = "".join(f"{u + 1}::{'MF'[int(r.integers(0, 2))]}::{AGES[int(r.integers(0, 7))]}::{int(r.integers(0, 21))}"
                    f"::{int(r.integers(10000, 99999))}\n" for u in range(USERS))
    movies = "".join(f"{mid}::Movie {i:04d} ({int(r.integers(1919, 2001))})::"
                     f"{'|'.join(sorted(r.choice(GENRES, int(r.integers(1, 4)), replace=False)))}\n"
                     for i, mid in enumerate(movie_ids))
    write_zip(path, {
        "ml-1m/": b"",
        "ml-1m/README": "Conformance stand-in of the MovieLens 1M layout.\n",
        "ml-1m/movies.dat": movies.encode("latin-1"),
        "ml-1m/ratings.dat": "".join(lines),
        "ml-1m/users.dat": users,
    })


STANDINS = {URL: build}
