package platform

import (
	"fmt"
	"strconv"
	"strings"
)

// Hierarchical clusters: TORUS, FAT_TREE and DRAGONFLY, as SimGrid 3.32
// builds and routes them (sg_platf_new_cluster_hierarchical and the
// TorusZone, FatTreeZone and DragonflyZone classes). Their quirks are kept
// on purpose, since agreeing with smpirun is the point:
//
//   - they have no backbone and no router (bb_* and router_id are ignored);
//   - every link they create is SHARED unless the cluster's policy is
//     SPLITDUPLEX (then NAME_UP and NAME_DOWN); FATPIPE is not passed on;
//   - a host's limiter link is named ID_link_POS_limiter with POS its
//     position in the cluster (0..N-1), its loopback ID_link_RADICAL_loopback;
//     fat-tree switches and dragonfly routers get limiters too, numbered
//     down from 2N-1;
//   - fat-tree and dragonfly link names carry a counter that SimGrid keeps
//     per process (static), so it runs on across clusters of one platform,
//     and fat-tree hosts are numbered by another such counter, which the
//     d-mod-k routing reads.
//
// Torus_test.go and testdata/topo check every route of several platforms
// against routes dumped by SimGrid 3.32 itself (testdata/topo/routes.cpp).

// hierKind names the topology of a hierarchical cluster.
type hierKind uint8

const (
	hTorus hierKind = iota
	hFatTree
	hDragonfly
)

// hier is the routing state of a hierarchical cluster. Positions are the
// hosts' indices in the cluster (netpoint.pos).
type hier struct {
	kind     hierKind
	loop     []int32 // per position; -1: none
	lim      []int32 // per position; -1: none
	torus    *torusTopo
	fatTree  *fatTree
	dragonfl *dragonfly
}

// route appends the links from position a to position b.
func (h *hier) route(a, b int, out []int32) []int32 {
	if a == b && h.loop[a] >= 0 {
		return append(out, h.loop[a])
	}
	switch h.kind {
	case hTorus:
		return h.torus.route(h, a, b, out)
	case hFatTree:
		return h.fatTree.route(h, a, b, out)
	default:
		return h.dragonfl.route(h, a, b, out)
	}
}

// clusterShape is what every hierarchical cluster needs from <cluster>.
type clusterShape struct {
	id        string
	n         int     // hosts
	bw, lat   float64 // of the links the topology creates
	split     bool    // SPLITDUPLEX links
	limiterBW float64 // 0: no limiters
}

// link creates a topology link (SHARED, or the two halves of a
// SPLITDUPLEX one) and returns the ids to go up and down it.
func (b *builder) topoLink(cs *clusterShape, name string, bw float64) (up, down int32, err error) {
	policy := "SHARED"
	if cs.split {
		policy = "SPLITDUPLEX"
	}
	r, err := b.addLink(name, bw, cs.lat, policy)
	if err != nil {
		return 0, 0, err
	}
	if r.split {
		return r.id, r.id + 1, nil
	}
	return r.id, r.id, nil
}

// limiter creates the limiter link numbered id, or returns -1 without one.
func (b *builder) limiter(cs *clusterShape, id int) (int32, error) {
	if cs.limiterBW <= 0 {
		return -1, nil
	}
	r, err := b.addLink(cs.id+"_link_"+strconv.Itoa(id)+"_limiter", cs.limiterBW, 0, "SHARED")
	return r.id, err
}

// positiveInts reads a list of positive integers separated by sep.
func positiveInts(s, sep string) ([]int, bool) {
	var out []int
	for _, f := range strings.Split(s, sep) {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 1 || v > maxHosts {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// product multiplies xs, saturating above maxHosts.
func product(xs []int) int {
	p := 1
	for _, x := range xs {
		p *= x
		if p > maxHosts {
			return maxHosts + 1
		}
	}
	return p
}

// ---- TORUS ----

type torusTopo struct {
	dims     []int
	up, down [][]int32 // [dim][position]: the link from position to its +1 neighbour
}

func (b *builder) newTorus(cs *clusterShape, params string) (*torusTopo, error) {
	dims, ok := positiveInts(params, ",")
	if !ok {
		return nil, b.errf("cluster %q: topo_parameters %q: want dimensions such as 4,4,4", cs.id, params)
	}
	if p := product(dims); p != cs.n {
		return nil, b.errf("cluster %q: TORUS %s has %d positions for %d hosts", cs.id, params, p, cs.n)
	}
	t := &torusTopo{dims: dims, up: make([][]int32, len(dims)), down: make([][]int32, len(dims))}
	for d := range dims {
		t.up[d] = make([]int32, cs.n)
		t.down[d] = make([]int32, cs.n)
	}
	for i := range cs.n {
		stride := 1
		for d, n := range dims {
			next := i + stride
			if (i/stride)%n == n-1 {
				next = i - (n-1)*stride
			}
			up, down, err := b.topoLink(cs, fmt.Sprintf("%s_link_from_%d_to_%d", cs.id, i, next), cs.bw)
			if err != nil {
				return nil, err
			}
			t.up[d][i], t.down[d][i] = up, down
			stride *= n
		}
	}
	return t, nil
}

// route goes dimension by dimension; in each the direction is decided
// from the source's coordinate as SimGrid does. A hop up uses the UP half
// of the current node's link, a hop down the DOWN half of the next node's;
// the limiter of the source, then of every node reached, is crossed.
func (t *torusTopo) route(h *hier, a, b int, out []int32) []int32 {
	if h.lim[a] >= 0 {
		out = append(out, h.lim[a])
	}
	cur := a
	for steps := 0; cur != b && steps < 1<<20; steps++ {
		stride := 1
		next := cur
		for d, n := range t.dims {
			cc, cb := (cur/stride)%n, (b/stride)%n
			if cc == cb {
				stride *= n
				continue
			}
			my, tg := (a/stride)%n, cb
			if (tg > my && tg <= my+n/2) || (my > n/2 && (my+n/2)%n >= tg) {
				next = cur + stride
				if cc == n-1 {
					next = cur + stride - stride*n
				}
				out = append(out, t.up[d][cur])
			} else {
				next = cur - stride
				if cc == 0 {
					next = cur - stride + stride*n
				}
				out = append(out, t.down[d][next])
			}
			break
		}
		cur = next
		if h.lim[cur] >= 0 {
			out = append(out, h.lim[cur])
		}
	}
	return out
}

// ---- FAT_TREE ----

// ftNode is a host (level 0) or a switch of a fat tree.
type ftNode struct {
	id, level, pos int
	limiter        int32
	label          []int
	parents        []*ftLink // by port
	children       []*ftLink
}

type ftLink struct {
	up, down int32 // link ids going up (child to parent) and down
	upNode   *ftNode
	downNode *ftNode
}

type fatTree struct {
	levels          int
	down, up, count []int
	nodes           []*ftNode // by level, then position in the level
	hosts           []*ftNode // by position in the cluster
	nodesByLevel    []int
	levelStart      []int
}

// newFatTree reads "LEVELS;DOWN,...;UP,...;PORTS,...".
func (b *builder) newFatTree(cs *clusterShape, params string, hostLim []int32) (*fatTree, error) {
	bad := func(why string) error {
		return b.errf("cluster %q: topo_parameters %q: %s (want \"LEVELS;CHILDREN,...;PARENTS,...;PORTS,...\", e.g. \"2;4,4;1,2;1,2\")", cs.id, params, why)
	}
	parts := strings.Split(params, ";")
	if len(parts) != 4 {
		return nil, bad("a fat tree has 4 parts separated by ';'")
	}
	levels, err := strconv.Atoi(strings.TrimSpace(parts[0]))
	if err != nil || levels < 1 || levels > 16 {
		return nil, bad("the number of levels must be in [1, 16]")
	}
	var vec [3][]int
	for i := range vec {
		v, ok := positiveInts(parts[i+1], ",")
		if !ok || len(v) != levels {
			return nil, bad(fmt.Sprintf("part %d must list %d positive counts", i+2, levels))
		}
		vec[i] = v
	}
	ft := &fatTree{levels: levels, down: vec[0], up: vec[1], count: vec[2]}
	if p := product(ft.down); p != cs.n {
		return nil, b.errf("cluster %q: the fat tree %s has %d leaves for %d hosts", cs.id, params, p, cs.n)
	}
	ft.nodesByLevel = make([]int, levels+1)
	ft.nodesByLevel[0] = cs.n
	total := cs.n
	for i := range levels {
		n := product(append(append([]int(nil), ft.up[:i+1]...), ft.down[i+1:]...))
		ft.nodesByLevel[i+1] = n
		total += n
		if total > maxHosts {
			return nil, b.errf("cluster %q: the fat tree %s has more than %d switches", cs.id, params, maxHosts)
		}
	}
	for i := range levels {
		// links: every node of level i has up[i]*count[i] parents ports.
		if ft.nodesByLevel[i]*ft.up[i]*ft.count[i] > maxLinks {
			return nil, b.errf("cluster %q: the fat tree %s has more than %d links", cs.id, params, maxLinks)
		}
	}
	ft.levelStart = make([]int, levels+2)
	for i := 0; i <= levels; i++ {
		ft.levelStart[i+1] = ft.levelStart[i] + ft.nodesByLevel[i]
	}
	// Hosts: ids 0..N-1, positions from the platform-wide counter.
	for i := range cs.n {
		nd := &ftNode{id: i, pos: b.ftPosition, limiter: hostLim[i], label: make([]int, levels),
			parents: make([]*ftLink, ft.up[0]*ft.count[0])}
		b.ftPosition++
		ft.nodes = append(ft.nodes, nd)
		ft.hosts = append(ft.hosts, nd)
	}
	// Switches: ids counting down from 2N-1, level by level.
	k := 2 * cs.n
	for i := range levels {
		for j := range ft.nodesByLevel[i+1] {
			k--
			lim, err := b.limiter(cs, k)
			if err != nil {
				return nil, err
			}
			nd := &ftNode{id: k, level: i + 1, pos: j, limiter: lim, label: make([]int, levels),
				children: make([]*ftLink, ft.down[i]*ft.count[i])}
			if i != levels-1 {
				nd.parents = make([]*ftLink, ft.up[i+1]*ft.count[i+1])
			}
			ft.nodes = append(ft.nodes, nd)
		}
	}
	// Labels: a mixed-radix counter per level.
	idx := 0
	cur := make([]int, levels)
	maxL := make([]int, levels)
	for i := 0; i <= levels; i++ {
		clear(cur)
		for j := range levels {
			if j+1 > i {
				maxL[j] = ft.down[j]
			} else {
				maxL[j] = ft.up[j]
			}
		}
		for range ft.nodesByLevel[i] {
			copy(ft.nodes[idx].label, cur)
			for p := 0; p < levels; p++ {
				cur[p]++
				if cur[p] < maxL[p] {
					break
				}
				cur[p] = 0
			}
			idx++
		}
	}
	// Links: each node to its related parents, count[level] cables each.
	// The parents of a node at level l are the level-(l+1) switches whose
	// labels equal its own except at index l; positions in a level are
	// mixed-radix numbers of the labels, so they are found directly, in
	// the order SimGrid visits them.
	radix := make([]int, levels)
	for _, nd := range ft.nodes {
		l := nd.level
		if l >= levels {
			break
		}
		stride, pos := 1, 0
		strideL := 0
		for j := range levels {
			radix[j] = ft.up[j]
			if j > l {
				radix[j] = ft.down[j]
			}
			if j == l {
				strideL = stride
			} else {
				pos += nd.label[j] * stride
			}
			stride *= radix[j]
		}
		for v := range ft.up[l] {
			p := ft.nodes[ft.levelStart[l+1]+pos+v*strideL]
			if !ft.related(p, nd) {
				return nil, b.errf("cluster %q: the fat tree %s is not consistent", cs.id, params)
			}
			for j := range ft.count[l] {
				pp := nd.label[l] + j*ft.down[l]
				cp := p.label[l] + j*ft.up[l]
				if pp >= len(p.children) || cp >= len(nd.parents) {
					return nil, b.errf("cluster %q: the fat tree %s is not consistent (port out of range)", cs.id, params)
				}
				name := fmt.Sprintf("link_from_%d_%d_%d", nd.id, p.id, b.ftLinkID)
				b.ftLinkID++
				up, down, err := b.topoLink(cs, name, cs.bw)
				if err != nil {
					return nil, err
				}
				lk := &ftLink{up: up, down: down, upNode: p, downNode: nd}
				p.children[pp] = lk
				nd.parents[cp] = lk
			}
		}
	}
	return ft, nil
}

func (ft *fatTree) related(parent, child *ftNode) bool {
	if parent.level != child.level+1 {
		return false
	}
	for i := range ft.levels {
		if parent.label[i] != child.label[i] && i+1 != parent.level {
			return false
		}
	}
	return true
}

func (ft *fatTree) inSubTree(root, node *ftNode) bool {
	if root.level <= node.level {
		return false
	}
	for i := 0; i < node.level; i++ {
		if root.label[i] != node.label[i] {
			return false
		}
	}
	for i := root.level; i < ft.levels; i++ {
		if root.label[i] != node.label[i] {
			return false
		}
	}
	return true
}

// route is d-mod-k: up to the first common ancestor through the parent
// the destination's position selects, then down (the cable chosen by the
// source's position). A node's limiter is crossed before its up link, a
// switch's after its down link, the destination's at the end.
func (ft *fatTree) route(_ *hier, a, b int, out []int32) []int32 {
	src, dst := ft.hosts[a], ft.hosts[b]
	cur := src
	for steps := 0; !ft.inSubTree(cur, dst); steps++ {
		if cur.level >= ft.levels || steps > ft.levels {
			return out // no way up: an inconsistent tree (rejected at load)
		}
		d := dst.pos
		for i := 0; i < cur.level; i++ {
			d /= ft.up[i] // SimGrid 3.32 divides by the parents, not the ports
		}
		d %= ft.up[cur.level] * ft.count[cur.level]
		if cur.limiter >= 0 {
			out = append(out, cur.limiter)
		}
		lk := cur.parents[d]
		if lk == nil {
			return out
		}
		out = append(out, lk.up)
		cur = lk.upNode
	}
	for steps := 0; cur != dst && steps <= ft.levels; steps++ {
		d := src.pos % ft.count[cur.level-1]
		// SimGrid's loop goes on with the node it moved to, reading that
		// node's level in its test; kept as is.
		for i := d * ft.down[cur.level-1]; i < len(cur.children); i++ {
			if i%ft.down[cur.level-1] != dst.label[cur.level-1] {
				continue
			}
			lk := cur.children[i]
			if lk == nil {
				return out
			}
			out = append(out, lk.down)
			if cur.limiter >= 0 {
				out = append(out, cur.limiter)
			}
			cur = lk.downNode
			if cur.level == 0 {
				break
			}
		}
	}
	if cur.limiter >= 0 {
		out = append(out, cur.limiter)
	}
	return out
}

// ---- DRAGONFLY ----

type dfRouter struct {
	group, chassis, blade int
	limiter               int32
	local                 []int32 // per node: [up, down]
	green                 []int32 // per blade of the chassis: the link to it (-1: self)
	black                 []int32 // per chassis of the group (same blade)
	blue                  int32   // -1: none
}

type dragonfly struct {
	groups, chassis, blades, nodes int
	routers                        []dfRouter
}

// newDragonfly reads "GROUPS,BLUE;CHASSIS,BLACK;ROUTERS,GREEN;NODES".
func (b *builder) newDragonfly(cs *clusterShape, params string) (*dragonfly, error) {
	bad := func(why string) error {
		return b.errf("cluster %q: topo_parameters %q: %s (want \"GROUPS,LINKS;CHASSIS,LINKS;ROUTERS,LINKS;NODES\", e.g. \"3,1;2,1;3,1;2\")", cs.id, params, why)
	}
	parts := strings.Split(params, ";")
	if len(parts) != 4 {
		return nil, bad("a dragonfly has 4 parts separated by ';'")
	}
	var v [3][]int
	for i := range v {
		x, ok := positiveInts(parts[i], ",")
		if !ok || len(x) != 2 {
			return nil, bad(fmt.Sprintf("part %d must be two positive counts", i+1))
		}
		v[i] = x
	}
	nodes, ok := positiveInts(parts[3], ",")
	if !ok || len(nodes) != 1 {
		return nil, bad("the last part must be one positive count")
	}
	df := &dragonfly{groups: v[0][0], chassis: v[1][0], blades: v[2][0], nodes: nodes[0]}
	if p := product([]int{df.groups, df.chassis, df.blades, df.nodes}); p != cs.n {
		return nil, b.errf("cluster %q: the dragonfly %s has %d nodes for %d hosts", cs.id, params, p, cs.n)
	}
	if df.groups > 1 && df.groups > df.blades {
		// SimGrid 3.32 reaches group g through blade g of the chassis
		// (it crashes when that blade does not exist).
		return nil, b.errf("cluster %q: dragonfly %s: SimGrid 3.32 joins group g through router g of each chassis, so it needs groups (%d) <= routers per chassis (%d)",
			cs.id, params, df.groups, df.blades)
	}
	nr := df.groups * df.chassis * df.blades
	if nr*(df.nodes+df.blades+df.chassis) > maxLinks {
		return nil, b.errf("cluster %q: the dragonfly %s has too many links", cs.id, params)
	}
	df.routers = make([]dfRouter, nr)
	id := 2 * cs.n
	for r := range df.routers {
		lim := int32(-1)
		if cs.limiterBW > 0 {
			id--
			var err error
			if lim, err = b.limiter(cs, id); err != nil {
				return nil, err
			}
		}
		df.routers[r] = dfRouter{group: r / (df.chassis * df.blades), chassis: (r / df.blades) % df.chassis, blade: r % df.blades,
			limiter: lim, local: make([]int32, 2*df.nodes), green: make([]int32, df.blades), black: make([]int32, df.chassis), blue: -1}
	}
	link := func(name string, mult int) (int32, int32, error) {
		name += "_" + strconv.Itoa(b.dfLinkID)
		b.dfLinkID++
		return b.topoLink(cs, name, cs.bw*float64(mult))
	}
	for r := range df.routers {
		for j := range df.nodes {
			up, down, err := link(fmt.Sprintf("local_link_from_router_%d_to_node_%d", r, j), 1)
			if err != nil {
				return nil, err
			}
			df.routers[r].local[2*j], df.routers[r].local[2*j+1] = up, down
		}
	}
	for i := range df.groups * df.chassis {
		for j := range df.blades {
			for k := j + 1; k < df.blades; k++ {
				up, down, err := link(fmt.Sprintf("green_link_in_chassis_%d_between_routers_%d_and_%d", i%df.chassis, j, k), v[2][1])
				if err != nil {
					return nil, err
				}
				df.routers[i*df.blades+j].green[k] = up
				df.routers[i*df.blades+k].green[j] = down
			}
		}
	}
	for g := range df.groups {
		for j := range df.chassis {
			for k := j + 1; k < df.chassis; k++ {
				for l := range df.blades {
					up, down, err := link(fmt.Sprintf("black_link_in_group_%d_between_chassis_%d_and_%d_blade_%d", g, j, k, l), v[1][1])
					if err != nil {
						return nil, err
					}
					df.routers[g*df.blades*df.chassis+j*df.blades+l].black[k] = up
					df.routers[g*df.blades*df.chassis+k*df.blades+l].black[j] = down
				}
			}
		}
	}
	for i := range df.groups {
		for j := i + 1; j < df.groups; j++ {
			ri := i*df.blades*df.chassis + j
			rj := j*df.blades*df.chassis + i
			up, down, err := link(fmt.Sprintf("blue_link_between_group_%d_and_%d_routers_%d_and_%d", i, j, ri, rj), v[0][1])
			if err != nil {
				return nil, err
			}
			df.routers[ri].blue = up
			df.routers[rj].blue = down
		}
	}
	return df, nil
}

type dfCoords struct{ group, chassis, blade, node int }

func (df *dragonfly) coords(r int) dfCoords {
	per := df.chassis * df.blades * df.nodes
	c := dfCoords{group: r / per}
	r %= per
	c.chassis = r / (df.blades * df.nodes)
	r %= df.blades * df.nodes
	c.blade, c.node = r/df.nodes, r%df.nodes
	return c
}

// route is SimGrid's minimal routing: to the router of the chassis that
// leads to the target group (blade = group), to chassis 0, over the blue
// link, then to the target blade and chassis. Router limiters are crossed
// before each hop leaving the router, and after the blue link.
func (df *dragonfly) route(h *hier, a, b int, out []int32) []int32 {
	my, tg := df.coords(a), df.coords(b)
	cb := df.chassis * df.blades
	myR := my.group*cb + my.chassis*df.blades + my.blade
	tR := tg.group*cb + tg.chassis*df.blades + tg.blade
	cur := myR
	lim := func(r int) {
		if l := df.routers[r].limiter; l >= 0 {
			out = append(out, l)
		}
	}
	if h.lim[a] >= 0 {
		out = append(out, h.lim[a])
	}
	out = append(out, df.routers[myR].local[2*my.node])
	if tR != myR {
		c := &df.routers[cur]
		if tg.group != c.group {
			if c.blade != tg.group {
				lim(cur)
				out = append(out, c.green[tg.group])
				cur = my.group*cb + my.chassis*df.blades + tg.group
			}
			if df.routers[cur].chassis != 0 {
				lim(cur)
				out = append(out, df.routers[cur].black[0])
				cur = my.group*cb + tg.group
			}
			out = append(out, df.routers[cur].blue)
			lim(cur)
			cur = tg.group*cb + my.group
		}
		t := &df.routers[tR]
		if t.blade != df.routers[cur].blade {
			lim(cur)
			out = append(out, df.routers[cur].green[tg.blade])
			cur = tg.group*cb + tg.blade
		}
		if t.chassis != df.routers[cur].chassis {
			lim(cur)
			out = append(out, df.routers[cur].black[tg.chassis])
		}
	}
	lim(tR)
	out = append(out, df.routers[tR].local[2*tg.node+1])
	if h.lim[b] >= 0 {
		out = append(out, h.lim[b])
	}
	return out
}

// hierCluster builds the hosts and links of a TORUS, FAT_TREE or DRAGONFLY
// cluster in the zone just opened (zi) and sets its routing.
func (b *builder) hierCluster(z *zone, cs *clusterShape, kind hierKind, params string, ids []int, prefix, suffix string,
	speed float64, cores int, loopBW, loopLat float64) error {
	h := &hier{kind: kind, loop: make([]int32, cs.n), lim: make([]int32, cs.n)}
	for i, num := range ids {
		if err := b.addHost(prefix+strconv.Itoa(num)+suffix, speed, cores, int32(i)); err != nil {
			return err
		}
		h.loop[i] = -1
		if loopBW > 0 || loopLat > 0 {
			r, err := b.addLink(cs.id+"_link_"+strconv.Itoa(num)+"_loopback", loopBW, loopLat, "FATPIPE")
			if err != nil {
				return err
			}
			h.loop[i] = r.id
		}
		var err error
		if h.lim[i], err = b.limiter(cs, i); err != nil {
			return err
		}
	}
	var err error
	switch kind {
	case hTorus:
		h.torus, err = b.newTorus(cs, params)
	case hFatTree:
		h.fatTree, err = b.newFatTree(cs, params, h.lim)
	default:
		h.dragonfl, err = b.newDragonfly(cs, params)
	}
	z.hier = h
	return err
}
