package main

import "flag"

// reportCommand is being built (see the issues); until then it says so.
func reportCommand() *command {
	c := &command{name: "report", summary: "write a self-contained HTML report of a result", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur report: not built yet\n"))
		return exitUsage
	}
	return c
}
