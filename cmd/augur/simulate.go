package main

import "flag"

// simulateCommand is being built (see the issues); until then it says so.
func simulateCommand() *command {
	c := &command{name: "simulate", summary: "simulate a recorded thread trace on N processors (VPPB)", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur simulate: not built yet\n"))
		return exitUsage
	}
	return c
}
