#!/usr/bin/env python3
"""The measured times of the corpus as a markdown table (docs/corpus.md).

   measured_table.py MEASURED.tsv

MEASURED.tsv is what bench/corpus/measure.sh writes: comment lines (#),
then name size omp ranks threads args min_s runs_s load_1m. One row per
program and size, a column per configuration (ranks×threads), each the
least of the runs in seconds; the comment lines come first, as a list.
"""
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: measured_table.py MEASURED.tsv")
    notes, rows = [], []
    with open(sys.argv[1]) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                notes.append(line.lstrip("# "))
            elif line and not line.startswith("name\t"):
                rows.append(line.split("\t"))
    configs = []
    table = {}
    order = []
    for r in rows:
        name, size, _, ranks, threads, args, min_s = r[:7]
        cfg = "%s×%s" % (ranks, threads)
        if cfg not in configs:
            configs.append(cfg)
        key = (name, size)
        if key not in table:
            table[key] = {"args": args if threads == "1" else table.get(key, {}).get("args", args)}
            order.append(key)
        if ranks == "1" and threads == "1":
            table[key]["args"] = args
        try:
            table[key][cfg] = "%.3f" % float(min_s)
        except ValueError:
            table[key][cfg] = min_s
    for n in notes:
        print("- " + n)
    print()
    print("| program | size | arguments (1×1) | " + " | ".join(c + " (s)" for c in configs) + " |")
    print("|---|---|---|" + "---|" * len(configs))
    for key in order:
        t = table[key]
        args = "`%s`" % t["args"] if t["args"] else ""
        print("| %s | %s | %s | %s |" % (key[0], key[1], args, " | ".join(t.get(c, "") for c in configs)))


if __name__ == "__main__":
    main()
