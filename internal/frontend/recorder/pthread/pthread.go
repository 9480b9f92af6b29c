// Package pthread holds augur's LD_PRELOAD recorder for pthread programs
// (csrc/recorder.c, VPPB's Recorder) and builds it with the system C
// compiler on demand.
package pthread

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Source is the recorder's C source.
//
//go:embed csrc/recorder.c
var Source []byte

// EnvLibrary names a prebuilt recorder library to use instead of building one.
const EnvLibrary = "AUGUR_PTHREAD_RECORDER"

// Library returns the path of the recorder shared library: $AUGUR_PTHREAD_RECORDER
// if set, else a copy built from Source in cacheDir (named by the source's
// hash, so an edited recorder is rebuilt), compiling it with $CC or cc if
// it is not there yet.
func Library(cacheDir string) (string, error) {
	if p := os.Getenv(EnvLibrary); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s=%s: %w", EnvLibrary, p, err)
		}
		return p, nil
	}
	sum := sha256.Sum256(Source)
	lib := filepath.Join(cacheDir, "libaugur-pthread-"+hex.EncodeToString(sum[:6])+".so")
	if _, err := os.Stat(lib); err == nil {
		return lib, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("recorder cache: %w", err)
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		return "", fmt.Errorf("building the pthread recorder needs a C compiler (%s): %w; install gcc or set %s to a prebuilt library", cc, err, EnvLibrary)
	}
	src := lib + ".c"
	tmp := fmt.Sprintf("%s.%d.tmp", lib, os.Getpid())
	if err := os.WriteFile(src, Source, 0o644); err != nil {
		return "", fmt.Errorf("recorder cache: %w", err)
	}
	out, err := exec.Command(cc, "-O2", "-shared", "-fPIC", "-Wall", "-o", tmp, src, "-ldl", "-lpthread").CombinedOutput()
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("building the pthread recorder with %s: %v\n%s", cc, err, out)
	}
	// Rename is atomic: concurrent builds never see a half-written library.
	if err := os.Rename(tmp, lib); err != nil {
		return "", errors.Join(fmt.Errorf("recorder cache: %w", err), os.Remove(tmp))
	}
	return lib, nil
}

// CacheDir is where Library keeps built recorders by default.
func CacheDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "augur")
	}
	return filepath.Join(os.TempDir(), "augur-cache")
}
