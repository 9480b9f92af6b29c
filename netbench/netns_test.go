package netbench

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// helperEnv makes the test binary a listener or a peer (TestMain), so that
// the netns tests run this package's code inside the namespaces with
// `ip netns exec` and no other binary.
const helperEnv = "AUGUR_NETBENCH_HELPER"

func TestMain(m *testing.M) {
	if h := os.Getenv(helperEnv); h != "" {
		os.Exit(helper(h))
	}
	os.Exit(m.Run())
}

// helper runs "listen ADDR" or "peer ADDR MAXSIZE"; the peer prints its
// samples as JSON.
func helper(spec string) int {
	f := strings.Fields(spec)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	switch {
	case len(f) == 2 && f[0] == "listen":
		a, err := net.ResolveTCPAddr("tcp", f[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		ln, err := net.ListenTCP("tcp", a)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println("listening")
		if err := Serve(ctx, ln, ServeOptions{Wait: time.Minute, Idle: 30 * time.Second, Sessions: 1}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	case len(f) == 3 && f[0] == "peer":
		var max int64
		fmt.Sscan(f[2], &max)
		s, err := PingPong(ctx, f[1], Options{Sizes: Sizes(max), Reps: 5, Target: 10 * time.Millisecond, Idle: 30 * time.Second})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		json.NewEncoder(os.Stdout).Encode(s)
		return 0
	}
	fmt.Fprintf(os.Stderr, "bad %s %q\n", helperEnv, spec)
	return 2
}

// netns is a pair of network namespaces joined by a veth pair with
// addresses of the benchmarking range 198.18.0.0/15 (RFC 2544), which
// exist only inside the two namespaces: the test's traffic never leaves
// them.
type netns struct {
	a, b   string // namespace names
	va, vb string // their veth ends
}

const addrA, addrB = "198.18.0.1", "198.18.0.2"

func ipCmd(args ...string) error {
	out, err := exec.Command("ip", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}

// newNetns makes the pair or skips the test with the reason; the
// namespaces (and with them the veth pair) are always deleted.
func newNetns(t *testing.T) *netns {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no namespaces")
	}
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root")
	}
	for _, tool := range []string{"ip", "tc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (Debian package iproute2)", tool)
		}
	}
	id := fmt.Sprintf("%d", os.Getpid()%100000)
	n := &netns{a: "augnb" + id + "a", b: "augnb" + id + "b", va: "anb" + id + "a", vb: "anb" + id + "b"}
	if err := ipCmd("netns", "add", n.a); err != nil {
		t.Skipf("cannot make a network namespace: %v", err)
	}
	t.Cleanup(func() { ipCmd("netns", "del", n.a) })
	if err := ipCmd("netns", "add", n.b); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ipCmd("netns", "del", n.b) })
	// The veth pair is made inside the first namespace, so it never exists
	// in the host's.
	for _, c := range [][]string{
		{"-n", n.a, "link", "add", n.va, "type", "veth", "peer", "name", n.vb, "netns", n.b},
		{"-n", n.a, "addr", "add", addrA + "/30", "dev", n.va},
		{"-n", n.b, "addr", "add", addrB + "/30", "dev", n.vb},
		{"-n", n.a, "link", "set", n.va, "up"},
		{"-n", n.b, "link", "set", n.vb, "up"},
	} {
		if err := ipCmd(c...); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// shape adds a root qdisc on both veth ends (each shapes its own egress),
// or skips the test when the kernel lacks it.
func (n *netns) shape(t *testing.T, qdisc ...string) {
	t.Helper()
	for _, end := range [][2]string{{n.a, n.va}, {n.b, n.vb}} {
		args := append([]string{"netns", "exec", end[0], "tc", "qdisc", "add", "dev", end[1], "root"}, qdisc...)
		if err := ipCmd(args...); err != nil {
			if strings.Contains(err.Error(), "unknown") || strings.Contains(err.Error(), "not supported") {
				t.Skipf("the kernel lacks the %s qdisc (sch_%s): %v", qdisc[0], qdisc[0], err)
			}
			t.Fatal(err)
		}
	}
}

// measure runs the listener in the first namespace and the peer in the
// second, every wait bounded, and fits the samples.
func (n *netns) measure(t *testing.T, maxSize int64) Fit {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	lst := exec.CommandContext(ctx, "ip", "netns", "exec", n.a, exe, "-test.run=^$")
	lst.Env = append(os.Environ(), helperEnv+"=listen "+addrA+":7361")
	lout, err := lst.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var lerr strings.Builder
	lst.Stderr = &lerr
	if err := lst.Start(); err != nil {
		t.Fatal(err)
	}
	defer lst.Wait()
	defer lst.Process.Kill()
	ready := make([]byte, len("listening\n"))
	if _, err := lout.Read(ready); err != nil {
		t.Fatalf("listener did not start: %v %s", err, lerr.String())
	}
	peer := exec.CommandContext(ctx, "ip", "netns", "exec", n.b, exe, "-test.run=^$")
	peer.Env = append(os.Environ(), fmt.Sprintf("%s=peer %s:7361 %d", helperEnv, addrA, maxSize))
	out, err := peer.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("peer: %v %s", err, stderr)
	}
	var s []Sample
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("peer printed %q: %v", out, err)
	}
	f, err := FitPiecewise(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range s {
		t.Logf("%9d B: min %s, median %s, model %s", x.Size, Secs(x.Min), Secs(x.Median), Secs(f.Time(x.Size)))
	}
	t.Logf("fit %+v", f)
	return f
}

// The check: a link of 2 ms and 100 Mbit/s each way (netem on both
// ends) is measured within 10 %.
func TestNetemLink(t *testing.T) {
	n := newNetns(t)
	n.shape(t, "netem", "delay", "2ms", "rate", "100mbit")
	f := n.measure(t, 4<<20)
	if !near(f.Latency(), 2e-3, 0.10) {
		t.Errorf("latency %s, shaped 2 ms", Secs(f.Latency()))
	}
	if !near(f.Bandwidth(), 12.5e6, 0.10) {
		t.Errorf("bandwidth %s, shaped 100 Mbit/s = 12.5 MB/s", BW(f.Bandwidth()))
	}
}

// Where the kernel has no netem (this test's machine among them), the
// token bucket still shapes the rate: 100 Mbit/s each way is measured
// within 10 % (what crosses it also carries 52 bytes of TCP/IP and 14 of
// Ethernet headers per 1448 of payload: 4.4 % under the rate).
func TestTBFLink(t *testing.T) {
	n := newNetns(t)
	n.shape(t, "tbf", "rate", "100mbit", "burst", "15k", "latency", "100ms")
	f := n.measure(t, 4<<20)
	if !near(f.Bandwidth(), 12.5e6, 0.10) {
		t.Errorf("bandwidth %s, shaped 100 Mbit/s = 12.5 MB/s", BW(f.Bandwidth()))
	}
	if f.Latency() > 1e-3 {
		t.Errorf("latency %s on an unshaped veth", Secs(f.Latency()))
	}
}
