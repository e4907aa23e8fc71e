"""MovieLens "latest small" (``ml-latest-small.zip``: ``ml-latest-small/ratings.csv`` with
``userId,movieId,rating,timestamp``, ``movies.csv`` with ``movieId,title,genres``, plus ``tags.csv`` and
``links.csv``), as the keras-io collaborative-filtering example reads it.

Ratings come from a low-rank taste model: each user and each movie has a few latent factors and a bias, the
rating is their dot product plus the biases and noise, rounded to MovieLens's half-star scale in [0.5, 5].
Movie ids are sparse (as in MovieLens) and users rate a Zipf-skewed subset of the movies, so an embedding
model learns the ratings and its validation loss means something.
"""

import numpy as np

from conformance.data.standins._common import rng, write_zip

URL = "http://files.grouplens.org/datasets/movielens/ml-latest-small.zip"
USERS, MOVIES, RATINGS, FACTORS = 300, 900, 20000, 4
GENRES = ("Action", "Adventure", "Animation", "Children", "Comedy", "Crime", "Documentary", "Drama", "Fantasy",
          "Horror", "Musical", "Mystery", "Romance", "Sci-Fi", "Thriller", "War", "Western")


def _movies(r):
    ids = np.sort(r.choice(np.arange(1, 12 * MOVIES), MOVIES, replace=False))
    years = r.integers(1930, 2019, MOVIES)
    lines = ["movieId,title,genres"]
    for i, (movie_id, year) in enumerate(zip(ids, years)):
        genres = "|".join(sorted(r.choice(GENRES, int(r.integers(1, 4)), replace=False)))
        title = f"Movie {i:03d} ({year})"
        lines.append(f'{movie_id},"{title}",{genres}' if i % 7 == 0 else f"{movie_id},{title},{genres}")
    return ids, "\n".join(lines) + "\n"


def build(path):
    r = rng(2018)
    movie_ids, movies_csv = _movies(r)
    user_f = r.normal(0, 0.6, (USERS, FACTORS))
    movie_f = r.normal(0, 0.6, (MOVIES, FACTORS))
    user_b = r.normal(0, 0.4, USERS)
    movie_b = r.normal(0, 0.5, MOVIES)
    popularity = 1.0 / np.arange(1, MOVIES + 1) ** 0.8
    popularity = popularity[r.permutation(MOVIES)]
    popularity /= popularity.sum()
    pairs = set()
    users = r.integers(0, USERS, RATINGS * 2)
    movies = r.choice(MOVIES, RATINGS * 2, p=popularity)
    rows = []
    for u, m in zip(users, movies):
        if (u, m) in pairs:
            continue
        pairs.add((u, m))
        score = 3.5 + user_b[u] + movie_b[m] + user_f[u] @ movie_f[m] + r.normal(0, 0.3)
        rating = float(np.clip(np.round(score * 2) / 2, 0.5, 5.0))
        rows.append((u + 1, int(movie_ids[m]), rating, int(964982703 + r.integers(0, 7e8))))
        if len(rows) == RATINGS:
            break
    rows.sort(key=lambda row: (row[0], row[1]))
    ratings_csv = "userId,movieId,rating,timestamp\n" + "".join(f"{u},{m},{x:.1f},{t}\n" for u, m, x, t in rows)
    tags_csv = "userId,movieId,tag,timestamp\n" + "".join(
        f"{u},{m},tag{m % 13},{t}\n" for u, m, _, t in rows[::400])
    links_csv = "movieId,imdbId,tmdbId\n" + "".join(f"{m},{100000 + m:07d},{800 + m}\n" for m in movie_ids)
    write_zip(path, {
        "ml-latest-small/": b"",
        "ml-latest-small/README.txt": "Conformance stand-in of the MovieLens latest-small layout.\n",
        "ml-latest-small/links.csv": links_csv,
        "ml-latest-small/movies.csv": movies_csv,
        "ml-latest-small/ratings.csv": ratings_csv,
        "ml-latest-small/tags.csv": tags_csv,
    })


STANDINS = {URL: build}
