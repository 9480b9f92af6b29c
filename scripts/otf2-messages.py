#!/usr/bin/env python3
"""Check that every message of an OTF2 archive is matched, from otf2-print's
output: each send by a receive, with the same sender, receiver,
communicator, tag and size, in the order MPI matches them (the k-th send
from A to B with a tag on a communicator is the k-th such receive), and no
receive before its send.

    scripts/otf2-messages.py DIR/traces.otf2    # runs otf2-print -A on it
    otf2-print -A DIR/traces.otf2 | scripts/otf2-messages.py -

It needs the global definitions with the events (otf2-print -A): the MPI
group of communication locations says which location is which rank.
Prints one line of counts and exits 0 when all match; else prints each
mismatch and exits 1 (2 when otf2-print fails).
"""
import re
import subprocess
import sys

EVENT = re.compile(r"^(MPI_I?SEND|MPI_I?RECV)\s+(\d+)\s+(\d+)\s+(.*)$")
FIELD = re.compile(r"(Receiver|Sender): (\d+)|Communicator: \"([^\"]*)\" <(\d+)>|Tag: (\d+)|Length: (\d+)")
GROUP = re.compile(r"^GROUP\s+\d+\s+.*Type: COMM_LOCATIONS, Paradigm: MPI,.*?Members: (.*)$")
MEMBER = re.compile(r"<(\d+)>")


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip())
        return 2
    if argv[1] == "-":
        lines = sys.stdin.read().splitlines()
    else:
        p = subprocess.run(["otf2-print", "-A", argv[1]], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"otf2-print -A {argv[1]}: exit {p.returncode}\n{p.stderr}")
            return 2
        lines = p.stdout.splitlines()
    rank = None
    for line in lines:
        m = GROUP.match(line)
        if m:
            rank = {int(loc): r for r, loc in enumerate(MEMBER.findall(m.group(1)))}
            break
    sends, recvs = {}, {}
    for line in lines:
        m = EVENT.match(line)
        if not m:
            continue
        kind, loc, ts, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        if rank is None or loc not in rank:
            print(f"location {loc}: not a rank of the MPI group of communication locations (run otf2-print with -G)")
            return 1
        peer = comm = tag = size = None
        for f in FIELD.finditer(rest):
            if f.group(2) is not None:
                peer = int(f.group(2))
            elif f.group(4) is not None:
                comm = int(f.group(4))
            elif f.group(5) is not None:
                tag = int(f.group(5))
            elif f.group(6) is not None:
                size = int(f.group(6))
        if None in (peer, comm, tag, size):
            print(f"unreadable {kind} at location {loc}, time {ts}: {rest}")
            return 1
        if "SEND" in kind:
            sends.setdefault((rank[loc], peer, comm, tag), []).append((size, ts))
        else:
            recvs.setdefault((peer, rank[loc], comm, tag), []).append((size, ts))
    bad = 0
    for key in sorted(set(sends) | set(recvs)):
        s, r = sends.get(key, []), recvs.get(key, [])
        who = "%d -> %d, communicator %d, tag %d" % key
        if len(s) != len(r):
            print(f"{who}: {len(s)} sends, {len(r)} receives")
            bad += 1
        for k, (a, b) in enumerate(zip(s, r)):
            if a[0] != b[0]:
                print(f"{who}: message {k + 1}: sent {a[0]} bytes, received {b[0]}")
                bad += 1
            elif b[1] < a[1]:
                print(f"{who}: message {k + 1}: received at {b[1]}, before it was sent at {a[1]}")
                bad += 1
    n = sum(len(v) for v in sends.values())
    if bad:
        print(f"{bad} mismatches among {n} sends")
        return 1
    print(f"{n} messages on {len(sends)} (sender, receiver, communicator, tag): every send matched by a receive of its size, in order")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
