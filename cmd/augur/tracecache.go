package main

import (
	"flag"

	"augur/internal/frontend/tracecache"
)

// defineCacheFlag defines --no-cache, which replay and sweep take.
func defineCacheFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("no-cache", false, "read the trace from its text, neither using nor writing its compiled form in the trace cache (also AUGUR_CACHE=off; see docs/replay.md)")
}

// traceCache is the user's trace cache (tracecache.FromEnv), nil with
// --no-cache.
func traceCache(off bool) *tracecache.Cache {
	if off {
		return nil
	}
	return tracecache.FromEnv()
}
