"""`keras.random`: sampling ops and `SeedGenerator` (see `random.py`)."""
