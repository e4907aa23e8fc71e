"""The large random draws of tests/golden/make_large_random_draws_golden.py (TF 2.21) and tests/ops/
test_large_random_draws.py (keraslike), and the summary both keep of a draw."""

import numpy as np

PIECE_BLOCKS = 1 << 15  # Philox blocks per piece of keraslike's large draws (philox._CHUNK)

# {name: (kind, shape, dtype, seed)}; sizes span 2-3 pieces and end inside one (values per block: 4 for float32
# uniforms and normals, 2 for float64; truncated normals take groups of 4 values (2 for float64) per 256 blocks).
CASES = {
    "stateless_uniform_f32": ("stateless_uniform", [300_001], "float32", [3, 7]),
    "stateless_uniform_f64": ("stateless_uniform", [3, 50_001], "float64", [-5, 11]),
    "stateless_uniform_f16": ("stateless_uniform", [300_001], "float16", [1, 2]),
    "stateless_normal_f32": ("stateless_normal", [300_001], "float32", [3, 7]),
    "stateless_normal_f64": ("stateless_normal", [150_001], "float64", [8, 9]),
    "stateless_truncated_normal_f32": ("stateless_truncated_normal", [300_001], "float32", [3, 7]),
    "stateless_truncated_normal_f64": ("stateless_truncated_normal", [150_001], "float64", [2, 4]),
    "generator_uniform_f32": ("generator_uniform", [300_001], "float32", 1234),
    "generator_normal_f32": ("generator_normal", [300_001], "float32", 1234),
    "generator_truncated_normal_f32": ("generator_truncated_normal", [300_001], "float32", 99),
    "glorot_uniform": ("glorot_uniform", [600, 501], "float32", 5),
    "he_normal": ("he_normal", [3, 3, 256, 130], "float32", 6),
}


def boundary_indices(size, per_piece):
    """Flat indices either side of each piece boundary, and the first and last values."""
    found = {0, 1, size - 2, size - 1}
    for edge in range(per_piece, size, per_piece):
        found.update(i for i in (edge - 2, edge - 1, edge, edge + 1) if 0 <= i < size)
    return np.array(sorted(found), dtype=np.int64)


def values_per_piece(dtype):
    """Values a piece holds: `PIECE_BLOCKS` blocks of 4 values (2 for float64); for truncated normals as many
    groups, of 4 values (2 for float64)."""
    return PIECE_BLOCKS * (2 if dtype == "float64" else 4)


def summary(name, values):
    """{f"{name}/key": array} of a draw: its values at the boundary indices, sum and sum of squares (float64)."""
    dtype = CASES[name][2]
    flat = np.asarray(values).reshape(-1)
    index = boundary_indices(flat.size, values_per_piece(dtype))
    wide = flat.astype(np.float64)
    return {f"{name}/index": index, f"{name}/at": flat[index].astype(np.float64),
            f"{name}/sum": np.array([wide.sum(), (wide * wide).sum()])}


def draw(name, tf, keras):
    """Case `name` drawn with `tf` and `keras` (real TF or keraslike)."""
    kind, shape, dtype, seed = CASES[name]
    if kind == "stateless_uniform":
        return tf.random.stateless_uniform(shape, seed, minval=-0.5, maxval=2.0, dtype=dtype)
    if kind == "stateless_normal":
        return tf.random.stateless_normal(shape, seed, dtype=dtype)
    if kind == "stateless_truncated_normal":
        return tf.random.stateless_truncated_normal(shape, seed, dtype=dtype)
    if kind == "generator_uniform":
        return tf.random.Generator.from_seed(seed).uniform(shape, dtype=dtype)
    if kind == "generator_normal":
        return tf.random.Generator.from_seed(seed).normal(shape, dtype=dtype)
    if kind == "generator_truncated_normal":
        return tf.random.Generator.from_seed(seed).truncated_normal(shape, dtype=dtype)
    if kind == "glorot_uniform":
        return keras.initializers.GlorotUniform(seed=seed)(shape, dtype=dtype)
    if kind == "he_normal":
        return keras.initializers.HeNormal(seed=seed)(shape, dtype=dtype)
    raise ValueError(kind)

