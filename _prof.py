import cProfile, pstats, numpy as np, sys
sys.argv=['x']
import benchmarks.tf1_session as b
rng = np.random.default_rng(0)
x = rng.random((100, 784), dtype=np.float32)
y = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 100)]
s, t, e = b.convnet_programs(x, y)
s()
cProfile.run("for _ in range(10): s()", "/tmp/prof")
pstats.Stats("/tmp/prof").sort_stats("tottime").print_stats(25)
