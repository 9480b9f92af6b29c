#!/usr/bin/env python3
"""Markdown table of predictions against measurements for the corpus scripts.

   table.py RESULTS.tsv

RESULTS.tsv (tab-separated, with a header) has the columns
   name size ranks threads args measured_s METHOD...
where each METHOD column holds a predicted time in seconds, or the first
line of augur's error when it failed (any text that is not a number), or
"-" when the method was not tried.

For each method it prints a row per configuration with the error
|predicted - measured| / measured, then the mean and worst error over the
configurations that got a number, how many failed, and whether the
configurations of each program are ranked right: every pair of one
program's configurations (sizes and rank/thread counts) whose measured
times differ by more than 5 % must be predicted in the same order.
"""
import csv
import sys


def number(text):
    try:
        v = float(text)
    except ValueError:
        return None
    return v if v == v else None


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")[:160]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: table.py RESULTS.tsv")
    with open(sys.argv[1], newline="") as f:
        rows = list(csv.reader(f, delimiter="\t"))
    if not rows:
        sys.exit("table.py: %s is empty" % sys.argv[1])
    head, rows = rows[0], rows[1:]
    methods = head[6:]
    cols = ["program", "size", "ranks×threads", "arguments", "measured (s)"]
    for m in methods:
        cols += [m + " (s)", "error"]
    print("| " + " | ".join(cols) + " |")
    print("|" + "|".join(["---"] * len(cols)) + "|")
    for r in rows:
        meas = number(r[5])
        out = [r[0], r[1], "%s×%s" % (r[2], r[3]), "`%s`" % r[4] if r[4] else "",
               "%.4f" % meas if meas is not None else cell(r[5])]
        for i, _ in enumerate(methods):
            v = r[6 + i] if 6 + i < len(r) else "-"
            p = number(v)
            if p is None:
                out += [cell(v), ""]
            elif meas:
                out += ["%.4f" % p, "%+.1f %%" % (100 * (p - meas) / meas)]
            else:
                out += ["%.4f" % p, ""]
        print("| " + " | ".join(out) + " |")
    print()
    for i, m in enumerate(methods):
        errs, failed, tried = [], 0, 0
        by = {}
        for r in rows:
            v = r[6 + i] if 6 + i < len(r) else "-"
            if v == "-":
                continue
            tried += 1
            meas, p = number(r[5]), number(v)
            if p is None or not meas:
                failed += 1
                continue
            errs.append(abs(p - meas) / meas)
            by.setdefault(r[0], []).append((meas, p, "%s %s×%s" % (r[1], r[2], r[3])))
        pairs = wrong = 0
        bad = []
        for prog, v in sorted(by.items()):
            for a in range(len(v)):
                for b in range(a + 1, len(v)):
                    ma, pa, la = v[a]
                    mb, pb, lb = v[b]
                    if abs(ma - mb) <= 0.05 * min(ma, mb):
                        continue
                    pairs += 1
                    if (ma < mb) != (pa < pb):
                        wrong += 1
                        bad.append("%s: %s vs %s (measured %.4g vs %.4g, predicted %.4g vs %.4g)"
                                   % (prog, la, lb, ma, mb, pa, pb))
        if errs:
            print("**%s**: %d of %d configurations predicted, %d failed; error mean %.1f %%, worst %.1f %%; "
                  "ranking: %d of %d pairs right (measured > 5 %% apart)."
                  % (m, len(errs), tried, failed, 100 * sum(errs) / len(errs), 100 * max(errs),
                     pairs - wrong, pairs))
        else:
            print("**%s**: %d configurations tried, none predicted." % (m, tried))
        for line in bad:
            print("- ranked wrong: " + line)
        print()


if __name__ == "__main__":
    main()
