"""`tf.compat.v1.gfile` (TF1's `tf.gfile`): TF1's CamelCase names for `tf.io.gfile`'s functions."""

from keraslike._src.io.gfile import GFile, Open  # noqa: F401
from keraslike._src.io.gfile import copy as Copy  # noqa: F401,N812
from keraslike._src.io.gfile import exists as Exists  # noqa: F401,N812
from keraslike._src.io.gfile import glob as Glob  # noqa: F401,N812
from keraslike._src.io.gfile import isdir as IsDirectory  # noqa: F401,N812
from keraslike._src.io.gfile import listdir as ListDirectory  # noqa: F401,N812
from keraslike._src.io.gfile import makedirs as MakeDirs  # noqa: F401,N812
from keraslike._src.io.gfile import mkdir as MkDir  # noqa: F401,N812
from keraslike._src.io.gfile import remove as Remove  # noqa: F401,N812
from keraslike._src.io.gfile import rename as Rename  # noqa: F401,N812
from keraslike._src.io.gfile import rmtree as DeleteRecursively  # noqa: F401,N812
from keraslike._src.io.gfile import stat as Stat  # noqa: F401,N812
from keraslike._src.io.gfile import walk as Walk  # noqa: F401,N812

FastGFile = GFile
