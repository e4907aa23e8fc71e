"""Writes tests/golden/cluster_protos.json under real TF 2.21: serialized ClusterDef / ServerDef bytes.

    /work/tfvenv/bin/python tests/golden/make_cluster_proto_golden.py
"""

import json
import os

import tensorflow as tf

cluster = tf.train.ClusterSpec({"worker": ["a:1", "b:2"], "ps": {1: "p:3"}}).as_cluster_def()
server = tf.train.ServerDef(cluster=cluster, job_name="worker", task_index=1, protocol="grpc", port=5, replica=2)
out = {"cluster_def": cluster.SerializeToString().hex(), "server_def": server.SerializeToString().hex()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cluster_protos.json"), "w") as f:
    json.dump(out, f, indent=1)
