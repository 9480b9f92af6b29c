package sweep

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"augur/internal/base/diag"
)

// Key names a point by everything its result depends on: the mode, the
// content of its version, machine and hostfile, the fixed settings, its
// coordinates and the sweep's seed. A stored result is reused only under
// the same key, so a changed model or machine is run again, and a larger
// sweep reuses the points it shares with a smaller one.
func (s *Spec) Key(p Point) string {
	h := sha256.New()
	field := func(k, v string) { fmt.Fprintf(h, "%s=%q\n", k, v) }
	field("mode", string(s.Mode))
	field("version", s.Versions[p.Version].Digest)
	if p.Machine >= 0 {
		field("machine", s.Machines[p.Machine].Digest)
	}
	if s.Hostfile != nil {
		field("hostfile", s.Hostfile.Digest)
	}
	field("map", s.Mapping)
	field("sim-model", s.SimModel)
	field("max-events", fmt.Sprint(s.MaxEvents))
	field("seed", fmt.Sprint(s.Seed))
	names := s.AxisNames()
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return names[order[a]] < names[order[b]] })
	for _, i := range order {
		field("axis "+names[i], p.Values[i].Text)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// pointSeed is the point's own seed, derived from the sweep's seed and the
// point's coordinates (not its position), so that a point gives the same
// result whichever sweep, worker or Slurm task runs it.
func (s *Spec) pointSeed(p Point) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "%d\n", s.Seed)
	for i, name := range s.AxisNames() {
		fmt.Fprintf(h, "%s=%q\n", name, p.Values[i].Text)
	}
	seed := binary.LittleEndian.Uint64(h.Sum(nil))
	if seed == 0 {
		seed = 1
	}
	return seed
}

// Record is one line of a results file.
type Record struct {
	Key     string            `json:"key"`
	Version string            `json:"version"`
	Machine string            `json:"machine,omitempty"`
	Point   map[string]string `json:"point"`
	Status  string            `json:"status"`
	Time    float64           `json:"time_s"`
	Error   string            `json:"error,omitempty"`
	// Wall is how long the point took to run, for the time-left estimate
	// of a resumed sweep; outputs leave it out, as it differs run to run.
	Wall float64 `json:"wall_s"`
}

// record makes the line of a point's outcome.
func (s *Spec) record(p Point, key string, o Outcome, wall float64) Record {
	r := Record{Key: key, Version: s.Versions[p.Version].Name, Point: map[string]string{},
		Status: o.Status, Time: o.Time, Error: o.Error, Wall: wall}
	if p.Machine >= 0 {
		r.Machine = s.Machines[p.Machine].Name
	}
	for i, name := range s.AxisNames() {
		r.Point[name] = p.Values[i].Text
	}
	return r
}

// ReadRecords reads a results file into done, by key (the last line of a
// key wins). A line cut short by a killed run is skipped: only the last
// line may be; a malformed line elsewhere is an error naming it.
func ReadRecords(path string, r io.Reader, done map[string]Record) error {
	br := bufio.NewReaderSize(r, 1<<16)
	for line := 1; ; line++ {
		text, err := br.ReadBytes('\n')
		last := err == io.EOF
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: %w", path, err)
		}
		text = bytes.TrimSpace(text)
		if len(text) > 0 {
			var rec Record
			if jerr := json.Unmarshal(text, &rec); jerr != nil || !validRecord(rec) {
				if last {
					return nil // cut short while being written
				}
				if jerr == nil {
					jerr = fmt.Errorf("not a sweep result (key, status and time_s)")
				}
				return diag.At(path, line, 0, "%v", jerr)
			}
			done[rec.Key] = rec
		}
		if last {
			return nil
		}
	}
}

func validRecord(r Record) bool {
	switch r.Status {
	case StatusOK, StatusDeadlock, StatusError:
	default:
		return false
	}
	return r.Key != "" && !math.IsNaN(r.Time) && !math.IsInf(r.Time, 0) && r.Time >= 0
}

// ResultFiles are the results files of a sweep's directory: results.jsonl
// of local runs and results-task-K.jsonl of Slurm's array tasks.
func ResultFiles(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "results*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	return files, nil
}

// ReadDir reads every results file of dir; a dir that does not exist has
// none.
func ReadDir(dir string) (map[string]Record, error) {
	done := map[string]Record{}
	files, err := ResultFiles(dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		err = ReadRecords(f, fh, done)
		fh.Close()
		if err != nil {
			return nil, err
		}
	}
	return done, nil
}

// Store appends records to one results file, a line in one write, so that
// a run killed at any moment leaves every finished point on disk (at most
// the line being written is cut short, and it is dropped on the next
// start).
type Store struct {
	f    *os.File
	path string
}

// OpenStore opens (creating) a results file for appending; a last line
// cut short by a killed run is cut off first.
func OpenStore(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if keep := bytes.LastIndexByte(data, '\n') + 1; keep < len(data) {
		if err := f.Truncate(int64(keep)); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, err
	}
	return &Store{f: f, path: path}, nil
}

// Append writes one record.
func (st *Store) Append(r Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if _, err := st.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%s: %w", st.path, err)
	}
	return nil
}

// Close closes the file.
func (st *Store) Close() error { return st.f.Close() }

// TaskFile is the results file of Slurm array task k.
func TaskFile(dir string, k int) string {
	return filepath.Join(dir, fmt.Sprintf("results-task-%d.jsonl", k))
}

// LocalFile is the results file of a local run.
func LocalFile(dir string) string { return filepath.Join(dir, "results.jsonl") }

// pointText is a point's coordinates as the outputs write them.
func pointText(names []string, vals []Value) string {
	var parts []string
	for i, n := range names {
		parts = append(parts, n+"="+vals[i].Text)
	}
	return strings.Join(parts, " ")
}
