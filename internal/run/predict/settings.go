package predict

import (
	"math"
	"path"

	"augur/internal/base/diag"
	"augur/internal/machine"
)

// Settings are the options of a prediction checked before its model and
// machine are read.
type Settings struct {
	Nodes, Procs, Threads int    // 0: the machine's, one per CPU, the default team
	Replications          int    // 1..100000
	Mapping               string // block, cyclic or a list of node ids
}

// MaxReplications is the most replications a prediction runs.
const MaxReplications = 100000

// CheckSettings checks s and reads its mapping. A count out of range is
// a *diag.GivenError of option "counts"; a mapping that does not
// read, of option "map".
func CheckSettings(s Settings) (machine.Mapping, []int, error) {
	if s.Nodes < 0 || s.Procs < 0 || s.Threads < 0 || s.Replications < 1 || s.Replications > MaxReplications {
		return 0, nil, diag.Givenf(diag.Option, "counts", "nodes, procs and threads must be ≥ 0 and replications 1..%d", MaxReplications)
	}
	how, explicit, err := machine.ParseMapping(s.Mapping)
	if err != nil {
		return 0, nil, diag.Givenf(diag.Option, "map", "%v", err)
	}
	return how, explicit, nil
}

// CheckOpOverrides checks what-if overrides of operation times: every
// pattern of speed matches an operation key and has a positive factor,
// every key of set is an operation with a non-negative time. Its errors
// are *diag.GivenError of option op-speed or op-time.
func CheckOpOverrides(speed, set map[string]float64) error {
	for pat, f := range speed {
		if !(f > 0) || math.IsInf(f, 0) {
			return diag.Optionf("op-speed", "%s=%g: the factor must be positive and finite", pat, f)
		}
		matched := false
		for _, k := range machine.OpKeys {
			if ok, err := path.Match(pat, k.Key); err != nil {
				return diag.Optionf("op-speed", "%s: %v", pat, err)
			} else if ok {
				matched = true
			}
		}
		if !matched {
			return diag.Optionf("op-speed", "%s: no operation matches (the keys are in docs/bench.md)", pat)
		}
	}
	for k, v := range set {
		if _, ok := machine.OpIndex(k); !ok {
			return diag.Optionf("op-time", "%s: unknown operation (the keys are in docs/bench.md)", k)
		}
		if !(v >= 0) || math.IsInf(v, 0) {
			return diag.Optionf("op-time", "%s=%g: the time must be non-negative and finite", k, v)
		}
	}
	return nil
}
