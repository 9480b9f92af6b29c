package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"augur/internal/frontend/otf2"
	"augur/internal/frontend/recorder/mpi"
	"augur/internal/machine"
	"augur/internal/machine/platform"
	"augur/internal/run/calib"
)

// recordingReference is the speed at which a recording (augur record
// --mpi, augur instrument --time) turns the measured seconds of a burst
// into flops: the recording host's, so that a replay on that host's
// machine file gives each burst the seconds it took. In order: the flop
// rate of the machine file of this host (machineFile, from augur bench
// machine), a speed given (given > 0, --ref-speed: stated as assumed),
// else this host's flop rate measured now with bench machine's kernel.
func recordingReference(machineFile string, given float64) (mpi.Reference, error) {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "thishost"
	}
	switch {
	case machineFile != "" && given > 0:
		return mpi.Reference{}, fmt.Errorf("--machine and --ref-speed both give the speed: give one")
	case machineFile != "":
		m, err := platform.LoadMachine(machineFile)
		if err != nil {
			return mpi.Reference{}, err
		}
		g, err := hostGroup(m, host)
		if err != nil {
			return mpi.Reference{}, fmt.Errorf("--machine %s: %w", machineFile, err)
		}
		abs, err := filepath.Abs(machineFile)
		if err != nil {
			abs = machineFile
		}
		return mpi.Reference{Speed: g.Flops, Host: host, Source: "machine file " + abs + ", node group " + g.Name}, nil
	case given > 0:
		// Stated without a source: the header calls it assumed.
		return mpi.Reference{Speed: given}, nil
	}
	const reps, run = 9, 20 * time.Millisecond
	f := calib.Flops(reps, run)
	if !(f > 0) || math.IsInf(f, 0) {
		return mpi.Reference{}, fmt.Errorf("measuring this host's flop rate gave %g flop/s: give --machine FILE (augur bench machine -o FILE)", f)
	}
	return mpi.Reference{Speed: f, Host: host,
		Source: fmt.Sprintf("measured at start with augur bench machine's flops kernel, lower quartile of %d runs of %v", reps, run)}, nil
}

// hostGroup is the node group of m that describes host: the only one,
// or the one named as augur bench machine names this host's.
func hostGroup(m *machine.Machine, host string) (*machine.Group, error) {
	g := &m.Groups[0]
	if len(m.Groups) > 1 {
		g = nil
		for i := range m.Groups {
			if m.Groups[i].Name == calib.GroupName(host) {
				g = &m.Groups[i]
			}
		}
		if g == nil {
			var names []string
			for _, gr := range m.Groups {
				names = append(names, gr.Name)
			}
			return nil, fmt.Errorf("%d node groups (%s) and none is named %s, this host: give the file augur bench machine wrote here",
				len(m.Groups), strings.Join(names, ", "), calib.GroupName(host))
		}
	}
	if !(g.Flops > 0) {
		return nil, fmt.Errorf("node group %s gives no flop rate (flops:): augur bench machine measures it", g.Name)
	}
	return g, nil
}

// refText says where a recording's speed came from, for its summary line.
func refText(ref mpi.Reference) string {
	if ref.Source == "" {
		return "given by --ref-speed; stated in the trace as assumed, not measured"
	}
	return "this host's, " + ref.Source
}

// flagError is a wrong flag value or combination (exit status 2).
type flagError struct{ error }

func (e *flagError) Unwrap() error { return e.error }

// otf2Reference is the speed of the host an OTF2 trace was recorded on,
// from --ref-speed or --ref-machine (the machine file of that host: its
// only node group, or the one named as bench machine names the host the
// trace says rank 0 ran on), and where it comes from; 0 when neither is
// given.
func otf2Reference(trace string, given float64, machineFile string) (float64, string, error) {
	switch {
	case given != 0 && machineFile != "":
		return 0, "", &flagError{fmt.Errorf("--ref-speed and --ref-machine both give the recording host's speed: give one")}
	case given < 0 || math.IsInf(given, 0) || math.IsNaN(given):
		return 0, "", &flagError{fmt.Errorf("--ref-speed %g: want a positive number of flop/s", given)}
	case given > 0:
		return given, "given by --ref-speed", nil
	case machineFile == "":
		return 0, "", nil
	}
	m, err := platform.LoadMachine(machineFile)
	if err != nil {
		return 0, "", err
	}
	host := ""
	if otf2.IsArchive(trace) {
		if a, err := otf2.Open(trace); err == nil && a.NP() > 0 {
			host = a.Host(0)
		}
	}
	g, err := hostGroup(m, host)
	if err != nil {
		return 0, "", fmt.Errorf("--ref-machine %s: %w", machineFile, err)
	}
	return g.Flops, "of machine file " + machineFile + ", node group " + g.Name, nil
}
