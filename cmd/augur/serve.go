package main

import "flag"

// serveCommand is being built (see the issues); until then it says so.
func serveCommand() *command {
	c := &command{name: "serve", summary: "run the browser workbench on this machine", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur serve: not built yet\n"))
		return exitUsage
	}
	return c
}
