"""`tf.math.special`'s Bessel functions J0, J1, Y0, Y1, K0, K1 and their scaled forms, over torch.special
(tensorflow/python/ops/special_math_ops.py). Float inputs only (TypeError otherwise), results in the
input's dtype. The modified I-Bessel functions are `tf.math.bessel_i0/i0e/i1/i1e` (math_special.py).
"""

import torch

from keraslike._src.ops.math import _unary


bessel_j0 = _unary("tf.math.special.bessel_j0", torch.special.bessel_j0, "float", "Bessel function J0.")
bessel_j1 = _unary("tf.math.special.bessel_j1", torch.special.bessel_j1, "float", "Bessel function J1.")
bessel_y0 = _unary("tf.math.special.bessel_y0", torch.special.bessel_y0, "float", "Bessel function Y0.")
bessel_y1 = _unary("tf.math.special.bessel_y1", torch.special.bessel_y1, "float", "Bessel function Y1.")
bessel_k0 = _unary("tf.math.special.bessel_k0", torch.special.modified_bessel_k0, "float",
                   "modified Bessel function K0.")
bessel_k1 = _unary("tf.math.special.bessel_k1", torch.special.modified_bessel_k1, "float",
                   "modified Bessel function K1.")
bessel_k0e = _unary("tf.math.special.bessel_k0e", torch.special.scaled_modified_bessel_k0, "float",
                    "exponentially scaled bessel_k0.")
bessel_k1e = _unary("tf.math.special.bessel_k1e", torch.special.scaled_modified_bessel_k1, "float",
                    "exponentially scaled bessel_k1.")
