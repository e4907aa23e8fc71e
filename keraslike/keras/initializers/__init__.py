"""`tf.keras.initializers`.

The names are listed one by one: only what Keras publishes here is public (tests/test_public_face.py).
"""

from keraslike._src.keras.initializers import (
    Constant, deserialize, get, GlorotNormal, GlorotUniform, HeNormal, HeUniform, Identity, Initializer, LecunNormal,
    LecunUniform, Ones, Orthogonal, RandomNormal, RandomUniform, serialize, STFT, TruncatedNormal, VarianceScaling,
    Zeros,
)

# Keras 3's snake-case aliases (keras.initializers.random_normal is RandomNormal) and long names
zeros = Zeros
ones = Ones
constant = Constant
random_uniform = RandomUniform
random_normal = RandomNormal
truncated_normal = TruncatedNormal
variance_scaling = VarianceScaling
glorot_uniform = GlorotUniform
glorot_normal = GlorotNormal
he_uniform = HeUniform
he_normal = HeNormal
lecun_uniform = LecunUniform
lecun_normal = LecunNormal
orthogonal = Orthogonal
identity = Identity
stft = STFT
STFTInitializer = STFT
IdentityInitializer = Identity
OrthogonalInitializer = Orthogonal
