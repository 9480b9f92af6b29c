package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSweepSlurm submits a sweep of replays over two platforms through a
// real one-node Slurm cluster (munged, slurmctld and slurmd started here
// on 127.0.0.1 with their own configuration, ports and directories) and
// compares the collected results with a local run, byte for byte. It
// skips when Slurm or munge is not installed (scripts/test.sh installs
// them), when not root (slurmd launches jobs as their user), or when the
// cluster does not come up within its bound.
func TestSweepSlurm(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster")
	}
	for _, tool := range []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scontrol"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: install Debian's slurm-wlm and munge to run this test", tool)
		}
	}
	if os.Getuid() != 0 {
		t.Skip("slurmd must run as root to launch jobs; run as root (CI does)")
	}
	dir := t.TempDir()
	conf := startCluster(t, dir)
	t.Setenv("SLURM_CONF", conf)

	bin := filepath.Join(dir, "augur")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sg := "../../internal/run/replay/testdata/simgrid/"
	args := func(out string, extra ...string) []string {
		return append([]string{"sweep", "replay", "bcast=" + sg + "actions_bcast.txt", "allreduce=" + sg + "actions_allreduce.txt",
			"--platform", sg + "small_platform.xml", "--platform", sg + "cluster_backbone.xml",
			"--np", "2,3", "--cfg", "network/model:SMPI,CM02", "--out", out}, extra...)
	}
	local := map[string]string{}
	for _, format := range []string{"text", "json", "csv"} {
		code, out, stderr := augur(t, args(filepath.Join(dir, "local"), "--format", format)...)
		if code != exitOK {
			t.Fatalf("local sweep: exit %d: %s", code, stderr)
		}
		local[format] = out
	}

	sdir := filepath.Join(dir, "slurm")
	code, out, stderr := augur(t, args(sdir, "--on", "slurm", "--tasks", "3", "--augur", bin)...)
	if code != exitOK || !strings.Contains(out, "submitted Slurm job") || !strings.Contains(out, "16 points (of 16) over 3 array tasks") {
		t.Fatalf("submit: exit %d\n%s%s", code, out, stderr)
	}
	submitted := time.Now()
	deadline := submitted.Add(3 * time.Minute)
	for {
		code, out, stderr = augur(t, "sweep", "--status", sdir)
		if code != exitOK {
			t.Fatalf("status: exit %d: %s", code, stderr)
		}
		if strings.Contains(out, "16 of 16 points done, 0 failed") {
			t.Logf("the job array finished %.1f s after its submission", time.Since(submitted).Seconds())
			break
		}
		if time.Now().After(deadline) {
			logs, _ := filepath.Glob(filepath.Join(sdir, "slurm-*.out"))
			for _, l := range logs {
				b, _ := os.ReadFile(l)
				t.Logf("%s:\n%s", l, b)
			}
			t.Fatalf("the job did not finish in 3 minutes; last status:\n%s", out)
		}
		time.Sleep(500 * time.Millisecond)
	}
	files, _ := filepath.Glob(filepath.Join(sdir, "results-task-*.jsonl"))
	if len(files) != 3 {
		t.Errorf("%d task results files, want 3: %v", len(files), files)
	}
	for _, format := range []string{"text", "json", "csv"} {
		code, out, stderr := augur(t, "sweep", "--collect", sdir, "--format", format)
		if code != exitOK {
			t.Fatalf("collect: exit %d: %s", code, stderr)
		}
		if out != local[format] {
			t.Errorf("%s: collected results differ from the local run:\n%s\n--- local:\n%s", format, out, local[format])
		}
	}
	// The submitting command run again prints the results too.
	code, out, _ = augur(t, args(sdir, "--on", "slurm", "--augur", bin)...)
	if code != exitOK || out != local["text"] {
		t.Errorf("re-run of the submit: exit %d:\n%s", code, out)
	}
}

// freePort asks the kernel for a free TCP port on loopback.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startCluster starts munged, slurmctld and slurmd in the foreground
// under dir, stops them when the test ends, and returns slurm.conf's path
// once the node is idle (skipping the test if it is not within 30 s).
func startCluster(t *testing.T, dir string) string {
	t.Helper()
	host, err := os.Hostname()
	if err != nil {
		t.Skipf("hostname: %v", err)
	}
	host, _, _ = strings.Cut(host, ".")
	mdir := filepath.Join(dir, "munge")
	for _, d := range []string{mdir, filepath.Join(dir, "state"), filepath.Join(dir, "spool")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	rand.Read(key)
	if err := os.WriteFile(filepath.Join(mdir, "key"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(mdir, "sock")
	conf := filepath.Join(dir, "slurm.conf")
	text := fmt.Sprintf(`ClusterName=augurtest
SlurmctldHost=%[1]s(127.0.0.1)
SlurmctldPort=%[2]d
SlurmdPort=%[3]d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%[4]s
StateSaveLocation=%[5]s/state
SlurmdSpoolDir=%[5]s/spool
SlurmctldPidFile=%[5]s/slurmctld.pid
SlurmdPidFile=%[5]s/slurmd.pid
SlurmctldLogFile=%[5]s/slurmctld.log
SlurmdLogFile=%[5]s/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=augurnode NodeAddr=127.0.0.1 NodeHostname=%[1]s CPUs=2 RealMemory=500 State=UNKNOWN
PartitionName=augur Nodes=augurnode Default=YES MaxTime=INFINITE State=UP
`, host, freePort(t), freePort(t), sock, dir)
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var procs []*exec.Cmd
	start := func(name string, args ...string) {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		var logb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &logb, &logb
		if err := cmd.Start(); err != nil {
			t.Skipf("starting %s: %v", name, err)
		}
		procs = append(procs, cmd)
		t.Cleanup(func() {
			if t.Failed() {
				t.Logf("%s output:\n%s", name, logb.String())
			}
		})
	}
	// Stop the daemons (scontrol shutdown, then a kill after 10 s), then
	// munged, and wait for every one, so that no process outlives the test.
	t.Cleanup(func() {
		sc := exec.Command("scontrol", "shutdown")
		sc.Env = append(os.Environ(), "SLURM_CONF="+conf)
		sc.Run()
		done := make(chan struct{})
		go func() {
			for _, p := range procs[1:] {
				p.Wait()
			}
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
		}
		cancel()
		for _, p := range procs {
			p.Wait()
		}
		if t.Failed() {
			for _, l := range []string{"slurmctld.log", "slurmd.log"} {
				b, _ := os.ReadFile(filepath.Join(dir, l))
				t.Logf("%s:\n%s", l, b)
			}
		}
	})
	start("munged", "--foreground", "--force", "--socket="+sock, "--key-file="+filepath.Join(mdir, "key"),
		"--pid-file="+filepath.Join(mdir, "pid"), "--log-file="+filepath.Join(mdir, "log"), "--seed-file="+filepath.Join(mdir, "seed"))
	if !waitFor(10*time.Second, func() bool { _, err := os.Stat(sock); return err == nil }) {
		t.Skip("munged did not create its socket within 10 s")
	}
	start("slurmctld", "-D", "-i", "-f", conf)
	start("slurmd", "-D", "-f", conf, "-N", "augurnode")
	idle := waitFor(30*time.Second, func() bool {
		cmd := exec.Command("sinfo", "--noheader", "--format=%T")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		out, err := cmd.Output()
		return err == nil && strings.TrimSpace(string(out)) == "idle"
	})
	if !idle {
		t.Skip("the one-node Slurm cluster did not become idle within 30 s")
	}
	return conf
}

func waitFor(d time.Duration, ok func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if ok() {
			return true
		}
	}
	return false
}
