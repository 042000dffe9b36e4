#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check a trace-event JSON written by `nvpm record -o FILE.json`.

usage: check-trace.py FILE PERIOD EVENT=SHARE[,EVENT=SHARE...]

The file must parse as JSON and follow the Chrome trace-event format that
ui.perfetto.dev and chrome://tracing read: an object with "traceEvents",
a process_name metadata event, and one counter track ("ph": "C") per
EVENT with at least 10 points, timestamps (microseconds) strictly
increasing, one period apart (within 2% of the mean step), each value an
integer count of cycles no larger than PERIOD.  SHARE (percent, or "-")
is the expected mean of value / PERIOD, within 3 points.  Prints one
line per failure; exits 1 on any.
"""
import json
import sys


def main():
    path, period, spec = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    expect = {}
    for item in spec.split(","):
        name, share = item.rsplit("=", 1)
        expect[name] = None if share == "-" else float(share)
    errors = []

    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"trace: {path}: {e}")
        return 1
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        print("trace: no traceEvents list")
        return 1
    if doc.get("displayTimeUnit") != "ns":
        errors.append("displayTimeUnit is not ns")

    procs = [e for e in doc["traceEvents"]
             if e.get("ph") == "M" and e.get("name") == "process_name"]
    if len(procs) != 1 or not procs[0].get("args", {}).get("name"):
        errors.append(f"{len(procs)} process_name events, want 1 with a name")

    tracks = {}
    for e in doc["traceEvents"]:
        if e.get("ph") != "C":
            continue
        for key in ("name", "pid", "ts", "args"):
            if key not in e:
                errors.append(f"counter event without {key}: {e}")
                break
        else:
            tracks.setdefault(e["name"], []).append(e)

    if set(tracks) != set(expect):
        errors.append(f"tracks {sorted(tracks)}, want {sorted(expect)}")
    for name, want in expect.items():
        pts = tracks.get(name, [])
        if len(pts) < 10:
            errors.append(f"{name}: {len(pts)} points, want at least 10")
            continue
        ts = [p["ts"] for p in pts]
        vals = [p["args"].get("cycles") for p in pts]
        if any(not isinstance(t, (int, float)) for t in ts):
            errors.append(f"{name}: a timestamp is not a number")
            continue
        steps = [b - a for a, b in zip(ts, ts[1:])]
        if any(s <= 0 for s in steps):
            errors.append(f"{name}: timestamps not strictly increasing")
            continue
        # every row is one period; the last may be cut short by the stop
        mean = sum(steps[:-1]) / len(steps[:-1])
        odd = [s for s in steps[:-1] if abs(s - mean) > 0.02 * mean]
        if odd:
            errors.append(f"{name}: {len(odd)} steps off the mean {mean:.3f} us")
        if any(not isinstance(v, int) or v < 0 or v > period for v in vals):
            errors.append(f"{name}: a value is not a count of 0..{period} cycles")
            continue
        if want is not None:
            share = 100.0 * sum(vals[:-1]) / (period * len(vals[:-1]))
            if abs(share - want) > 3:
                errors.append(f"{name}: {share:.1f}% of the cycles, want {want}%")

    for err in errors:
        print(f"trace: {err}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
