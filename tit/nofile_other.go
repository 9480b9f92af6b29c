//go:build !unix

package tit

// openFileLimit is how many trace files may be open at once.
func openFileLimit() int { return 256 }
