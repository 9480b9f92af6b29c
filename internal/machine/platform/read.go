package platform

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"augur/internal/machine"
)

// Limits keep hostile files from exhausting memory.
const (
	maxHosts   = 1_000_000
	maxLinks   = 4_000_000
	maxGraphNP = 2048 // members of a Floyd/Dijkstra zone (all-pairs table)
)

type linkRef struct {
	id    int32 // SHARED/FATPIPE: the link; SPLITDUPLEX: the UP half, id+1 the DOWN half
	split bool
}

type builder struct {
	file   string
	dec    *xml.Decoder
	hosts  []hostDef
	links  []machine.Link
	lnames map[string]linkRef
	nps    []netpoint
	npName map[string]int32
	zones  []*zone
	config map[string]string
	// profiles by the file name given, read once however many
	// elements name them.
	profiles map[string]*machine.Profile
	// Inline profiles: <trace> by id, the one being read, and the
	// <trace_connect>s, applied once every element is known.
	traces   map[string]*machine.Profile
	trace    *traceDef
	connects []traceConnect
	stack    []int32 // open zones
	// current route being read
	route     *zroute
	routeKey  [2]int32
	routeSym  bool
	routeZone int32
	routeLine int
	inRoute   bool
	version   string
	sawRoot   bool
	// SimGrid's per-process counters (see topo.go): fat-tree host
	// positions, fat-tree and dragonfly link numbers.
	ftPosition, ftLinkID, dfLinkID int
}

func (b *builder) line() int {
	l, _ := b.dec.InputPos()
	return l
}

func (b *builder) errf(format string, args ...any) error {
	return &Error{File: b.file, Line: b.line(), Msg: fmt.Sprintf(format, args...)}
}

type attrs map[string]string

func (b *builder) attrs(se xml.StartElement, allowed ...string) (attrs, error) {
	a := attrs{}
	for _, at := range se.Attr {
		name := at.Name.Local
		if !contains(allowed, name) {
			return nil, b.errf("<%s>: unknown attribute %q (want %s)", se.Name.Local, name, strings.Join(allowed, ", "))
		}
		a[name] = at.Value
	}
	return a, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (b *builder) need(se xml.StartElement, a attrs, names ...string) error {
	for _, n := range names {
		if _, ok := a[n]; !ok {
			return b.errf("<%s>: missing attribute %q", se.Name.Local, n)
		}
	}
	return nil
}

func (b *builder) num(t unitTable, what, s string) (float64, error) {
	v, err := t.parse(s)
	if err != nil {
		return 0, b.errf("%s: %v", what, err)
	}
	return v, nil
}

func (b *builder) read(data []byte) (err error) {
	b.dec = xml.NewDecoder(bytes.NewReader(data))
	b.dec.Strict = true
	b.dec.Entity = xml.HTMLEntity
	b.lnames = map[string]linkRef{}
	b.npName = map[string]int32{}
	b.config = map[string]string{}
	b.profiles = map[string]*machine.Profile{}
	depth := 0
	var elems []string
	for {
		tok, err := b.dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			msg := err.Error()
			if se, ok := err.(*xml.SyntaxError); ok {
				return &Error{File: b.file, Line: max(se.Line, 1), Msg: "XML syntax: " + se.Msg}
			}
			return b.errf("XML: %s", msg)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth > 200 {
				return b.errf("elements nested too deeply")
			}
			parent := ""
			if len(elems) > 0 {
				parent = elems[len(elems)-1]
			}
			elems = append(elems, t.Name.Local)
			if err := b.start(t, parent); err != nil {
				return err
			}
		case xml.EndElement:
			depth--
			elems = elems[:len(elems)-1]
			if err := b.end(t); err != nil {
				return err
			}
		case xml.CharData:
			if b.trace != nil && len(elems) > 0 && elems[len(elems)-1] == "trace" {
				if b.trace.text.Len()+len(t) > maxTraceText {
					return b.errf("<trace>: more than %d bytes of text", maxTraceText)
				}
				b.trace.text.Write(t)
				continue
			}
			if len(bytes.TrimSpace(t)) > 0 && len(elems) > 0 {
				return b.errf("unexpected text %q in <%s>", truncate(string(bytes.TrimSpace(t))), elems[len(elems)-1])
			}
		}
	}
	if !b.sawRoot {
		return &Error{File: b.file, Line: 1, Msg: "no <platform> element"}
	}
	if err := b.connectTraces(); err != nil {
		return err
	}
	if len(b.hosts) == 0 {
		return &Error{File: b.file, Line: 1, Msg: "the platform has no hosts"}
	}
	return nil
}

func truncate(s string) string {
	if len(s) > 30 {
		return s[:30] + "..."
	}
	return s
}

func (b *builder) curZone() int32 {
	if len(b.stack) == 0 {
		return -1
	}
	return b.stack[len(b.stack)-1]
}

func (b *builder) addNP(name string, kind npKind, idx int32) (int32, error) {
	if _, dup := b.npName[name]; dup {
		return 0, b.errf("duplicate name %q (hosts, routers and zones share one name space)", name)
	}
	id := int32(len(b.nps))
	b.nps = append(b.nps, netpoint{name: name, kind: kind, zone: b.curZone(), idx: idx, pos: -1})
	b.npName[name] = id
	return id, nil
}

func (b *builder) addLink(name string, bw, lat float64, policy string) (linkRef, error) {
	if _, dup := b.lnames[name]; dup {
		return linkRef{}, b.errf("duplicate link %q", name)
	}
	if len(b.links)+2 > maxLinks {
		return linkRef{}, b.errf("more than %d links", maxLinks)
	}
	if !(bw > 0) {
		return linkRef{}, b.errf("link %q: bandwidth must be positive", name)
	}
	id := int32(len(b.links))
	switch strings.ToUpper(policy) {
	case "", "SHARED":
		b.links = append(b.links, machine.Link{Name: name, Latency: lat, Bandwidth: bw, Sharing: machine.Shared})
		b.lnames[name] = linkRef{id: id}
	case "FATPIPE":
		b.links = append(b.links, machine.Link{Name: name, Latency: lat, Bandwidth: bw, Sharing: machine.FatPipe})
		b.lnames[name] = linkRef{id: id}
	case "SPLITDUPLEX", "FULLDUPLEX":
		b.links = append(b.links,
			machine.Link{Name: name + "_UP", Latency: lat, Bandwidth: bw},
			machine.Link{Name: name + "_DOWN", Latency: lat, Bandwidth: bw})
		b.lnames[name] = linkRef{id: id, split: true}
	default:
		return linkRef{}, b.errf("link %q: unknown sharing_policy %q (want SHARED, SPLITDUPLEX or FATPIPE)", name, policy)
	}
	return b.lnames[name], nil
}

func (b *builder) start(se xml.StartElement, parent string) error {
	name := se.Name.Local
	inZone := parent == "zone" || parent == "AS"
	switch name {
	case "platform":
		if parent != "" {
			return b.errf("<platform> must be the root element")
		}
		a, err := b.attrs(se, "version")
		if err != nil {
			return err
		}
		b.version = a["version"]
		if v := b.version; v != "" && v != "4.1" && v != "4" {
			return b.errf("platform version %q: augur reads version 4.1 (run SimGrid's simgrid_update_xml on older files)", v)
		}
		b.sawRoot = true
	case "config":
		if parent != "platform" {
			return b.errf("<config> belongs directly in <platform>")
		}
		if _, err := b.attrs(se, "id"); err != nil {
			return err
		}
	case "prop":
		a, err := b.attrs(se, "id", "value")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id", "value"); err != nil {
			return err
		}
		if parent == "config" {
			b.config[a["id"]] = a["value"]
		}
	case "zone", "AS":
		if parent != "platform" && !inZone {
			return b.errf("<%s> belongs in <platform> or in another zone", name)
		}
		a, err := b.attrs(se, "id", "routing")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id"); err != nil {
			return err
		}
		var kind routing
		switch a["routing"] {
		case "Full":
			kind = rFull
		case "Floyd":
			kind = rFloyd
		case "Dijkstra", "DijkstraCache":
			kind = rDijkstra
		case "None", "":
			kind = rNone
		case "Cluster":
			kind = rCluster
		default:
			return b.errf("zone %q: routing %q is not supported (want Full, Floyd, Dijkstra, DijkstraCache, Cluster or None)", a["id"], a["routing"])
		}
		if len(b.stack) == 0 && len(b.zones) > 0 {
			return b.errf("zone %q: a platform has one root zone", a["id"])
		}
		zi, err := b.openZone(a["id"], kind)
		if err == nil && kind == rCluster {
			// A cluster written by hand: <host>s, their <host_link>s and
			// a <backbone>, routed as <cluster> is.
			b.zones[zi].cl = &cluster{backbone: -1, router: -1}
		}
		return err
	case "host":
		if !inZone {
			return b.errf("<host> belongs in a zone")
		}
		a, err := b.attrs(se, "id", "speed", "core", "speed_file", "availability_file", "state_file", "pstate", "coordinates")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id", "speed"); err != nil {
			return err
		}
		// A list of speeds gives power states; pstate (default 0) picks one.
		speeds := strings.Split(a["speed"], ",")
		ps := 0
		if s, ok := a["pstate"]; ok {
			if ps, err = strconv.Atoi(s); err != nil || ps < 0 || ps >= len(speeds) {
				return b.errf("host %q: pstate %q out of range", a["id"], s)
			}
		}
		speed, err := b.num(speedUnits, "host "+a["id"]+" speed", speeds[ps])
		if err != nil {
			return err
		}
		if !(speed > 0) {
			return b.errf("host %q: speed must be positive", a["id"])
		}
		cores := 1
		if s, ok := a["core"]; ok {
			if cores, err = strconv.Atoi(strings.TrimSpace(s)); err != nil || cores < 1 || cores > machine.MaxCPUs {
				return b.errf("host %q: core %q is not a count in [1, %d]", a["id"], s, machine.MaxCPUs)
			}
		}
		pos := int32(-1)
		if c := b.zones[b.curZone()].cl; c != nil {
			pos = int32(len(c.up))
			c.up, c.down, c.loop, c.lim = append(c.up, -1), append(c.down, -1), append(c.loop, -1), append(c.lim, -1)
		}
		if err := b.addHost(a["id"], speed, cores, pos); err != nil {
			return err
		}
		return b.hostProfiles(a)
	case "router":
		if !inZone {
			return b.errf("<router> belongs in a zone")
		}
		a, err := b.attrs(se, "id", "coordinates")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id"); err != nil {
			return err
		}
		_, err = b.addNP(a["id"], npRouter, -1)
		return err
	case "link":
		if !inZone {
			return b.errf("<link> belongs in a zone")
		}
		a, err := b.attrs(se, "id", "bandwidth", "latency", "sharing_policy", "bandwidth_file", "latency_file", "state_file")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id", "bandwidth"); err != nil {
			return err
		}
		bw, err := b.num(bwUnits, "link "+a["id"]+" bandwidth", strings.Split(a["bandwidth"], ",")[0])
		if err != nil {
			return err
		}
		lat := 0.0
		if s, ok := a["latency"]; ok {
			if lat, err = b.num(timeUnits, "link "+a["id"]+" latency", s); err != nil {
				return err
			}
		}
		ref, err := b.addLink(a["id"], bw, lat, a["sharing_policy"])
		if err != nil {
			return err
		}
		return b.linkProfiles(a, ref)
	case "route", "zoneRoute", "ASroute", "bypassRoute", "bypassZoneRoute":
		if !inZone {
			return b.errf("<%s> belongs in a zone", name)
		}
		if strings.HasPrefix(name, "bypass") {
			return b.startBypass(se, name)
		}
		return b.startRoute(se, name)
	case "link_ctn":
		if !b.inRoute {
			return b.errf("<link_ctn> belongs in a route")
		}
		a, err := b.attrs(se, "id", "direction")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id"); err != nil {
			return err
		}
		ref, ok := b.lnames[a["id"]]
		if !ok {
			return b.errf("route: unknown link %q", a["id"])
		}
		id := ref.id
		if ref.split {
			switch strings.ToUpper(a["direction"]) {
			case "UP":
			case "DOWN":
				id++
			case "":
				return b.errf("route: link %q is SPLITDUPLEX: give direction=\"UP\" or \"DOWN\"", a["id"])
			default:
				return b.errf("route: link %q: direction %q (want UP or DOWN)", a["id"], a["direction"])
			}
		} else if d := a["direction"]; d != "" && d != "NONE" {
			return b.errf("route: link %q is not SPLITDUPLEX, direction %q makes no sense", a["id"], d)
		}
		b.route.links = append(b.route.links, id)
	case "cluster":
		if parent != "platform" && !inZone {
			return b.errf("<cluster> belongs in <platform> or in a zone")
		}
		return b.cluster(se)
	case "include":
		// As SimGrid 3.32 does (checked: smpirun stops on it too).
		return b.errf("<include> was removed in SimGrid 3.18, and SimGrid 3.32 refuses it as well: put the included file's elements here")
	case "backbone", "host_link":
		if !inZone {
			return b.errf("<%s> belongs in a zone", name)
		}
		return b.handCluster(se)
	case "trace":
		if parent != "platform" && !inZone {
			return b.errf("<trace> belongs in <platform> or in a zone")
		}
		return b.startTrace(se)
	case "trace_connect":
		if parent != "platform" && !inZone {
			return b.errf("<trace_connect> belongs in <platform> or in a zone")
		}
		return b.traceConnect(se)
	case "cabinet", "peer", "storage", "storage_type",
		"mount", "disk", "actor", "process", "argument", "model_prop", "random":
		return b.errf("<%s> is not supported by augur's platform reader", name)
	default:
		return b.errf("unknown element <%s>", name)
	}
	return nil
}

func (b *builder) openZone(id string, kind routing) (int32, error) {
	zi := int32(len(b.zones))
	z := &zone{id: id, kind: kind, parent: b.curZone(), np: -1}
	if z.parent >= 0 {
		z.depth = b.zones[z.parent].depth + 1
		np, err := b.addNP(id, npZone, zi)
		if err != nil {
			return 0, err
		}
		z.np = np
	} else if _, dup := b.npName[id]; dup {
		return 0, b.errf("duplicate name %q", id)
	}
	if kind == rFull || kind == rFloyd || kind == rDijkstra {
		z.full = map[[2]int32]*zroute{}
	}
	b.zones = append(b.zones, z)
	b.stack = append(b.stack, zi)
	return zi, nil
}

func (b *builder) addHost(name string, speed float64, cores int, pos int32) error {
	if len(b.hosts) >= maxHosts {
		return b.errf("more than %d hosts", maxHosts)
	}
	np, err := b.addNP(name, npHost, int32(len(b.hosts)))
	if err != nil {
		return err
	}
	b.nps[np].pos = pos
	b.hosts = append(b.hosts, hostDef{name: name, speed: speed, cores: cores, np: np})
	return nil
}

func (b *builder) startRoute(se xml.StartElement, name string) error {
	zi := b.curZone()
	z := b.zones[zi]
	isZone := name != "route"
	allowed := []string{"src", "dst", "symmetrical"}
	if isZone {
		allowed = append(allowed, "gw_src", "gw_dst")
	}
	a, err := b.attrs(se, allowed...)
	if err != nil {
		return err
	}
	if err := b.need(se, a, "src", "dst"); err != nil {
		return err
	}
	if isZone {
		if err := b.need(se, a, "gw_src", "gw_dst"); err != nil {
			return err
		}
	}
	if z.kind == rNone {
		return b.errf("zone %q has routing None: it takes no routes", z.id)
	}
	if z.kind == rCluster {
		return b.errf("zone %q has routing Cluster: its routes come from <host_link> and <backbone>, it takes no <%s>", z.id, name)
	}
	look := func(attr string) (int32, error) {
		id, ok := b.npName[a[attr]]
		if !ok {
			return 0, b.errf("%s: %s %q is not a host, router or zone declared before", name, attr, a[attr])
		}
		return id, nil
	}
	src, err := look("src")
	if err != nil {
		return err
	}
	dst, err := look("dst")
	if err != nil {
		return err
	}
	for _, p := range []int32{src, dst} {
		if b.nps[p].zone != zi {
			return b.errf("%s: %q is not directly in zone %q", name, b.nps[p].name, z.id)
		}
		if isZone != (b.nps[p].kind == npZone) {
			if isZone {
				return b.errf("zoneRoute: %q is not a zone (use <route> between hosts and routers)", b.nps[p].name)
			}
			return b.errf("route: %q is a zone (use <zoneRoute> with gw_src and gw_dst)", b.nps[p].name)
		}
	}
	r := &zroute{gwSrc: -1, gwDst: -1}
	if isZone {
		if r.gwSrc, err = look("gw_src"); err != nil {
			return err
		}
		if r.gwDst, err = look("gw_dst"); err != nil {
			return err
		}
		if !b.inside(r.gwSrc, b.nps[src].idx) || !b.inside(r.gwDst, b.nps[dst].idx) {
			return b.errf("zoneRoute: gateways must lie inside the zones they leave and enter")
		}
	}
	sym := true
	switch strings.ToUpper(a["symmetrical"]) {
	case "", "YES", "TRUE":
	case "NO", "FALSE":
		sym = false
	default:
		return b.errf("%s: symmetrical %q (want YES or NO)", name, a["symmetrical"])
	}
	b.route, b.routeKey, b.routeSym, b.routeZone, b.inRoute = r, [2]int32{src, dst}, sym, zi, true
	b.routeLine = b.line()
	return nil
}

// inside reports whether netpoint p lies in zone zi or below it.
func (b *builder) inside(p, zi int32) bool {
	for z := b.nps[p].zone; z >= 0; z = b.zones[z].parent {
		if z == zi {
			return true
		}
	}
	return false
}

func (b *builder) end(ee xml.EndElement) error {
	switch ee.Name.Local {
	case "zone", "AS":
		zi := b.curZone()
		b.stack = b.stack[:len(b.stack)-1]
		return b.finishZone(b.zones[zi])
	case "trace":
		return b.endTrace()
	case "bypassRoute", "bypassZoneRoute", "bypassASroute":
		b.inRoute = false
		z := b.zones[b.routeZone]
		if len(b.route.links) == 0 {
			// As SimGrid: "Bypass route between A and B cannot be empty".
			return &Error{File: b.file, Line: b.routeLine, Msg: fmt.Sprintf("%s from %q to %q has no links (SimGrid refuses empty bypass routes)",
				ee.Name.Local, b.nps[b.routeKey[0]].name, b.nps[b.routeKey[1]].name)}
		}
		if z.bypass == nil {
			z.bypass = map[[2]int32]*zroute{}
		}
		z.bypass[b.routeKey] = b.route
	case "route", "zoneRoute", "ASroute":
		b.inRoute = false
		z := b.zones[b.routeZone]
		r := b.route
		key := b.routeKey
		if z.kind != rFull {
			// Graph zones: each route is an edge.
			if z.edges == nil {
				z.edges = map[int32][]gedge{}
			}
			z.edges[key[0]] = append(z.edges[key[0]], gedge{key[0], key[1], r})
			if key[0] == key[1] {
				z.full[key] = r
			}
			if b.routeSym && key[0] != key[1] {
				rev := b.reverse(r)
				z.edges[key[1]] = append(z.edges[key[1]], gedge{key[1], key[0], rev})
			}
			return nil
		}
		if _, dup := z.full[key]; dup {
			return b.errf("route from %q to %q given twice", b.nps[key[0]].name, b.nps[key[1]].name)
		}
		z.full[key] = r
		if b.routeSym && key[0] != key[1] {
			rk := [2]int32{key[1], key[0]}
			if _, dup := z.full[rk]; !dup {
				z.full[rk] = b.reverse(r)
			}
		}
	}
	return nil
}

// reverse is the route back: links in reverse order, the other half of
// split-duplex links, gateways swapped.
func (b *builder) reverse(r *zroute) *zroute {
	out := &zroute{links: make([]int32, len(r.links)), gwSrc: r.gwDst, gwDst: r.gwSrc}
	for i, id := range r.links {
		name := b.links[id].Name
		if strings.HasSuffix(name, "_UP") && int(id+1) < len(b.links) && b.links[id+1].Name == strings.TrimSuffix(name, "_UP")+"_DOWN" {
			id++
		} else if strings.HasSuffix(name, "_DOWN") && id > 0 && b.links[id-1].Name == strings.TrimSuffix(name, "_DOWN")+"_UP" {
			id--
		}
		out.links[len(r.links)-1-i] = id
	}
	return out
}

// finishZone computes the all-pairs next-hop table of graph zones (edge
// weight 1 per route: fewest hops; ties go to the edge declared first).
func (b *builder) finishZone(z *zone) error {
	if z.kind != rFloyd && z.kind != rDijkstra {
		return nil
	}
	seen := map[int32]bool{}
	for np, es := range z.edges {
		seen[np] = true
		for _, e := range es {
			seen[e.to] = true
		}
	}
	for m := range seen {
		z.members = append(z.members, m)
	}
	sort.Slice(z.members, func(i, j int) bool { return z.members[i] < z.members[j] })
	n := len(z.members)
	if n > maxGraphNP {
		return b.errf("zone %q: %d members in a %s zone, at most %d", z.id, n, map[routing]string{rFloyd: "Floyd", rDijkstra: "Dijkstra"}[z.kind], maxGraphNP)
	}
	z.memIdx = make(map[int32]int, n)
	for i, m := range z.members {
		z.memIdx[m] = i
	}
	for _, m := range z.members {
		z.elist = append(z.elist, z.edges[m]...)
	}
	z.next = make([][]int32, n)
	// One breadth-first search per source: fewest hops.
	for s := range n {
		next := make([]int32, n)
		for i := range next {
			next[i] = -1
		}
		dist := make([]int, n)
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue := []int{s}
		first := make([]int32, n) // first edge taken from s on the path to i
		for qi := 0; qi < len(queue); qi++ {
			u := queue[qi]
			for ei := range z.elist {
				e := &z.elist[ei]
				if z.memIdx[e.from] != u {
					continue
				}
				v := z.memIdx[e.to]
				if dist[v] >= 0 {
					continue
				}
				dist[v] = dist[u] + 1
				if u == s {
					first[v] = int32(ei)
				} else {
					first[v] = first[u]
				}
				next[v] = first[v]
				queue = append(queue, v)
			}
		}
		z.next[s] = next
	}
	return nil
}

// cluster reads <cluster>: a zone of hosts prefix+N+suffix for N in
// radical, each with a private link (SPLITDUPLEX by default), optional
// loopback and limiter links, a backbone, and a router to leave it.
func (b *builder) cluster(se xml.StartElement) error {
	a, err := b.attrs(se, "id", "prefix", "suffix", "radical", "speed", "core", "bw", "lat", "sharing_policy",
		"topology", "topo_parameters", "bb_bw", "bb_lat", "bb_sharing_policy", "loopback_bw", "loopback_lat",
		"limiter_link", "router_id", "availability_file", "state_file")
	if err != nil {
		return err
	}
	for _, at := range []string{"availability_file", "state_file"} {
		if _, ok := a[at]; ok {
			// Checked with smpirun: "Bad attribute `availability_file' in `cluster'".
			return b.errf("<cluster>: SimGrid 3.32 refuses %s on a cluster; give profiles to hosts declared with <host>", at)
		}
	}
	if err := b.need(se, a, "id", "prefix", "suffix", "radical", "speed", "bw", "lat"); err != nil {
		return err
	}
	id := a["id"]
	kind := rCluster
	var hk hierKind
	switch strings.ToUpper(a["topology"]) {
	case "", "FLAT":
	case "TORUS":
		kind, hk = rHier, hTorus
	case "FAT_TREE":
		kind, hk = rHier, hFatTree
	case "DRAGONFLY":
		kind, hk = rHier, hDragonfly
	default:
		return b.errf("cluster %q: topology %q (want FLAT, TORUS, FAT_TREE or DRAGONFLY)", id, a["topology"])
	}
	ids, err := radical(a["radical"])
	if err != nil {
		return b.errf("cluster %q: %v", id, err)
	}
	if len(ids) > maxHosts-len(b.hosts) {
		return b.errf("cluster %q: more than %d hosts", id, maxHosts)
	}
	speed, err := b.num(speedUnits, "cluster "+id+" speed", strings.Split(a["speed"], ",")[0])
	if err != nil {
		return err
	}
	if !(speed > 0) {
		return b.errf("cluster %q: speed must be positive", id)
	}
	cores := 1
	if s, ok := a["core"]; ok {
		if cores, err = strconv.Atoi(strings.TrimSpace(s)); err != nil || cores < 1 || cores > machine.MaxCPUs {
			return b.errf("cluster %q: core %q is not a count in [1, %d]", id, s, machine.MaxCPUs)
		}
	}
	bw, err := b.num(bwUnits, "cluster "+id+" bw", a["bw"])
	if err != nil {
		return err
	}
	lat, err := b.num(timeUnits, "cluster "+id+" lat", a["lat"])
	if err != nil {
		return err
	}
	policy := a["sharing_policy"]
	if policy == "" {
		policy = "SPLITDUPLEX"
	}
	zi, err := b.openZone(id, kind)
	if err != nil {
		return err
	}
	z := b.zones[zi]
	n := len(ids)
	if kind == rHier {
		cs := &clusterShape{id: id, n: n, bw: bw, lat: lat}
		switch strings.ToUpper(policy) {
		case "SPLITDUPLEX", "FULLDUPLEX":
			cs.split = true
		case "SHARED", "FATPIPE":
		default:
			return b.errf("cluster %q: unknown sharing_policy %q (want SHARED, SPLITDUPLEX or FATPIPE)", id, policy)
		}
		var loopBW, loopLat float64
		if s, ok := a["loopback_bw"]; ok {
			if loopBW, err = b.num(bwUnits, "cluster "+id+" loopback_bw", s); err != nil {
				return err
			}
		}
		if s, ok := a["loopback_lat"]; ok {
			if loopLat, err = b.num(timeUnits, "cluster "+id+" loopback_lat", s); err != nil {
				return err
			}
		}
		if s, ok := a["limiter_link"]; ok {
			if cs.limiterBW, err = b.num(bwUnits, "cluster "+id+" limiter_link", s); err != nil {
				return err
			}
		}
		if err := b.hierCluster(z, cs, hk, a["topo_parameters"], ids, a["prefix"], a["suffix"], speed, cores, loopBW, loopLat); err != nil {
			return err
		}
		// SimGrid 3.32 gives these clusters neither backbone nor router.
		b.stack = b.stack[:len(b.stack)-1]
		return nil
	}
	c := &cluster{up: make([]int32, n), down: make([]int32, n), loop: make([]int32, n), lim: make([]int32, n), backbone: -1}
	z.cl = c
	var loopBW, loopLat, limBW float64
	_, hasLoop := a["loopback_bw"]
	if hasLoop {
		if loopBW, err = b.num(bwUnits, "cluster "+id+" loopback_bw", a["loopback_bw"]); err != nil {
			return err
		}
		if s, ok := a["loopback_lat"]; ok {
			if loopLat, err = b.num(timeUnits, "cluster "+id+" loopback_lat", s); err != nil {
				return err
			}
		}
	}
	_, hasLim := a["limiter_link"]
	if hasLim {
		if limBW, err = b.num(bwUnits, "cluster "+id+" limiter_link", a["limiter_link"]); err != nil {
			return err
		}
	}
	for i, num := range ids {
		name := a["prefix"] + strconv.Itoa(num) + a["suffix"]
		if err := b.addHost(name, speed, cores, int32(i)); err != nil {
			return err
		}
		c.up[i], c.down[i], c.loop[i], c.lim[i] = -1, -1, -1, -1
		if hasLoop {
			r, err := b.addLink(id+"_link_"+strconv.Itoa(num)+"_loopback", loopBW, loopLat, "FATPIPE")
			if err != nil {
				return err
			}
			c.loop[i] = r.id
		}
		if hasLim {
			r, err := b.addLink(id+"_link_"+strconv.Itoa(num)+"_limiter", limBW, 0, "SHARED")
			if err != nil {
				return err
			}
			c.lim[i] = r.id
		}
		r, err := b.addLink(id+"_link_"+strconv.Itoa(num), bw, lat, policy)
		if err != nil {
			return err
		}
		c.up[i], c.down[i] = r.id, r.id
		if r.split {
			c.down[i] = r.id + 1
		}
	}
	if s, ok := a["bb_bw"]; ok {
		bbBW, err := b.num(bwUnits, "cluster "+id+" bb_bw", s)
		if err != nil {
			return err
		}
		bbLat := 0.0
		if s, ok := a["bb_lat"]; ok {
			if bbLat, err = b.num(timeUnits, "cluster "+id+" bb_lat", s); err != nil {
				return err
			}
		}
		r, err := b.addLink(id+"_backbone", bbBW, bbLat, a["bb_sharing_policy"])
		if err != nil {
			return err
		}
		if r.split {
			return b.errf("cluster %q: the backbone cannot be SPLITDUPLEX", id)
		}
		c.backbone = r.id
	}
	rid := a["router_id"]
	if rid == "" {
		rid = a["prefix"] + id + "_router" + a["suffix"]
	}
	if c.router, err = b.addNP(rid, npRouter, -1); err != nil {
		return err
	}
	b.stack = b.stack[:len(b.stack)-1]
	return nil
}

// radical reads "0-99" or "1,3,5-7".
func radical(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil || a < 0 {
			return nil, fmt.Errorf("radical %q: %q is not a number or range", s, part)
		}
		bnd := a
		if isRange {
			if bnd, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || bnd < a {
				return nil, fmt.Errorf("radical %q: %q is not a range", s, part)
			}
		}
		if bnd-a >= maxHosts || len(out)+bnd-a >= maxHosts {
			return nil, fmt.Errorf("radical %q: more than %d hosts", s, maxHosts)
		}
		for i := a; i <= bnd; i++ {
			out = append(out, i)
		}
	}
	return out, nil
}

// machine assembles the Machine: hosts in declaration order, one group per
// run of hosts with equal speed and cores.
func (b *builder) machine() (*machine.Machine, error) {
	r := &router{nps: b.nps, zones: b.zones, hosts: make([]int32, len(b.hosts))}
	topo := &machine.Topology{Links: b.links, Router: r, Hosts: make([]string, len(b.hosts))}
	m := &machine.Machine{Name: strings.TrimSuffix(baseName(b.file), ".xml"), Switches: []string{"platform"}, Topo: topo}
	for i, h := range b.hosts {
		r.hosts[i] = h.np
		topo.Hosts[i] = h.name
		if n := len(m.Groups); n > 0 && m.Groups[n-1].Flops == h.speed && m.Groups[n-1].CPUs == h.cores &&
			m.Groups[n-1].SpeedProfile == h.speedProf && m.Groups[n-1].StateProfile == h.stateProf {
			m.Groups[n-1].Count++
			continue
		}
		// SimGrid shares a host's cores fairly among the actors computing
		// on it (processor sharing).
		m.Groups = append(m.Groups, machine.Group{Name: h.name, Count: 1, CPUs: h.cores, Speed: 1, Flops: h.speed,
			Scheduler: machine.Share, Link: machine.LinkSpec{Bandwidth: math.Inf(1)},
			SpeedProfile: h.speedProf, StateProfile: h.stateProf})
	}
	// The model's loopback (network/loopback-*) serves a host talking to
	// itself without a loopback link; PathCost reports it as intra-node.
	m.Net = machine.Network{IntraLatency: 0, IntraBandwidth: 10e9, EagerThreshold: 65536, Model: "SMPI", Config: map[string]string{}}
	for k, v := range b.config {
		m.Net.Config[k] = v
	}
	if v, ok := m.Net.Config["network/model"]; ok {
		m.Net.Model = v
		delete(m.Net.Config, "network/model")
	}
	if err := m.Validate(); err != nil {
		return nil, &Error{File: b.file, Line: 1, Msg: err.Error()}
	}
	return m, nil
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// handCluster reads <backbone> and <host_link>, the elements of a zone
// with routing Cluster (SimGrid's cluster written by hand): the backbone
// is a SHARED link every route between two hosts crosses, and a host
// link names the private links a host leaves by (up) and enters by
// (down), as "NAME_UP" and "NAME_DOWN" for a SPLITDUPLEX link.
func (b *builder) handCluster(se xml.StartElement) error {
	z := b.zones[b.curZone()]
	if z.kind != rCluster {
		return b.errf("<%s> belongs in a zone with routing=\"Cluster\" (zone %q has another routing)", se.Name.Local, z.id)
	}
	c := z.cl
	if se.Name.Local == "backbone" {
		a, err := b.attrs(se, "id", "bandwidth", "latency")
		if err != nil {
			return err
		}
		if err := b.need(se, a, "id", "bandwidth", "latency"); err != nil {
			return err
		}
		if c.backbone >= 0 {
			return b.errf("zone %q: a cluster has one backbone", z.id)
		}
		bw, err := b.num(bwUnits, "backbone "+a["id"]+" bandwidth", a["bandwidth"])
		if err != nil {
			return err
		}
		lat, err := b.num(timeUnits, "backbone "+a["id"]+" latency", a["latency"])
		if err != nil {
			return err
		}
		r, err := b.addLink(a["id"], bw, lat, "SHARED")
		if err != nil {
			return err
		}
		c.backbone = r.id
		return nil
	}
	a, err := b.attrs(se, "id", "up", "down")
	if err != nil {
		return err
	}
	if err := b.need(se, a, "id", "up", "down"); err != nil {
		return err
	}
	np, ok := b.npName[a["id"]]
	if !ok || b.nps[np].kind != npHost || b.nps[np].zone != b.curZone() {
		return b.errf("host_link: %q is not a host of zone %q declared before", a["id"], z.id)
	}
	pos := b.nps[np].pos
	if c.up[pos] >= 0 {
		return b.errf("host_link: host %q has its links already", a["id"])
	}
	if c.up[pos], err = b.linkByName("host_link up", a["up"]); err != nil {
		return err
	}
	c.down[pos], err = b.linkByName("host_link down", a["down"])
	return err
}

// linkByName finds one link by the name SimGrid gives it: its id, or for
// the halves of a SPLITDUPLEX link, ID_UP and ID_DOWN.
func (b *builder) linkByName(what, name string) (int32, error) {
	ids, err := b.linkHalves(name)
	if err != nil {
		return 0, b.errf("%s: unknown link %q", what, name)
	}
	if len(ids) > 1 {
		return 0, b.errf("%s: link %q is SPLITDUPLEX: name a half, %q or %q", what, name, name+"_UP", name+"_DOWN")
	}
	return ids[0], nil
}

// startBypass reads <bypassRoute src dst> (between hosts or routers) and
// <bypassZoneRoute src dst gw_src gw_dst> (between zones): routes that
// replace, in one direction, whatever route the zones would give.
func (b *builder) startBypass(se xml.StartElement, name string) error {
	zi := b.curZone()
	isZone := name != "bypassRoute"
	allowed := []string{"src", "dst"}
	if isZone {
		allowed = append(allowed, "gw_src", "gw_dst")
	}
	a, err := b.attrs(se, allowed...)
	if err != nil {
		return err
	}
	if err := b.need(se, a, allowed...); err != nil {
		return err
	}
	look := func(attr string) (int32, error) {
		id, ok := b.npName[a[attr]]
		if !ok {
			return 0, b.errf("%s: %s %q is not a host, router or zone declared before", name, attr, a[attr])
		}
		return id, nil
	}
	r := &zroute{gwSrc: -1, gwDst: -1}
	var src, dst int32
	if src, err = look("src"); err != nil {
		return err
	}
	if dst, err = look("dst"); err != nil {
		return err
	}
	for _, p := range []int32{src, dst} {
		if isZone != (b.nps[p].kind == npZone) {
			if isZone {
				return b.errf("%s: %q is not a zone (use <bypassRoute> between hosts and routers)", name, b.nps[p].name)
			}
			return b.errf("%s: %q is a zone (use <bypassZoneRoute> with gw_src and gw_dst)", name, b.nps[p].name)
		}
		if !b.inside(p, zi) {
			return b.errf("%s: %q is not in zone %q", name, b.nps[p].name, b.zones[zi].id)
		}
	}
	if !isZone && (b.nps[src].zone != zi || b.nps[dst].zone != zi) {
		// SimGrid would look it up and then fail on its missing gateways.
		return b.errf("bypassRoute: %q and %q must both lie directly in zone %q (between zones, use <bypassZoneRoute>)", a["src"], a["dst"], b.zones[zi].id)
	}
	if isZone {
		if r.gwSrc, err = look("gw_src"); err != nil {
			return err
		}
		if r.gwDst, err = look("gw_dst"); err != nil {
			return err
		}
		if !b.inside(r.gwSrc, b.nps[src].idx) || !b.inside(r.gwDst, b.nps[dst].idx) {
			return b.errf("%s: gateways must lie inside the zones they leave and enter", name)
		}
	}
	key := [2]int32{src, dst}
	if _, dup := b.zones[zi].bypass[key]; dup {
		return b.errf("%s from %q to %q given twice", name, a["src"], a["dst"])
	}
	b.route, b.routeKey, b.routeZone, b.inRoute = r, key, zi, true
	b.routeLine = b.line()
	return nil
}
