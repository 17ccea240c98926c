"""Change points of the lab's history series with Apache Otava (formerly Hunter).

Reads a JSON file (the first argument): {"window": 50, "max_pvalue": 0.001, "min_magnitude": 0.0,
"series": [{"name": ..., "time": [epoch seconds], "commit": [...], "value": [...]}]}
and writes a JSON file (the second argument): {name: [{"index", "time", "commit", "forward_change_percent",
"mean_before", "mean_after", "pvalue"}]}, the points in time order. Only otava.series
is imported, which needs none of Otava's database or Slack clients.
"""
import json
import sys

from otava.series import AnalysisOptions, Metric, Series


def change_points(entry, options):
    series = Series(entry["name"], None, time=entry["time"], metrics={"value": Metric(1, 1.0)},
                    data={"value": entry["value"]}, attributes={"commit": entry["commit"]})
    points = []
    for point in series.analyze(options).change_points.get("value", []):
        stats = point.stats
        points.append({
            "index": int(point.index),
            "time": entry["time"][int(point.index)],
            "commit": entry["commit"][int(point.index)],
            "forward_change_percent": float(stats.forward_rel_change()) * 100,
            "mean_before": float(stats.mean_1),
            "mean_after": float(stats.mean_2),
            "pvalue": float(stats.pvalue),
        })
    return points


def main():
    with open(sys.argv[1], encoding="utf-8") as request_file:
        request = json.load(request_file)
    options = AnalysisOptions()
    options.window_len = int(request.get("window", 50))
    options.max_pvalue = float(request.get("max_pvalue", 0.001))
    options.min_magnitude = float(request.get("min_magnitude", 0.0))
    result = {entry["name"]: change_points(entry, options) for entry in request["series"]}
    with open(sys.argv[2], "w", encoding="utf-8") as result_file:
        json.dump(result, result_file)


if __name__ == "__main__":
    main()
