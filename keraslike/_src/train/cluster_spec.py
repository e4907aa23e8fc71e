"""`tf.train.ClusterSpec`: the jobs and task addresses of a multi-process cluster (as in TF_CONFIG).

Mirrors `tensorflow/python/training/server_lib.py::ClusterSpec`: built from `{job: [address, ...]}` (task i
at position i), `{job: {task_index: address}}` (sparse task indices), a `tf.train.ClusterDef` proto or
another ClusterSpec.
"""

from keraslike._src.train.cluster_protos import ClusterDef


class ClusterSpec:
    """`tf.train.ClusterSpec(cluster)`.

    Raises:
        TypeError: if `cluster` is not a dict / ClusterSpec, a job name is not a string, a task index is not an
            int, or an address is not a string.
    """

    def __init__(self, cluster):
        if cluster is None:
            cluster = {}
        if isinstance(cluster, ClusterSpec):
            cluster = cluster.as_dict()
        elif isinstance(cluster, ClusterDef):
            cluster = {job.name: dict(job.tasks) for job in cluster.job}
        if not isinstance(cluster, dict):
            raise TypeError("`cluster` must be a dictionary mapping one or more job names to lists of network "
                            "addresses (or to {task_index: address}), or a ClusterSpec. "
                            f"Received: cluster={cluster!r}")
        self._cluster = {}
        for job, tasks in cluster.items():
            if not isinstance(job, str):
                raise TypeError(f"Job names must be strings. Received: job={job!r}")
            if isinstance(tasks, dict):
                items = tasks.items()
            elif isinstance(tasks, (list, tuple)):
                items = enumerate(tasks)
            else:
                raise TypeError(f"The tasks of job {job!r} must be a list of addresses or a dict "
                                f"{{task_index: address}}. Received: {tasks!r}")
            job_tasks = {}
            for index, address in items:
                if not isinstance(index, int) or isinstance(index, bool):
                    raise TypeError(f"Task indices must be ints. Received: job={job!r}, task_index={index!r}")
                if not isinstance(address, str):
                    raise TypeError(f"Task addresses must be strings. Received: job={job!r}, "
                                    f"address={address!r}")
                job_tasks[index] = address
            self._cluster[job] = job_tasks

    def __bool__(self):
        return bool(self._cluster)

    def __eq__(self, other):
        return isinstance(other, ClusterSpec) and self._cluster == other._cluster

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        return f"ClusterSpec({self.as_dict()!r})"

    def as_dict(self):
        """`{job: [addresses]}` when a job's task indices are 0..n-1, else `{job: {task_index: address}}`."""
        out = {}
        for job, tasks in self._cluster.items():
            indices = sorted(tasks)
            if indices == list(range(len(indices))):
                out[job] = [tasks[i] for i in indices]
            else:
                out[job] = {i: tasks[i] for i in indices}
        return out

    def as_cluster_def(self):
        """The cluster as a `tf.train.ClusterDef` proto (jobs sorted by name, as TF)."""
        out = ClusterDef()
        for job in self.jobs:
            entry = out.job.add(name=job)
            for index, address in self._cluster[job].items():
                entry.tasks[index] = address
        return out

    @property
    def jobs(self):
        """The job names, sorted (as TF)."""
        return sorted(self._cluster)

    def _tasks(self, job_name):
        if job_name not in self._cluster:
            raise ValueError(f"No such job in cluster: {job_name!r}. Received: job_name={job_name!r}")
        return self._cluster[job_name]

    def num_tasks(self, job_name):
        """The number of tasks of `job_name`.

        Raises:
            ValueError: for an unknown job.
        """
        return len(self._tasks(job_name))

    def task_indices(self, job_name):
        """The sorted task indices of `job_name`."""
        return sorted(self._tasks(job_name))

    def task_address(self, job_name, task_index):
        """The address of task `task_index` of `job_name`.

        Raises:
            ValueError: for an unknown job or task index.
        """
        tasks = self._tasks(job_name)
        if task_index not in tasks:
            raise ValueError(f"No task with index {task_index!r} in job {job_name!r}. "
                             f"Received: task_index={task_index!r}")
        return tasks[task_index]

    def job_tasks(self, job_name):
        """The addresses of `job_name` as a list indexed by task index, None where an index is missing."""
        tasks = self._tasks(job_name)
        out = [None] * (max(tasks) + 1 if tasks else 0)
        for i, address in tasks.items():
            out[i] = address
        return out
