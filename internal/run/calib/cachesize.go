package calib

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The memory level must be measured beyond the last cache level, or what
// augur bench machine calls memory is a cache: a server's last level
// (hundreds of MiB on a large AMD EPYC, as a virtual machine may report
// it) is far beyond the fixed 32 or 64 MiB.

// maxMemLevel bounds the working set of the memory level: the
// measurement allocates (and the kernel faults in) about three times it.
const maxMemLevel = 1 << 30

// memLevel is the working set at which the memory level is measured: the
// smallest power of two at least twice the last cache level llc (bytes),
// and at least least, at most maxMemLevel; with quick, at least the last
// level itself, at most half of maxMemLevel (half the memory and the
// time: --quick stays under 30 s).
func memLevel(llc, least int, quick bool) int {
	ws, beyond, most := least, 2*llc, maxMemLevel
	if quick {
		beyond, most = llc, maxMemLevel/2
	}
	for ws < beyond && ws < most {
		ws *= 2
	}
	return ws
}

// lastLevelCache is the size in bytes of the largest cache this machine
// reports, 0 when it reports none: Linux's sysfs
// (/sys/devices/system/cpu/cpu0/cache/index*/size), else the C library's
// (getconf, from the processor's cpuid, which virtual machines without
// the sysfs directory still answer).
func lastLevelCache() int {
	if n := sysfsCache("/sys/devices/system/cpu/cpu0/cache"); n > 0 {
		return n
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "getconf", "-a").Output()
	if err != nil {
		return 0
	}
	return getconfCache(string(out))
}

// sysfsCache is the largest size among the cache directories of dir
// (index0, index1, ...; sizes such as "32768K"), 0 when none reads.
func sysfsCache(dir string) int {
	paths, _ := filepath.Glob(filepath.Join(dir, "index*", "size"))
	best := 0
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		best = max(best, cacheBytes(strings.TrimSpace(string(b))))
	}
	return best
}

// cacheBytes reads a size as sysfs writes it: 48K, 1024K, 32M, or bytes.
func cacheBytes(s string) int {
	mult := 1
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n * mult
}

// getconfCache is the largest LEVELn_*CACHE_SIZE of getconf -a's output.
func getconfCache(out string) int {
	best := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 2 || !strings.HasPrefix(f[0], "LEVEL") || !strings.HasSuffix(f[0], "CACHE_SIZE") {
			continue
		}
		if n, err := strconv.Atoi(f[1]); err == nil {
			best = max(best, n)
		}
	}
	return best
}
