#!/usr/bin/env bash
# augur serve against hostile requests (issue 33): the requests that once
# took it down, its run queue, and its memory once runs are dropped.
#
#   bench/serve_hostile.sh [Q]
#     Q      the queue bound given as --queue (default 8)
#   env:
#     AUGUR  the augur binary (default: go build ./cmd/augur of this tree)
#     HOLD   seconds the accepted runs simulate before they are dropped (default 20)
#
# It starts `augur serve --queue Q --parallel 2` on a free port with a
# scratch workspace and prints, one line each:
#  1. POST /api/check of a 3.8 MB model, one chain of 1.9 million additions:
#     the status (200, with the positioned diagnostic: /api/check answers
#     a model's errors as diagnostics) and the diagnostic;
#  2. POST /api/runs of the same model: 400 with that diagnostic;
#  3. POST /api/analyze of C files with 10⁶ nested blocks and a 10⁶-term
#     sum: 422 with the positioned error;
#  4. GET /api/info afterwards: 200 (the server still answers);
#  5. Q + 100 submissions of a run that lasts until cancelled: how many were
#     accepted (202) and refused (429); it exits 1 unless exactly 100 were
#     refused;
#  6. the server's peak RSS while the accepted runs simulate for HOLD s, then
#     its RSS 10 s after the last run was dropped (DELETE /api/runs/ID); it
#     exits 1 if that is 500 MB or more.
# Memory figures are this machine's; `go test` asserts none of them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
q=${1:-8}
hold=${HOLD:-20}
work=$(mktemp -d)
pid=
cleanup() {
	if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT
augur=${AUGUR:-}
if [ -z "$augur" ]; then
	augur=$work/augur
	(cd "$root" && go build -o "$augur" ./cmd/augur)
fi
ws=$work/ws
mkdir -p "$ws"
cp "$root/examples/machines/ideal.yaml" "$ws/"

# The hostile inputs.
rep() { # rep TEXT N: TEXT N times
	{ yes -- "$1" || true; } | head -n "$2" | tr -d "\n"
}
{ printf '{"source":"model m\\nactivity main { action A cost 1'; rep '+1' 1900000; printf ' }\\n"'; } >"$work/chain.part"
{ cat "$work/chain.part"; printf '}'; } >"$work/check.json"
{ cat "$work/chain.part"; printf ',"machine":"ideal.yaml"}'; } >"$work/run.json"
{ printf 'int main(void) {\n'; rep '{' 1000000; printf '\n'; rep '}' 1000000; printf '\nreturn 0;\n}\n'; } >"$ws/nest.c"
{ printf 'int main(void) {\n int x = 0;\n x = '; rep '1+' 1000000; printf '1;\nreturn x;\n}\n'; } >"$ws/sum.c"
echo "[${SECONDS}s] model: $(wc -c <"$work/check.json") bytes of request; nest.c $(wc -c <"$ws/nest.c") bytes, sum.c $(wc -c <"$ws/sum.c") bytes"

"$augur" serve --addr 127.0.0.1:0 --dir "$ws" --queue "$q" --parallel 2 --max-run-time 30m >"$work/serve.out" 2>&1 &
pid=$!
url=
for _ in $(seq 100); do
	url=$(sed -n 's|^augur workbench: \(http://[^/]*\)/$|\1|p' "$work/serve.out")
	[ -n "$url" ] && break
	sleep 0.1
done
[ -n "$url" ] || { echo "augur serve did not start:"; cat "$work/serve.out"; exit 1; }
echo "augur serve --queue $q --parallel 2 at $url (pid $pid)"

post() { # post PATH FILE: prints the status, the body to $work/body
	curl -s -o "$work/body" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary "@$2" "$url$1"
}
took() { # took CMD...: runs it, then prints how long it took
	local t0=$EPOCHREALTIME
	"$@"
	printf ' (%.2f s)' "$(echo "$EPOCHREALTIME - $t0" | bc)"
}
first() { tr -d '\n' <"$work/body" | grep -o "$1" | head -1 || true; }

echo "[${SECONDS}s] 1. POST /api/check, 1.9 million additions: $(took post /api/check "$work/check.json") $(first '"text":"[^"]*"')"
echo "[${SECONDS}s] 2. POST /api/runs, the same model: $(took post /api/runs "$work/run.json") $(first '"text":"[^"]*"')"
for f in nest.c sum.c; do
	printf '{"file":"%s"}' "$f" >"$work/an.json"
	echo "[${SECONDS}s] 3. POST /api/analyze $f: $(took post /api/analyze "$work/an.json") $(first '"error":"[^"]*"' | cut -c1-120)"
done
echo "[${SECONDS}s] 4. GET /api/info afterwards: $(curl -s -o /dev/null -w '%{http_code}' "$url/api/info")"

# A run that lasts until it is cancelled: a random cost keeps the loop
# stepping, and every step is a slice of the timeline.
printf '{"source":"model spin\\nactivity main {\\n  loop 100000000 { action A cost uniform(1, 2) }\\n}\\n","machine":"ideal.yaml","procs":4}' >"$work/spin.json"
accepted=0 refused=0 other=0
ids=()
for _ in $(seq $((q + 100))); do
	case $(post /api/runs "$work/spin.json") in
	202) accepted=$((accepted + 1)); ids+=("$(first '"id":"[0-9]*"' | grep -o '[0-9]*')") ;;
	429) refused=$((refused + 1)) ;;
	*) other=$((other + 1)) ;;
	esac
done
echo "[${SECONDS}s] 5. $((q + 100)) submissions with --queue $q: $accepted accepted (202), $refused refused (429), $other other"

rss() { awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status"; }
peak=0
for _ in $(seq "$hold"); do
	sleep 1
	r=$(rss)
	[ "$r" -gt "$peak" ] && peak=$r
done
for id in "${ids[@]}"; do
	curl -s -o /dev/null -X DELETE "$url/api/runs/$id"
done
sleep 10
after=$(rss)
echo "[${SECONDS}s] 6. RSS: peak $peak MB while the runs simulated ${hold} s; $after MB 10 s after the last of $accepted runs was dropped"
echo "   GET /api/info still: $(curl -s -o /dev/null -w '%{http_code}' "$url/api/info")"
status=0
[ "$refused" -eq 100 ] || { echo "FAIL: $refused answers 429, want 100"; status=1; }
[ "$after" -lt 500 ] || { echo "FAIL: RSS $after MB after the runs were dropped, want under 500"; status=1; }
exit $status
