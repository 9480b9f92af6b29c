package calib

import (
	"os"
	"path/filepath"
	"testing"
)

// The memory level is measured beyond the last cache level: twice it,
// rounded up to a power of two, never below the fixed working set nor
// above maxMemLevel; with --quick, the last level rounded up, at most
// 512 MiB.
func TestMemLevel(t *testing.T) {
	for _, c := range []struct {
		llc, least int
		quick      bool
		want       int
	}{
		{0, 32 << 20, true, 32 << 20},         // no cache reported: the fixed one
		{8 << 20, 64 << 20, false, 64 << 20},  // a small last level: the fixed one
		{32 << 20, 64 << 20, false, 64 << 20}, // 32 MiB: 64 MiB
		{36 << 20, 64 << 20, false, 128 << 20},
		{36 << 20, 32 << 20, true, 64 << 20},
		{508 << 20, 64 << 20, false, 1 << 30}, // this machine's getconf: 1 GiB
		{508 << 20, 32 << 20, true, 512 << 20},
		{4 << 30, 64 << 20, false, 1 << 30}, // never beyond maxMemLevel
		{4 << 30, 32 << 20, true, 512 << 20},
	} {
		if got := memLevel(c.llc, c.least, c.quick); got != c.want {
			t.Errorf("memLevel(%d, %d, %v) = %d, want %d", c.llc, c.least, c.quick, got, c.want)
		}
	}
}

// The sizes of the caches as sysfs and getconf write them.
func TestCacheSizes(t *testing.T) {
	dir := t.TempDir()
	for i, size := range []string{"48K", "32K", "1024K", "32768K\n"} {
		d := filepath.Join(dir, "index"+string(rune('0'+i)))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "size"), []byte(size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := sysfsCache(dir); got != 32<<20 {
		t.Errorf("sysfs: %d, want 32 MiB", got)
	}
	if got := sysfsCache(filepath.Join(dir, "none")); got != 0 {
		t.Errorf("no sysfs directory: %d, want 0", got)
	}
	out := "LEVEL1_DCACHE_SIZE                 49152\nLEVEL1_DCACHE_ASSOC                12\n" +
		"LEVEL2_CACHE_SIZE                  1048576\nLEVEL3_CACHE_SIZE                  532676608\nLEVEL4_CACHE_SIZE                  \n"
	if got := getconfCache(out); got != 532676608 {
		t.Errorf("getconf: %d, want 532676608", got)
	}
	if got := cacheBytes("2M"); got != 2<<20 {
		t.Errorf("2M: %d", got)
	}
}
