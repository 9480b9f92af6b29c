package main

import "flag"

// validateCommand is being built (see the issues); until then it says so.
func validateCommand() *command {
	c := &command{name: "validate", summary: "compare predictions with measurements (seed 000 Table 2)", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur validate: not built yet\n"))
		return exitUsage
	}
	return c
}
