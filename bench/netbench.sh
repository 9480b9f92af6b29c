#!/bin/sh
# bench/netbench.sh [MAXSIZE]: augur bench network against links of known
# latency and rate, made on this machine: two network namespaces joined by a
# veth pair (addresses of the benchmarking range 198.18.0.0/15 that exist
# only inside them), shaped on both ends by netem (delay 2ms rate 100mbit)
# and, separately, by a token bucket (tbf rate 100mbit: the rate only); then
# two namespaces joined by TUN devices and the user-space shaper of
# netbench's tests (delay 2 ms, then 10 ms, rate 100 Mbit/s), which works
# where the kernel lacks netem. It prints the measured latency and
# bandwidth against the shaped ones. Needs
# root and iproute2; a qdisc the kernel lacks is reported and skipped. The
# namespaces are deleted on exit, whatever happens.
set -eu
cd "$(dirname "$0")/.."
max=${1:-4MiB}
[ "$(id -u)" = 0 ] || { echo "netbench.sh: needs root (network namespaces)"; exit 1; }
bin=$(mktemp -d)/augur
go build -o "$bin" ./cmd/augur
a=augnbsh$$a b=augnbsh$$b
cleanup() { ip netns del "$a" 2>/dev/null || true; ip netns del "$b" 2>/dev/null || true; rm -rf "$(dirname "$bin")"; }
trap cleanup EXIT INT TERM

run() { # run NAME QDISC...
  name=$1; shift
  ip netns del "$a" 2>/dev/null || true; ip netns del "$b" 2>/dev/null || true
  ip netns add "$a"; ip netns add "$b"
  ip -n "$a" link add va type veth peer name vb netns "$b"
  ip -n "$a" addr add 198.18.0.1/30 dev va; ip -n "$b" addr add 198.18.0.2/30 dev vb
  ip -n "$a" link set va up; ip -n "$b" link set vb up
  if ! ip netns exec "$a" tc qdisc add dev va root "$@" 2>/tmp/netbench.$$ ||
     ! ip netns exec "$b" tc qdisc add dev vb root "$@" 2>>/tmp/netbench.$$; then
    echo "== $name: skipped: $(cat /tmp/netbench.$$)"; rm -f /tmp/netbench.$$; return 0
  fi
  rm -f /tmp/netbench.$$
  echo "== $name: tc qdisc add dev vethX root $*"
  report "$name"
}

report() { # report NAME: measure over the link between the namespaces
  name=$1
  ip netns exec "$a" "$bin" bench network --listen 198.18.0.1:7361 --timeout 60s >/dev/null 2>&1 &
  start=$(date +%s)
  ip netns exec "$b" "$bin" bench network --peer 198.18.0.1:7361 --max-size "$max" --timeout 60s --format json > "$(dirname "$bin")/$name.json"
  wait $!
  echo "   $(($(date +%s) - start)) s"
  python3 - "$(dirname "$bin")/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("   latency   %.4g ms" % (r["latency_s"] * 1e3))
print("   bandwidth %.4g MB/s = %.4g Mbit/s (shaped 100 Mbit/s = 12.5 MB/s): %+.1f %%" %
      (r["bandwidth_bytes_per_s"] / 1e6, r["bandwidth_bytes_per_s"] * 8 / 1e6, 100 * (r["bandwidth_bytes_per_s"] / 12.5e6 - 1)))
print("   segments  " + "; ".join("from %d B: %.4g us + s / %.4g MB/s" % (g["from_bytes"], g["latency_s"] * 1e6, g["bandwidth_bytes_per_s"] / 1e6) for g in r["fit"]["segments"]))
print("   mean error of the fit %.2f %%" % (100 * r["fit"]["mean_rel_error"]))
PY
}

# tun DELAY: the user-space shaper of netbench's tests between two TUN
# devices (the test binary is its own helper), for kernels without netem.
tun() {
  ip netns del "$a" 2>/dev/null || true; ip netns del "$b" 2>/dev/null || true
  ip netns add "$a"; ip netns add "$b"
  rm -f "$(dirname "$bin")/shaper.out"
  AUGUR_NETBENCH_HELPER="shape ta tb $1 100e6" ip netns exec "$a" "$(dirname "$bin")/netbench.test" -test.run='^$' > "$(dirname "$bin")/shaper.out" 2>&1 &
  shaper=$!
  for i in 1 2 3 4 5 6 7 8 9 10; do grep -q shaping "$(dirname "$bin")/shaper.out" 2>/dev/null && break; sleep 0.5; done
  ip -n "$a" link set tb netns "$b"
  ip -n "$a" addr add 198.18.0.1 peer 198.18.0.2 dev ta; ip -n "$b" addr add 198.18.0.2 peer 198.18.0.1 dev tb
  ip -n "$a" link set ta up; ip -n "$b" link set tb up
  echo "== user-space shaper: delay $1 rate 100 Mbit/s each way, through TUN devices"
  report "tun$1"
  kill "$shaper"; wait "$shaper" 2>/dev/null || true
}

run netem netem delay 2ms rate 100mbit
run tbf tbf rate 100mbit burst 15k latency 100ms
go test -c -o "$(dirname "$bin")/netbench.test" ./internal/run/netbench
tun 2ms
tun 10ms
