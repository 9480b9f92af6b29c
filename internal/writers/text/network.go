package text

import (
	"fmt"
	"io"
	"strings"

	"augur/internal/run/netbench"
)

// Network writes augur bench network's report: the samples against the
// fitted model, the fit's segments, the SMPI settings and the collectives.
func Network(w io.Writer, r *netbench.Result) {
	fmt.Fprintf(w, "network to %s (%s ping-pong), one-way time (half a round trip)\n", r.Peer, strings.ToUpper(r.Method))
	fmt.Fprintf(w, "  %10s  %12s  %12s  %12s  %6s\n", "size", "min", "median", "model", "trips")
	for _, s := range r.Samples {
		fmt.Fprintf(w, "  %10d  %12s  %12s  %12s  %6d\n", s.Size, Duration(s.Min), Duration(s.Median), Duration(r.Fit.Time(s.Size)), s.Trips)
	}
	fmt.Fprintf(w, "latency    %s\nbandwidth  %s (%.4g Mbit/s)\n", Duration(r.Fit.Latency()), netbench.BW(r.Fit.Bandwidth()), r.Fit.Bandwidth()*8/1e6)
	fmt.Fprintf(w, "piecewise fit, %d segment(s), mean error %.2f %%:\n", len(r.Fit.Segments), 100*r.Fit.MeanRelErr)
	for _, g := range r.Fit.Segments {
		fmt.Fprintf(w, "  from %10d B  latency %s  bandwidth %s\n", g.From, Duration(g.Latency), netbench.BW(g.Bandwidth))
	}
	fmt.Fprintf(w, "SMPI: --network-model SMPI --cfg smpi/lat-factor:'%s' --cfg smpi/bw-factor:'%s'\n", r.LatFactor, r.BwFactor)
	for _, c := range r.Collectives {
		parts := make([]string, len(c.Samples))
		for i, s := range c.Samples {
			parts[i] = fmt.Sprintf("%d B %s", s.Size, Duration(s.Min))
		}
		fmt.Fprintf(w, "%s %d (%s), %d procs: %s\n", c.Name, c.Algorithm, c.AlgName, c.Procs, strings.Join(parts, ", "))
	}
}
