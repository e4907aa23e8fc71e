"""`tf.keras.datasets`: mnist, fashion_mnist, cifar10, cifar100, boston_housing, california_housing, imdb,
reuters (`.load_data()`)."""

from keraslike._src.keras.datasets import (  # noqa: F401
    boston_housing, california_housing, cifar10, cifar100, fashion_mnist, imdb, mnist, reuters,
)
