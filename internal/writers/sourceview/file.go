package sourceview

import (
	"os"

	"augur/internal/frontend/analyze"
)

// WriteFile writes to path the page of an analysis of the source files
// sources (each shown under its own name), titled title.
func WriteFile(path, title string, sources []string, r *analyze.Report, predicted []*float64) error {
	var files []File
	for _, name := range sources {
		f, err := ReadFile(name, name)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := Write(out, FromReport(title, files, r, predicted)); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
