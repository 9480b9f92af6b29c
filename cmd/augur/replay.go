package main

import "flag"

// replayCommand is being built (see the issues); until then it says so.
func replayCommand() *command {
	c := &command{name: "replay", summary: "replay MPI traces (SimGrid TiT) on a platform", usage: "...", help: "Not built yet."}
	c.run = func(e *env, args []string) int {
		if _, status, done := parseFlags(e, c, flag.NewFlagSet(c.name, flag.ContinueOnError), args); done {
			return status
		}
		e.stderr.Write([]byte("augur replay: not built yet\n"))
		return exitUsage
	}
	return c
}
