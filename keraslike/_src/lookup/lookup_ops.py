"""`tf.lookup`: static and mutable hash tables from keys (strings or integers) to values.

Mirrors `tensorflow/python/ops/lookup_ops.py` (`KeyValueTensorInitializer`, `TextFileInitializer`,
`TextFileIndex`, `StaticHashTable`, `StaticVocabularyTable`, `MutableHashTable`) and
`DenseHashTable`. Tables live on the host as Python dicts (string keys are `bytes`); `lookup` takes a
tensor, `StringTensor` or RaggedTensor of keys of the table's key dtype and returns values of its
value dtype with the same shape (ragged inputs keep their row partitions). Out-of-vocabulary keys of a
`StaticVocabularyTable` go to `vocab_size + Fingerprint64(key) % num_oov_buckets`, integer keys being
hashed as their decimal strings, as TF does. `export()` lists entries in insertion order (TF's order is
its hash map's).

Example:
    >>> init = tf.lookup.KeyValueTensorInitializer(["apple", "banana"], tf.constant([0, 1], tf.int64))
    >>> table = tf.lookup.StaticHashTable(init, default_value=-1)
    >>> table.lookup(tf.constant(["banana", "kiwi"]))      # int64 [1 -1]
"""

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.io import gfile
from keraslike._src.ops import dtypes, string_hash
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ragged.ragged_tensor import RaggedTensor


def _dtype_name(dtype):
    return f"<dtype: '{dtypes.dtype_name(dtype)}'>"


def _as_keys(values, dtype, arg_name):
    """A flat Python list of keys (bytes or ints) of `dtype` from a tensor-like, and its shape."""
    if dtype is dtypes.string:
        if isinstance(values, torch.Tensor):
            raise TypeError(f"Dtype of argument `{arg_name}` must be {_dtype_name(dtype)}, received: "
                            f"{_dtype_name(values.dtype)}")
        array = as_string_array(values)
        return array.reshape(-1).tolist(), array.shape
    if isinstance(values, StringTensor):
        raise TypeError(f"Dtype of argument `{arg_name}` must be {_dtype_name(dtype)}, received: <dtype: 'string'>")
    t = values if isinstance(values, torch.Tensor) else convert_to_tensor(values, dtype=dtype)
    if t.dtype != dtype:
        raise TypeError(f"Dtype of argument `{arg_name}` must be {_dtype_name(dtype)}, received: "
                        f"{_dtype_name(t.dtype)}")
    return t.detach().cpu().reshape(-1).tolist(), tuple(t.shape)


def _values_tensor(flat, shape, dtype):
    if dtype is dtypes.string:
        out = np.asarray(list(flat) + [None], dtype=object)[:-1]
        return StringTensor.from_bytes_array(out.reshape(shape))
    return torch.tensor(list(flat), dtype=dtype).reshape(shape)


def _tensor_dtype(value, given, arg_name):
    if given is not None:
        return dtypes.as_dtype(given)
    if isinstance(value, (torch.Tensor, StringTensor)):
        return value.dtype
    return convert_to_tensor(value).dtype


class KeyValueTensorInitializer:
    """`tf.lookup.KeyValueTensorInitializer(keys, values, key_dtype=None, value_dtype=None)`: a table's entries.

    Args:
        keys: 1-D keys (strings or integers). values: 1-D values, as many as `keys`.
        key_dtype, value_dtype: optional dtypes (default: the tensors' own; Python ints are int32).

    Raises:
        ValueError: if `keys` and `values` differ in length.
    """

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        self._key_dtype = _tensor_dtype(keys, key_dtype, "keys")
        self._value_dtype = _tensor_dtype(values, value_dtype, "values")
        self._keys, key_shape = _as_keys(keys, self._key_dtype, "keys")
        self._values, value_shape = _as_keys(values, self._value_dtype, "values")
        if len(self._keys) != len(self._values):
            raise ValueError(f"Expected as many keys as values. Received: {len(self._keys)} keys and "
                             f"{len(self._values)} values")
        self._name = name

    @property
    def key_dtype(self):
        """The dtype of the keys."""
        return self._key_dtype

    @property
    def value_dtype(self):
        """The dtype of the values."""
        return self._value_dtype

    def entries(self):
        """The (key, value) pairs, in order."""
        return list(zip(self._keys, self._values))


class TextFileIndex:
    """`tf.lookup.TextFileIndex`: which part of a line is a key or value: the whole line or its number."""

    WHOLE_LINE = -2
    LINE_NUMBER = -1


class TextFileInitializer:
    """`tf.lookup.TextFileInitializer`: a table's entries read from a text file, one per line.

    Args:
        filename: path of a text file (UTF-8; `\\n` line ends).
        key_dtype, value_dtype: the dtypes (`tf.string` or an integer/float dtype).
        key_index, value_index: `TextFileIndex.WHOLE_LINE` (-2), `TextFileIndex.LINE_NUMBER` (-1), or the
            0-based column after splitting the line on `delimiter`.
        vocab_size: read only this many lines (default all).
        delimiter: column separator (default tab).
        value_index_offset: added to line numbers used as values.

    Raises:
        ValueError: for an index below -2, a LINE_NUMBER key/value of a non-integer dtype, or a
            WHOLE_LINE value of a non-string dtype.
        errors.NotFoundError: (when the table is built) if the file does not exist.
        errors.InvalidArgumentError: if a line lacks a column or a column does not parse as its dtype.
    """

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index, vocab_size=None, delimiter="\t",
                 name=None, value_index_offset=0):
        self._filename = filename.decode() if isinstance(filename, bytes) else str(
            filename.numpy().decode() if isinstance(filename, StringTensor) else filename)
        self._key_dtype, self._value_dtype = dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype)
        for index, dtype, arg in ((key_index, self._key_dtype, "key_index"),
                                  (value_index, self._value_dtype, "value_index")):
            if index < -2:
                raise ValueError(f"Invalid {arg} {index}. Received: {arg}={index}")
            if index == TextFileIndex.LINE_NUMBER and dtype not in (torch.int32, torch.int64):
                raise ValueError(f"`{arg}` is LINE_NUMBER, so its dtype must be integer. Received: dtype={dtype}")
            if index == TextFileIndex.WHOLE_LINE and dtype is not dtypes.string and not (
                    dtype.is_floating_point or dtype in (torch.int32, torch.int64)):
                raise ValueError(f"`{arg}` is WHOLE_LINE and its dtype cannot be parsed. Received: dtype={dtype}")
        self._key_index, self._value_index = int(key_index), int(value_index)
        self._vocab_size = None if vocab_size is None else int(vocab_size)
        if self._vocab_size is not None and self._vocab_size <= 0:
            raise ValueError(f"Invalid vocab_size {vocab_size}. Received: vocab_size={vocab_size}")
        self._delimiter = delimiter
        self._offset = int(value_index_offset)
        self._name = name

    @property
    def key_dtype(self):
        """The dtype of the keys."""
        return self._key_dtype

    @property
    def value_dtype(self):
        """The dtype of the values."""
        return self._value_dtype

    def _field(self, line, number, index, dtype, offset=0):
        if index == TextFileIndex.LINE_NUMBER:
            return number + offset
        text = line if index == TextFileIndex.WHOLE_LINE else None
        if text is None:
            columns = line.split(self._delimiter) if self._delimiter else line.split()
            if index >= len(columns):
                raise errors.InvalidArgumentError(f"Invalid number of columns in {self._filename} line {number} "
                                                  f"({line!r}): expected more than {index}. Received: index={index}")
            text = columns[index]
        if dtype is dtypes.string:
            return text.encode("utf-8")
        try:
            return float(text) if dtype.is_floating_point else int(text)
        except ValueError:
            raise errors.InvalidArgumentError(f"Field {text!r} in {self._filename} line {number} is not a valid "
                                              f"{dtypes.dtype_name(dtype)}. Received: line={line!r}") from None

    def entries(self):
        """The (key, value) pairs of the file, in line order.

        Raises:
            errors.NotFoundError: if the file does not exist.
        """
        if not gfile.exists(self._filename):
            raise errors.NotFoundError(None, None, f"{self._filename}; No such file or directory")
        out = []
        with gfile.GFile(self._filename, "r") as handle:
            for number, line in enumerate(handle):
                if self._vocab_size is not None and number >= self._vocab_size:
                    break
                line = line.rstrip("\n").rstrip("\r")
                out.append((self._field(line, number, self._key_index, self._key_dtype),
                            self._field(line, number, self._value_index, self._value_dtype, self._offset)))
        if self._vocab_size is not None and len(out) < self._vocab_size:
            raise errors.InvalidArgumentError(f"Invalid vocab_size in {self._filename}: expected {self._vocab_size} "
                                              f"lines, found {len(out)}. Received: vocab_size={self._vocab_size}")
        return out


def _key_list(keys, key_dtype):
    if isinstance(keys, RaggedTensor):
        return _key_list(keys.flat_values, key_dtype)
    return _as_keys(keys, key_dtype, "keys")


def _reshape_like(keys, flat_values, value_dtype, shape):
    values = _values_tensor(flat_values, shape, value_dtype)
    return keys.with_flat_values(values) if isinstance(keys, RaggedTensor) else values


class _HashTable:
    """Shared lookup/size/export over a dict of keys -> values."""

    def __init__(self, key_dtype, value_dtype, default_value, name):
        self._key_dtype, self._value_dtype = key_dtype, value_dtype
        self._default = self._scalar(default_value, "default_value")
        self._table = {}
        self._name = name

    def _scalar(self, value, arg_name):
        flat, shape = _as_keys(value, self._value_dtype, arg_name)
        if shape not in ((), (1,)):
            raise ValueError(f"Expected a scalar `{arg_name}`. Received: {arg_name} with shape={list(shape)}")
        return flat[0]

    @property
    def key_dtype(self):
        """The dtype of the keys."""
        return self._key_dtype

    @property
    def value_dtype(self):
        """The dtype of the values."""
        return self._value_dtype

    @property
    def default_value(self):
        """The value for missing keys, as a scalar tensor."""
        return _values_tensor([self._default], (), self._value_dtype)

    @property
    def name(self):
        """The table's name."""
        return self._name

    def size(self, name=None):
        """The number of entries, as an int64 scalar."""
        return torch.tensor(len(self._table), dtype=torch.int64)

    def lookup(self, keys, name=None):
        """Values of `keys` (a tensor or RaggedTensor of the key dtype); missing keys get `default_value`.

        Raises:
            TypeError: if `keys` is not of the table's key dtype.
        """
        flat, shape = _key_list(keys, self._key_dtype)
        get, default = self._table.get, self._default
        return _reshape_like(keys, [get(k, default) for k in flat], self._value_dtype, shape)

    def __getitem__(self, keys):
        return self.lookup(keys)

    def export(self, name=None):
        """`(keys, values)`: every entry as two 1-D tensors (in insertion order)."""
        return (_values_tensor(self._table.keys(), (len(self._table),), self._key_dtype),
                _values_tensor(self._table.values(), (len(self._table),), self._value_dtype))


class StaticHashTable(_HashTable):
    """`tf.lookup.StaticHashTable(initializer, default_value)`: an immutable table built from an initializer.

    Args:
        initializer: a `KeyValueTensorInitializer` or `TextFileInitializer`.
        default_value: scalar of the value dtype returned for missing keys.
        experimental_is_anonymous: accepted for TF compatibility; tables here are never shared by name.

    Raises:
        errors.FailedPreconditionError: if a key appears twice with different values.
    """

    def __init__(self, initializer, default_value, name=None, experimental_is_anonymous=False):
        super().__init__(initializer.key_dtype, initializer.value_dtype, default_value, name)
        self._initializer = initializer
        for key, value in initializer.entries():
            if key in self._table and self._table[key] != value:
                raise errors.FailedPreconditionError(
                    None, None, f"HashTable has different value for same key. Key {key!r} has {self._table[key]!r} "
                    f"and trying to add value {value!r}")
            self._table[key] = value

    @property
    def initializer(self):
        """The initializer the table was built from."""
        return self._initializer

    def _trackable_children(self):
        """A checkpoint may hold the table, as TF's: a node with nothing saved (it is rebuilt from its initializer)."""
        return []


class StaticVocabularyTable:
    """`tf.lookup.StaticVocabularyTable(initializer, num_oov_buckets)`: ids of a vocabulary, hashed ids for the rest.

    Known keys map to their int64 value; others to `vocab_size + Fingerprint64(key) % num_oov_buckets`
    (integer keys hashed as their decimal strings).

    Args:
        initializer: a `KeyValueTensorInitializer`/`TextFileInitializer` with int64 values, or None (every key hashed).
        num_oov_buckets: positive number of out-of-vocabulary buckets.
        lookup_key_dtype: the key dtype when `initializer` is None (default `tf.string`).

    Raises:
        ValueError: if `num_oov_buckets` <= 0 or the initializer's values are not int64.
        TypeError: if `lookup_key_dtype` disagrees with the initializer's key dtype.
    """

    def _trackable_children(self):
        """A checkpoint may hold the table, as TF's: a node with nothing saved (it is rebuilt from its initializer)."""
        return []

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if int(num_oov_buckets) <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable. "
                             f"Received: num_oov_buckets={num_oov_buckets}")
        self._buckets = int(num_oov_buckets)
        if initializer is not None:
            if initializer.value_dtype != torch.int64:
                raise ValueError(f"Invalid `value_dtype`, expected int64 but got {initializer.value_dtype}. "
                                 f"Received: initializer with value_dtype={initializer.value_dtype}")
            if lookup_key_dtype is not None and dtypes.as_dtype(lookup_key_dtype) != initializer.key_dtype:
                raise TypeError(f"Invalid `key_dtype`, expected {initializer.key_dtype} but got {lookup_key_dtype}. "
                                f"Received: lookup_key_dtype={lookup_key_dtype}")
            self._table = StaticHashTable(initializer, -1)
            self._key_dtype = initializer.key_dtype
        else:
            self._table = None
            self._key_dtype = dtypes.as_dtype(lookup_key_dtype) if lookup_key_dtype is not None else dtypes.string
        self._name = name

    @property
    def key_dtype(self):
        """The dtype of the keys."""
        return self._key_dtype

    @property
    def value_dtype(self):
        """int64."""
        return torch.int64

    @property
    def name(self):
        """The table's name."""
        return self._name

    def size(self, name=None):
        """Vocabulary size plus `num_oov_buckets` (int64 scalar)."""
        vocab = 0 if self._table is None else int(self._table.size())
        return torch.tensor(vocab + self._buckets, dtype=torch.int64)

    def lookup(self, keys, name=None):
        """int64 ids of `keys` (tensor or RaggedTensor of the key dtype).

        Raises:
            TypeError: if `keys` is not of the key dtype.
        """
        flat, shape = _key_list(keys, self._key_dtype)
        table = {} if self._table is None else self._table._table
        vocab = len(table)
        missing = sorted({k for k in flat if k not in table}, key=repr)
        as_bytes = [k if isinstance(k, bytes) else str(int(k)).encode() for k in missing]
        hashed = dict(zip(missing, string_hash.hash_bucket(np.asarray(as_bytes + [None], dtype=object)[:-1],
                                                           self._buckets).tolist())) if missing else {}
        ids = [table[k] if k in table else vocab + hashed[k] for k in flat]
        return _reshape_like(keys, ids, torch.int64, shape)

    def __getitem__(self, keys):
        return self.lookup(keys)


class MutableHashTable(_HashTable):
    """`tf.lookup.experimental.MutableHashTable(key_dtype, value_dtype, default_value)`: a table with inserts.

    Args:
        key_dtype, value_dtype: the dtypes of keys and (scalar) values.
        default_value: scalar returned for missing keys.
        checkpoint: accepted (keraslike's checkpoints do not save tables; export() and insert() do).
    """

    def __init__(self, key_dtype, value_dtype, default_value, name="MutableHashTable", checkpoint=True,
                 experimental_is_anonymous=False):
        super().__init__(dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype), default_value, name)

    def _pairs(self, keys, values):
        flat_keys, key_shape = _as_keys(keys, self._key_dtype, "keys")
        flat_values, value_shape = _as_keys(values, self._value_dtype, "values")
        if key_shape != value_shape:
            raise errors.InvalidArgumentError(f"Expected keys and values of one shape. Received: keys.shape="
                                              f"{list(key_shape)}, values.shape={list(value_shape)}")
        return zip(flat_keys, flat_values)

    def insert(self, keys, values, name=None):
        """Add or overwrite entries `keys[i] -> values[i]`.

        Raises:
            errors.InvalidArgumentError: if the shapes differ. TypeError: for wrong dtypes.
        """
        for k, v in self._pairs(keys, values):
            self._check_key(k)
            self._table[k] = v

    def insert_or_assign(self, keys, values, name=None):
        """Same as `insert`."""
        self.insert(keys, values, name)

    def remove(self, keys, name=None):
        """Remove `keys` (missing ones are ignored)."""
        flat, _ = _as_keys(keys, self._key_dtype, "keys")
        for k in flat:
            self._check_key(k)
            self._table.pop(k, None)

    def _check_key(self, key):
        pass

    def import_(self, keys, values, name=None):
        """Replace the whole content by `keys -> values`."""
        self._table = {}
        self.insert(keys, values)


class DenseHashTable(MutableHashTable):
    """`tf.lookup.experimental.DenseHashTable`: a mutable table whose `empty_key`/`deleted_key` may not be used.

    Args:
        key_dtype, value_dtype, default_value: as `MutableHashTable`.
        empty_key, deleted_key: two distinct reserved keys (TF's open-addressing markers); inserting,
            looking up... with them raises as TF does.
        initial_num_buckets: accepted (sizing hint of TF's implementation).

    Raises:
        ValueError: if `empty_key` equals `deleted_key`.
    """

    def __init__(self, key_dtype, value_dtype, default_value, empty_key, deleted_key, initial_num_buckets=None,
                 name="MutableDenseHashTable", checkpoint=True, experimental_is_anonymous=False):
        super().__init__(key_dtype, value_dtype, default_value, name, checkpoint)
        self._reserved = {_as_keys(empty_key, self._key_dtype, "empty_key")[0][0]: "empty_key",
                          _as_keys(deleted_key, self._key_dtype, "deleted_key")[0][0]: "deleted_key"}
        if len(self._reserved) != 2:
            raise ValueError(f"Expected distinct empty_key and deleted_key. Received: empty_key={empty_key!r}, "
                             f"deleted_key={deleted_key!r}")

    def _check_key(self, key):
        if key in self._reserved:
            raise errors.InvalidArgumentError(f"Using the {self._reserved[key]} as a table key is not allowed. "
                                              f"Received: key={key!r}")

    def lookup(self, keys, name=None):
        """Values of `keys`; missing keys get `default_value`.

        Raises:
            errors.InvalidArgumentError: if a key is the empty or deleted key.
        """
        flat, _ = _key_list(keys, self._key_dtype)
        for k in flat:
            self._check_key(k)
        return super().lookup(keys, name)

    def erase(self, keys, name=None):
        """Remove `keys` (TF's `DenseHashTable.erase`)."""
        self.remove(keys, name)


# ---- SavedModel -----------------------------------------------------------------------------------------------
TABLE_TYPES = (StaticHashTable, StaticVocabularyTable, MutableHashTable)  # DenseHashTable is a MutableHashTable


def _json_entries(items, dtype):
    """Keys or values as JSON: bytes as latin-1 text (lossless), numbers as they are."""
    return [v.decode("latin-1") for v in items] if dtype is dtypes.string else list(items)


def _entries_tensor(items, dtype):
    values = [v.encode("latin-1") for v in items] if dtype is dtypes.string else list(items)
    return _values_tensor(values, (len(values),), dtype)


def _hash_table_config(table):
    return {"key_dtype": dtypes.dtype_name(table.key_dtype), "value_dtype": dtypes.dtype_name(table.value_dtype),
            "default": _json_entries([table._default], table.value_dtype)[0], "name": table.name,
            "keys": _json_entries(table._table.keys(), table.key_dtype),
            "values": _json_entries(table._table.values(), table.value_dtype)}


def table_config(table):
    """A JSON description of a lookup table (its class, dtypes, default and entries) that `table_from_config`
    rebuilds: what a SavedModel keeps of a table (TF saves a static table's initializer and a mutable table's
    entries)."""
    if isinstance(table, StaticVocabularyTable):
        return {"class": "StaticVocabularyTable", "num_oov_buckets": table._buckets, "name": table.name,
                "key_dtype": dtypes.dtype_name(table.key_dtype),
                "table": None if table._table is None else _hash_table_config(table._table)}
    config = _hash_table_config(table)
    config["class"] = type(table).__name__ if type(table) in (StaticHashTable, MutableHashTable, DenseHashTable) \
        else None
    if config["class"] is None:
        raise ValueError(f"Expected a tf.lookup table. Received: table={table!r}")
    if isinstance(table, DenseHashTable):
        reserved = {label: key for key, label in table._reserved.items()}
        config["empty_key"], config["deleted_key"] = _json_entries(
            [reserved["empty_key"], reserved["deleted_key"]], table.key_dtype)
    return config


def _initializer(config):
    key_dtype, value_dtype = dtypes.as_dtype(config["key_dtype"]), dtypes.as_dtype(config["value_dtype"])
    return KeyValueTensorInitializer(_entries_tensor(config["keys"], key_dtype),
                                     _entries_tensor(config["values"], value_dtype), key_dtype, value_dtype)


def table_from_config(config):
    """The table `table_config` described (a static table built from a `KeyValueTensorInitializer` of its entries).

    Raises:
        ValueError: an unknown table class.
    """
    kind = config["class"]
    if kind == "StaticVocabularyTable":
        inner = config["table"]
        return StaticVocabularyTable(None if inner is None else _initializer(inner), config["num_oov_buckets"],
                                     lookup_key_dtype=dtypes.as_dtype(config["key_dtype"]), name=config["name"])
    key_dtype, value_dtype = dtypes.as_dtype(config["key_dtype"]), dtypes.as_dtype(config["value_dtype"])
    default = _entries_tensor([config["default"]], value_dtype)[0]
    if kind == "StaticHashTable":
        return StaticHashTable(_initializer(config), default, name=config["name"])
    if kind == "MutableHashTable":
        table = MutableHashTable(key_dtype, value_dtype, default, name=config["name"])
    elif kind == "DenseHashTable":
        table = DenseHashTable(key_dtype, value_dtype, default, _entries_tensor([config["empty_key"]], key_dtype)[0],
                               _entries_tensor([config["deleted_key"]], key_dtype)[0], name=config["name"])
    else:
        raise ValueError(f"Unknown lookup table class in the SavedModel. Received: class={kind!r}")
    if config["keys"]:
        table.insert(_entries_tensor(config["keys"], key_dtype), _entries_tensor(config["values"], value_dtype))
    return table
