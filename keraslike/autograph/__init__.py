"""`tf.autograph`: functions run eagerly, so conversion controls are pass-throughs."""

from keraslike.autograph import experimental  # noqa: F401
