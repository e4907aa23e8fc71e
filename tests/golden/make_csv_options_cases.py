"""CSV files and `make_csv_dataset` arguments shared by make_csv_options_golden.py (real TF 2.21) and
tests/data/test_make_csv_options.py: quoting, `na_value`, given defaults, ragged last batches across files and
epochs, interleaved files, a seeded shuffle, bad rows with and without `ignore_errors`, gzip.

Arguments name files by their key in FILES (`file_pattern`); `.gz` files are the plain file of the same name
gzipped. Every case sets `shuffle`, and a finite `num_epochs` except "forever" (read with `take`).
"""

FILES = {
    "quoted.csv": ('id,name,score,tag\n1,"ann ""the"" first",0.5,x\n2,"b,c",NA,\n3,"multi\nline",2.25,"q"\n'
                   '4,,1e3,NA\n5,eve,-3,"y, z"\n'),
    "semi.csv": 'a;b;c\n1;"x";2.5\n2;y"z;NA\n3;;-1\n4;"";0.125\n',
    "part1.csv": "k,v,w\n1,0.5,a\n2,1.5,b\n3,2.5,c\n4,3.5,d\n5,4.5,e\n6,5.5,f\n",
    "part2.csv": "k,v,w\n7,6.5,g\n8,7.5,h\n9,8.5,i\n10,9.5,j\n11,10.5,k\n",
    "bad.csv": "id,name\n1,a\n2,b\nx,c\n4,d,extra\n5,e\n6,f\n",
}
GZIPPED = {"part1.csv.gz": "part1.csv"}

CASES = {
    "quotes_na": {"file_pattern": "quoted.csv", "batch_size": 2, "na_value": "NA", "num_epochs": 1,
                  "shuffle": False},
    "no_quote_delim": {"file_pattern": "semi.csv", "batch_size": 3, "field_delim": ";", "use_quote_delim": False,
                       "na_value": "NA", "num_epochs": 1, "shuffle": False},
    "given_defaults": {"file_pattern": "quoted.csv", "batch_size": 5, "column_defaults": [0, "?", -1.5, "none"],
                       "na_value": "NA", "label_name": "score", "num_epochs": 1, "shuffle": False},
    "ragged_two_files": {"file_pattern": ["part1.csv", "part2.csv"], "batch_size": 4, "num_epochs": 1,
                         "shuffle": False},
    "ragged_two_epochs": {"file_pattern": "part1.csv", "batch_size": 5, "num_epochs": 2, "shuffle": False},
    "interleaved": {"file_pattern": ["part1.csv", "part2.csv"], "batch_size": 3, "num_parallel_reads": 2,
                    "num_epochs": 1, "shuffle": False, "label_name": "w"},
    "select_label": {"file_pattern": ["part2.csv"], "batch_size": 2, "select_columns": ["w", "k"],
                     "label_name": "k", "num_epochs": 1, "shuffle": False},
    "seeded_shuffle": {"file_pattern": ["part1.csv", "part2.csv"], "batch_size": 3, "shuffle": True,
                       "shuffle_seed": 7, "shuffle_buffer_size": 4, "num_epochs": 1},
    "ignore_errors": {"file_pattern": "bad.csv", "batch_size": 2, "column_defaults": [0, ""], "ignore_errors": True,
                      "num_epochs": 1, "shuffle": False},
    "error_mid_file": {"file_pattern": "bad.csv", "batch_size": 1, "column_defaults": [0, ""], "num_epochs": 1,
                       "shuffle": False},
    "gzip": {"file_pattern": "part1.csv.gz", "batch_size": 4, "compression_type": "GZIP", "num_epochs": 1,
             "shuffle": False},
    "forever": {"file_pattern": "part1.csv", "batch_size": 4, "shuffle": False, "num_epochs": None, "take": 4},
}


def arguments(case, folder):
    """`(make_csv_dataset kwargs with file paths under folder, batches to take or None)`."""
    kwargs = dict(CASES[case])
    take = kwargs.pop("take", None)
    files = kwargs["file_pattern"]
    kwargs["file_pattern"] = ([f"{folder}/{f}" for f in files] if isinstance(files, list)
                              else f"{folder}/{files}")
    return kwargs, take


def describe(dataset, take, invalid_argument_error):
    """Element structure and every batch's values as plain Python; a raised InvalidArgumentError ends the list
    with the string "InvalidArgumentError"."""
    spec = dataset.element_spec
    features_spec, label_spec = spec if isinstance(spec, tuple) else (spec, None)
    out = {"spec": {k: [list(s.shape), s.dtype.name] for k, s in features_spec.items()},
           "label_spec": None if label_spec is None else [list(label_spec.shape), label_spec.dtype.name],
           "batches": []}
    iterator = iter(dataset if take is None else dataset.take(take))
    while True:
        try:
            element = next(iterator)
        except StopIteration:
            break
        except invalid_argument_error:
            out["batches"].append("InvalidArgumentError")
            break
        features, label = element if isinstance(element, tuple) else (element, None)
        batch = {k: _values(v) for k, v in features.items()}
        if label is not None:
            batch["<label>"] = _values(label)
        out["batches"].append(batch)
    return out


def _values(tensor):
    return [v.decode() if isinstance(v, bytes) else v for v in tensor.numpy().tolist()]
