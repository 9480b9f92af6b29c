// Package web holds the workbench's front-end (plain HTML, CSS and
// JavaScript, no build step), embedded in the augur binary. The page talks
// to the JSON API of package serve; docs/workbench.md describes both.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// FS is the front-end, index.html at its root.
func FS() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return sub
}
