package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// workspace is the folder the workbench may touch. Paths are slash
// separated and relative to it; os.Root refuses any that escape it,
// through "..", an absolute path or a symbolic link.
type workspace struct {
	root *os.Root
	abs  string
}

func openWorkspace(dir string) (*workspace, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("workspace: %w", err)
	}
	return &workspace{root: root, abs: abs}, nil
}

func (ws *workspace) close() error { return ws.root.Close() }

// clean checks a client's path: relative, slash separated, no "..".
func clean(p string) (string, error) {
	if p == "" {
		return "", errors.New("no path given")
	}
	if strings.HasPrefix(p, "/") || strings.Contains(p, "\\") || strings.Contains(p, "\x00") {
		return "", fmt.Errorf("path %q: give a path relative to the workspace", p)
	}
	c := path.Clean(p)
	if c == ".." || strings.HasPrefix(c, "../../../") || !fs.ValidPath(c) {
		return "", fmt.Errorf("path %q is outside the workspace", p)
	}
	return c, nil
}

// maxFileSize bounds files the workbench reads.
const maxFileSize = 64 << 20

func (ws *workspace) read(p string) ([]byte, error) {
	c, err := clean(p)
	if err != nil {
		return nil, err
	}
	st, err := ws.root.Stat(c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c, unwrapPath(err))
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder", c)
	}
	if st.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: %d bytes is more than the workbench reads (%d)", c, st.Size(), maxFileSize)
	}
	b, err := ws.root.ReadFile(c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c, unwrapPath(err))
	}
	return b, nil
}

// unwrapPath drops os.Root's absolute path from errors sent to the page.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writable lists the extensions the workbench writes: models, machines,
// results and reports; never programs or scripts.
var writable = map[string]bool{".aug": true, ".yaml": true, ".yml": true, ".json": true, ".html": true}

func (ws *workspace) write(p string, data []byte) error {
	c, err := clean(p)
	if err != nil {
		return err
	}
	if !writable[strings.ToLower(path.Ext(c))] {
		return fmt.Errorf("%s: the workbench writes only .aug, .yaml, .json and .html files", c)
	}
	if dir := path.Dir(c); dir != "." {
		if err := ws.root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("%s: %w", dir, unwrapPath(err))
		}
	}
	if err := ws.root.WriteFile(c, data, 0o644); err != nil {
		return fmt.Errorf("%s: %w", c, unwrapPath(err))
	}
	return nil
}

// fileList is what the page offers in its pickers.
type fileList struct {
	Models    []string `json:"models"`
	Machines  []string `json:"machines"`
	Results   []string `json:"results"` // JSON files: results and timelines
	Sources   []string `json:"sources"` // C files, for the source view
	Truncated bool     `json:"truncated,omitempty"`
}

// list walks the workspace (hidden folders and deep trees skipped).
func (ws *workspace) list() fileList {
	l := fileList{Models: []string{}, Machines: []string{}, Results: []string{}, Sources: []string{}}
	n := 0
	fs.WalkDir(ws.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			base := d.Name()
			if p != "." && (strings.HasPrefix(base, ".") || base == "node_modules" || base == "testdata" || strings.Count(p, "/") >= 4) {
				return fs.SkipDir
			}
			return nil
		}
		if n++; n > 5000 {
			l.Truncated = true
			return fs.SkipAll
		}
		switch strings.ToLower(path.Ext(p)) {
		case ".aug":
			l.Models = append(l.Models, p)
		case ".yaml", ".yml":
			l.Machines = append(l.Machines, p)
		case ".json":
			l.Results = append(l.Results, p)
		case ".c":
			l.Sources = append(l.Sources, p)
		}
		return nil
	})
	sort.Strings(l.Models)
	sort.Strings(l.Machines)
	sort.Strings(l.Results)
	sort.Strings(l.Sources)
	return l
}

func (s *Server) files(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.ws.list())
}

func (s *Server) readFile(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Query().Get("path")
	b, err := s.ws.read(p)
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, fs.ErrNotExist) {
			status = http.StatusNotFound
		}
		httpError(w, status, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"path": p, "text": string(b)})
}

func (s *Server) writeFile(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Path string `json:"path"`
		Text string `json:"text"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	if err := s.ws.write(req.Path, []byte(req.Text)); err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"path": req.Path, "saved": "yes"})
}
