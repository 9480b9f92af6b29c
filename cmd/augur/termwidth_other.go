//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package main

import "os"

// ttyColumns cannot ask the terminal here: $COLUMNS or 80 columns.
func ttyColumns(*os.File) int { return 0 }
