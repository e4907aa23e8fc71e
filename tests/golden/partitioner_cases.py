"""Cases shared by `make_partitioners_golden.py` (real TF 2.21) and tests/distribute/test_partitioners.py
(keraslike): (partitioner class name, constructor kwargs, shape, dtype name, axis). Data only."""

CASES = [
    ("FixedShardsPartitioner", {"num_shards": 2}, [10, 3], "float32", 0),
    ("FixedShardsPartitioner", {"num_shards": 5}, [10, 3], "float32", 1),
    ("FixedShardsPartitioner", {"num_shards": 20}, [10, 3], "int8", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 4, "max_shards": 2}, [6, 1], "float32", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 4, "max_shards": 10}, [6, 1], "float32", 0),
    ("MinSizePartitioner", {}, [1000000, 3], "float32", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 100, "max_shards": 8}, [30, 3], "float32", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 100, "max_shards": 8}, [30, 3], "float32", 1),
    ("MinSizePartitioner", {"min_shard_bytes": 100, "max_shards": 8, "bytes_per_string": 50}, [30], "string", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 4, "max_shards": 10}, [0, 1], "float32", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 17, "max_shards": 10}, [6, 2], "int64", 0),
    ("MinSizePartitioner", {"min_shard_bytes": 10.5, "max_shards": 3}, [10, 3], "float32", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 4}, [6, 1], "float32", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 4, "max_shards": 2}, [6, 1], "float32", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 1024}, [6, 1], "float32", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 20}, [7, 2], "float32", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 20}, [7, 6], "float32", 1),
    ("MaxSizePartitioner", {"max_shard_bytes": 100, "bytes_per_string": 30}, [7], "string", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 17}, [9, 1], "float64", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 4, "max_shards": 0}, [6, 1], "float32", 0),
    ("MaxSizePartitioner", {"max_shard_bytes": 2.5}, [6, 1], "bfloat16", 0),
]
