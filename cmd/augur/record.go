package main

import "flag"

// recordCommand is being built (see the issues); until then it says so.
func recordCommand() *command {
	c := &command{name: "record", summary: "record a pthread or MPI program's trace", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur record: not built yet\n"))
		return exitUsage
	}
	return c
}
