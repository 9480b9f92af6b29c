package netbench

import (
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/machine"
)

// ParseSize reads the largest message size of a measurement, the option
// named setting (units allowed: 4MiB): a whole number of bytes from 1 to
// MaxSize. The sizes measured are the powers of two (four) up to it.
func ParseSize(setting, v string) (int64, error) {
	f, err := machine.ParseSize(v)
	if err != nil || f < 1 || f > float64(MaxSize) || f != float64(int64(f)) {
		return 0, diag.Optionf(setting, "%q: want a whole size from 1 B to %d B (16MiB)", v, int64(MaxSize))
	}
	return int64(f), nil
}

// MPISettings are an MPI measurement's settings as text: the hosts
// H1,H2,..., the process counts P1,P2,... of the collectives, the
// collectives (a list of Collectives, all or none) and their largest
// size.
type MPISettings struct {
	Hosts, NP, Collectives, CollMaxSize string
	WorkDir                             string
}

// Options reads s into the options of an MPI measurement of ping-pongs
// up to maxSize, reps rounds. Its errors are *diag.GivenError of a diag.Option.
func (s MPISettings) Options(maxSize int64, reps int) (MPIOptions, error) {
	o := MPIOptions{Sizes: Sizes(maxSize), Reps: reps, Target: 0.01, WorkDir: s.WorkDir}
	for _, h := range strings.Split(s.Hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			o.Hosts = append(o.Hosts, h)
		}
	}
	if len(o.Hosts) == 0 {
		return o, diag.Optionf("hosts", "%q: want at least one host", s.Hosts)
	}
	for _, p := range strings.Split(s.NP, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 2 {
			return o, diag.Optionf("np", "%q: want process counts of at least 2", s.NP)
		}
		o.Procs = append(o.Procs, v)
	}
	switch s.Collectives {
	case "all":
		o.Colls = Collectives
	case "none":
	default:
		for _, c := range strings.Split(s.Collectives, ",") {
			c = strings.TrimSpace(c)
			known := false
			for _, k := range Collectives {
				known = known || k == c
			}
			if !known {
				return o, diag.Givenf(diag.Option, "collectives", "unknown collective %q (want %s, all or none)", c, strings.Join(Collectives, ", "))
			}
			o.Colls = append(o.Colls, c)
		}
	}
	cmax, err := ParseSize("coll-max-size", s.CollMaxSize)
	if err != nil {
		return o, err
	}
	for s := int64(1); s <= cmax; s *= 4 {
		o.CollSizes = append(o.CollSizes, s)
	}
	return o, nil
}
