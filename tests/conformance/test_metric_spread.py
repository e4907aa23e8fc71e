"""conformance/report.py: the verdict compares keraslike's mean metric with TF's run range widened by 2 points."""

import math

from conformance import report


def record(*metrics, finished=True):
    return {"finished": finished, "metric": metrics[0] if metrics else None, "metrics": list(metrics)}


def test_one_run_results_keep_the_two_point_rule():
    assert report.classify({"finished": True, "metric": 0.80}, {"finished": True, "metric": 0.819}) == "ok"
    assert report.classify({"finished": True, "metric": 0.80}, {"finished": True, "metric": 0.83}) == "wrong value"


def test_tf_spread_widens_the_accepted_range():
    tf = record(0.86, 0.515)  # a noisy program: TF itself lands 35 points apart
    assert report.classify(tf, record(0.60)) == "ok"
    assert report.classify(tf, record(0.50)) == "ok"  # within 2 points below TF's lowest run
    assert report.classify(tf, record(0.49)) == "wrong value"
    assert report.classify(tf, record(0.90)) == "wrong value"


def test_keraslike_mean_of_its_runs_is_compared():
    tf = record(0.80, 0.81)
    assert report.classify(tf, record(0.75, 0.85)) == "ok"  # mean 0.80
    assert report.classify(tf, record(0.70, 0.80)) == "wrong value"  # mean 0.75
    assert report.run_metrics(record(0.7, None, 0.8)) == [0.7, 0.8]  # a run that did not finish is left out


def test_large_metrics_use_a_relative_tolerance_and_nan_agrees_only_with_nan():
    assert report.metrics_agree([100.0, 110.0], [112.0])
    assert not report.metrics_agree([100.0, 110.0], [113.0])
    assert report.metrics_agree([math.nan], [math.nan])
    assert not report.metrics_agree([0.5], [math.nan])
