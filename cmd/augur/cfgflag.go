package main

import (
	"errors"
	"fmt"
	"strings"

	"augur/internal/machine/netmodel"
)

// noteIgnored says on standard error which --cfg keys augur accepts for
// SimGrid's sake but that change nothing in its simulation, so that no
// setting is dropped silently, and returns the warnings for the output.
func noteIgnored(e *env, cmd string, cfg [][2]string) []string {
	var ws []string
	for _, kv := range cfg {
		if netmodel.IsIgnored(kv[0]) {
			w := fmt.Sprintf("--cfg %s: accepted as smpirun does, but it changes nothing in augur's simulation", kv[0])
			fmt.Fprintf(e.stderr, "augur %s: %s\n", cmd, w)
			ws = append(ws, w)
		}
	}
	return ws
}

// cfgFlag collects repeated --cfg KEY:VALUE, in order.
type cfgFlag [][2]string

func (c *cfgFlag) String() string {
	var s []string
	for _, kv := range *c {
		s = append(s, kv[0]+":"+kv[1])
	}
	return strings.Join(s, " ")
}

func (c *cfgFlag) Set(v string) error {
	k, val, err := netmodel.ParseCfg(v)
	if err != nil {
		// The flag package prints the text only: name the flag now.
		return errors.New(withFlags(err.Error(), err))
	}
	*c = append(*c, [2]string{k, val})
	return nil
}
