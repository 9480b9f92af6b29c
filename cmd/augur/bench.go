package main

import "flag"

// benchCommand is being built (see the issues); until then it says so.
func benchCommand() *command {
	c := &command{name: "bench", summary: "benchmark this machine (MTC/CTC) or a code block", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur bench: not built yet\n"))
		return exitUsage
	}
	return c
}
