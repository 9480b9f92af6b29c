package platform

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"augur/internal/machine"
)

// TestTopologiesAgainstSimGrid compares every route of the platforms in
// testdata/topo (TORUS, FAT_TREE and DRAGONFLY clusters with and without
// loopback and limiter links, SPLITDUPLEX, SHARED and FATPIPE policies,
// two fat trees joined by zoneRoutes through hosts) with the routes
// SimGrid 3.32 itself computes: FILE.routes was written by
// testdata/topo/routes.cpp (g++ routes.cpp -lsimgrid; ./a.out FILE.xml),
// which lists for every pair of hosts (sorted by name) the route's latency
// and link names, then every link with bandwidth, latency and sharing
// policy (1 SHARED, 0 FATPIPE).
func TestTopologiesAgainstSimGrid(t *testing.T) {
	files, _ := filepath.Glob("testdata/topo/*.xml")
	if len(files) < 8 {
		t.Fatalf("%d platforms in testdata/topo", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			m, err := Load(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(f, ".xml") + ".routes")
			if err != nil {
				t.Fatal(err)
			}
			got := dumpRoutes(m)
			wl := strings.Split(strings.TrimSpace(string(want)), "\n")
			gl := strings.Split(strings.TrimSpace(got), "\n")
			bad := 0
			for i := 0; i < max(len(wl), len(gl)) && bad < 5; i++ {
				var w, g string
				if i < len(wl) {
					w = wl[i]
				}
				if i < len(gl) {
					g = gl[i]
				}
				if w != g {
					t.Errorf("line %d:\n got  %s\n want %s", i+1, g, w)
					bad++
				}
			}
		})
	}
}

// dumpRoutes writes what routes.cpp writes.
func dumpRoutes(m *machine.Machine) string {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	n := m.NumNodes()
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return m.HostName(idx[a]) < m.HostName(idx[b]) })
	used := map[int32]bool{}
	for _, a := range idx {
		for _, b := range idx {
			r := m.Route(a, b, nil)
			lat := 0.0
			for _, id := range r {
				lat += m.LinkOf(int(id)).Latency
			}
			fmt.Fprintf(w, "%s %s %s", m.HostName(a), m.HostName(b), strconv.FormatFloat(lat, 'g', 9, 64))
			for _, id := range r {
				fmt.Fprintf(w, " %s", m.LinkOf(int(id)).Name)
				used[id] = true
			}
			fmt.Fprintln(w)
		}
	}
	var links []machine.Link
	for id := range used {
		links = append(links, m.LinkOf(int(id)))
	}
	sort.Slice(links, func(i, j int) bool { return links[i].Name < links[j].Name })
	for _, l := range links {
		pol := 1
		if l.Sharing == machine.FatPipe {
			pol = 0
		}
		fmt.Fprintf(w, "link %s %s %s %d\n", l.Name, strconv.FormatFloat(l.Bandwidth, 'g', 9, 64), strconv.FormatFloat(l.Latency, 'g', 9, 64), pol)
	}
	w.Flush()
	return sb.String()
}
