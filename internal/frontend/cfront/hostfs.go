package cfront

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"augur/internal/base/infile"
)

// headerFS is the file system cc reads #include files through (with
// cc.Config.FSOnly, so that cc opens nothing itself): the host's, but
// every header is opened as infile opens inputs. cc opens each candidate
// of the include search until one opens, so a named pipe with no writer
// found there would block the open forever, and a device such as
// /dev/zero would never end. Such a file, or one past a C source's cap,
// is refused and remembered: cc only learns that the header cannot be
// opened and goes on searching (then says "include file not found"),
// and translate puts the refusal in its place.
type headerFS struct {
	refused []refusedHeader // in the order cc met them
}

type refusedHeader struct {
	path string // as cc asked for it
	err  *infile.Error
}

// Open opens name (cc's path, absolute or relative to the working
// directory, with forward slashes) if it is a regular file within a C
// header's cap. A directory is not a header: it is "not there", as for
// gcc, which goes on to the next directory of the search.
func (h *headerFS) Open(name string) (fs.File, error) {
	path := filepath.FromSlash(name)
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	f, err := infile.Open(path, infile.CHeader)
	var refused *infile.Error
	if errors.As(err, &refused) {
		h.refused = append(h.refused, refusedHeader{path, refused})
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// refusal is the refusal of the header an #include of name asked for
// ("fifo.h", "sys/x.h"), if the search met one, or nil: the first path
// cc tried that ends with name, the one gcc would have read.
func (h *headerFS) refusal(name string) *infile.Error {
	name = filepath.Clean(filepath.FromSlash(name))
	for _, r := range h.refused {
		if r.path == name || strings.HasSuffix(r.path, string(filepath.Separator)+name) {
			return r.err
		}
	}
	return nil
}
