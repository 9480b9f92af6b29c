package main

import "flag"

// fitCommand is being built (see the issues); until then it says so.
func fitCommand() *command {
	c := &command{name: "fit", summary: "fit cost functions (Extra-P PMNF) to measurements", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur fit: not built yet\n"))
		return exitUsage
	}
	return c
}
