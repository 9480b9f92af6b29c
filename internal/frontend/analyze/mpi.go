package analyze

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// mpiPart is the walker's part for MPI: the calls (mpi.go), the places
// the rank and size are written (rank.go), the derived datatypes
// (dtype.go), what collectives fill (alltoall.go, gathered.go) and the
// receives into fresh memory (freshrecv.go).
type mpiPart struct {
	w *walker
	// anySource and procNull are MPI_ANY_SOURCE and MPI_PROC_NULL as the
	// program's mpi.h defines them (Open MPI: -1 and -2, MPICH the other
	// way round): a receive from the one matches any sender, from the
	// other nothing.
	anySource, procNull float64
	// ranks are the places MPI_Comm_rank and MPI_Comm_size write, by
	// rankKey: "pid" or "procs" wherever they are read (rank.go).
	ranks map[string]string
	// dtypes are the sizes in bytes of the MPI datatypes the program
	// constructs (dtype.go).
	dtypes map[*cc.Declarator]Expr
	// gatheredIn are the functions' parameters every call passes an
	// array an MPI_Allgather filled (gathered.go).
	gatheredIn map[string]map[int]bool
	// totals are the sums of counter arrays' elements, and received the
	// elements in buffers an MPI_Alltoallv filled, by base (alltoall.go),
	// in the function walked.
	totals   map[*cc.Declarator]Expr
	received map[string]Expr
}

// read finds the special ranks, the places the rank and size are written
// and the parameters that receive gathered arrays.
func (mp *mpiPart) read(srcs []Source, defs []*cc.FunctionDefinition) {
	mp.anySource, mp.procNull = mpiSpecialRanks(srcs)
	mp.ranks = mp.rankVars(defs)
	mp.gatheredIn = gatheredParams(mp.w.funcs)
}

// enter starts a function: what collectives filled is the last one's.
func (mp *mpiPart) enter() {
	mp.totals, mp.received = nil, nil
}

// isRank reports whether the place of rankKey key holds the rank or size.
func (mp *mpiPart) isRank(key string) bool {
	_, ok := mp.ranks[key]
	return ok
}

// gatheredParam reports whether every call of fn passes its i-th
// parameter an array an MPI_Allgather filled.
func (mp *mpiPart) gatheredParam(fn string, i int) bool {
	return mp.gatheredIn[fn][i]
}

// commMPI are the MPI calls that communicate or synchronise: each becomes
// a communication element of the model. Other MPI calls (MPI_Wtime,
// MPI_Comm_rank, ...) are priced as calls.
var commMPI = map[string]string{
	"MPI_Send": "send", "MPI_Ssend": "send", "MPI_Bsend": "send", "MPI_Rsend": "send",
	"MPI_Isend": "isend", "MPI_Issend": "isend", "MPI_Ibsend": "isend", "MPI_Irsend": "isend",
	"MPI_Recv": "recv", "MPI_Irecv": "irecv",
	"MPI_Sendrecv": "sendrecv", "MPI_Sendrecv_replace": "sendrecv",
	"MPI_Wait": "wait", "MPI_Waitall": "wait", "MPI_Waitany": "wait", "MPI_Waitsome": "wait",
	"MPI_Barrier": "barrier", "MPI_Bcast": "bcast", "MPI_Reduce": "reduce", "MPI_Allreduce": "allreduce",
	"MPI_Gather": "gather", "MPI_Gatherv": "gather", "MPI_Scatter": "scatter", "MPI_Scatterv": "scatter",
	"MPI_Allgather": "allgather", "MPI_Allgatherv": "allgather", "MPI_Alltoall": "alltoall", "MPI_Alltoallv": "alltoall",
	"MPI_Scan": "allreduce", "MPI_Exscan": "allreduce", "MPI_Reduce_scatter": "allreduce", "MPI_Reduce_scatter_block": "allreduce",
}

func isCommMPI(name string) bool { _, ok := commMPI[name]; return ok }

// argument positions of each call's buffer count, datatype, peer, tag
// and root; -1 where the call has none.
type mpiArgs struct{ count, dtype, peer, tag, root int }

var mpiLayout = map[string]mpiArgs{
	"send": {1, 2, 3, 4, -1}, "isend": {1, 2, 3, 4, -1},
	"recv": {1, 2, 3, 4, -1}, "irecv": {1, 2, 3, 4, -1},
	"bcast":     {1, 2, -1, -1, 3},
	"reduce":    {2, 3, -1, -1, 5},
	"allreduce": {2, 3, -1, -1, -1},
	"gather":    {1, 2, -1, -1, 6}, "scatter": {1, 2, -1, -1, 6},
	"allgather": {1, 2, -1, -1, -1}, "alltoall": {1, 2, -1, -1, -1},
	"barrier": {-1, -1, -1, -1, -1}, "wait": {-1, -1, -1, -1, -1},
}

// mpiCall turns an MPI call into the model's terms.
func (mp *mpiPart) mpiCall(name string, args []cc.ExpressionNode, at cc.Node) *Comm {
	elem := commMPI[name]
	if elem == "sendrecv" {
		// Both directions at once: an isend, an irecv and a wait.
		if want := map[string]int{"MPI_Sendrecv": 12, "MPI_Sendrecv_replace": 9}[name]; len(args) < want {
			mp.w.a.warn(pos(at), "%s with %d arguments: not modelled", name, len(args))
			return nil
		}
		var s, r *Comm
		if name == "MPI_Sendrecv" {
			s = mp.comm("MPI_Sendrecv", "isend", args[:5], mpiLayout["isend"], at)
			r = mp.comm("MPI_Sendrecv", "irecv", args[5:10], mpiLayout["irecv"], at)
		} else {
			s = mp.comm(name, "isend", []cc.ExpressionNode{args[0], args[1], args[2], args[3], args[4]}, mpiLayout["isend"], at)
			r = mp.comm(name, "irecv", []cc.ExpressionNode{args[0], args[1], args[2], args[5], args[6]}, mpiLayout["irecv"], at)
		}
		return &Comm{Call: name, Elem: "sendrecv", Parts: []*Comm{s, r, {Call: name, Elem: "wait", Reqs: true}}}
	}
	if strings.HasSuffix(name, "v") && (elem == "gather" || elem == "scatter" || elem == "allgather" || elem == "alltoall") {
		return mp.vCollective(name, elem, args, at)
	}
	c := mp.comm(name, elem, args, mpiLayout[elem], at)
	if elem == "wait" {
		c.Reqs = true
	}
	if (name == "MPI_Reduce" || name == "MPI_Allreduce") && len(args) > 0 && inPlaceBuffer(args[0]) {
		c.InPlace = true
	}
	if name == "MPI_Scan" || name == "MPI_Exscan" || strings.HasPrefix(name, "MPI_Reduce_scatter") {
		mp.w.note(at, name, "%s is modelled as an allreduce of the same size", name)
	}
	return c
}

// vCollective models MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv and
// MPI_Alltoallv, whose counts per process come from arrays: the bytes a
// process sends to each other are given by #pragma augur bytes(EXPR)
// above the call, or are a parameter.
func (mp *mpiPart) vCollective(name, elem string, args []cc.ExpressionNode, at cc.Node) *Comm {
	c := &Comm{Call: name, Elem: elem}
	if elem == "gather" || elem == "scatter" {
		c.Root = Num{0}
		if len(args) > 7 {
			if v, ok := mp.w.sym(args[7]); ok {
				c.Root = v
			}
		}
	}
	if text, ap, ok := mp.w.pragmaAbove(at); ok {
		if arg, ok := pragmaArg(text, "bytes"); ok {
			if v, ok := mp.w.flow.symText(arg, ap); ok {
				c.Size = v
				mp.w.a.Unknowns = append(mp.w.a.Unknowns, Unknown{Pos: pos(at), What: "message size", How: Annotated, Value: arg})
				return c
			}
		}
	}
	if v, ok := mp.exchangeBytes(args); ok && name == "MPI_Alltoallv" {
		c.Size = v // alltoall.go
		return c
	}
	p := mp.w.a.param(mp.w.fresh(mp.w.fn.Name+"_L"+itoa(pos(at).Line)+"_bytes"), 0, pos(at), "unknown", "bytes per process of "+name)
	c.Size = Name{p.Name}
	mp.w.a.Unknowns = append(mp.w.a.Unknowns, Unknown{Pos: pos(at), What: "message size", Param: p.Name, How: Default, Value: "0"})
	mp.w.a.warnParam(p.Name, pos(at), "%s takes its counts from arrays: the bytes per process are the parameter %s (default 0); annotate the call with #pragma augur bytes(EXPR)", name, p.Name)
	return c
}

// comm reads one communication's size, peer, tag and root.
func (mp *mpiPart) comm(name, elem string, args []cc.ExpressionNode, l mpiArgs, at cc.Node) *Comm {
	c := &Comm{Call: name, Elem: elem}
	mp.w.paramize = append(mp.w.paramize, at)
	defer func() { mp.w.paramize = mp.w.paramize[:len(mp.w.paramize)-1] }()
	arg := func(i int) cc.ExpressionNode {
		if i < 0 || i >= len(args) {
			return nil
		}
		return args[i]
	}
	if e := arg(l.count); e != nil {
		n, ok := mp.w.sym(e)
		size, okT := mp.dtypeSize(arg(l.dtype)) // dtype.go
		if !okT {
			mp.w.a.warn(pos(at), "%s: the datatype is not a predefined MPI type, nor one the program constructs from a size the analysis reads: its size is taken as 1 byte", name)
			size = Num{1}
		}
		if ok {
			c.Size = mul(n, size)
			if v, isConst := eval(c.Size, mp.w.paramValues()); isConst && v < 0 {
				// n - 1 elements with n from the command line, whose
				// default is 0: no message of a negative size.
				c.Size = Call{"max", []Expr{Num{0}, c.Size}}
			}
		} else {
			p := mp.w.a.param(mp.w.fresh(mp.w.fn.Name+"_L"+itoa(pos(at).Line)+"_count"), 1, pos(at), "unknown", "element count of "+name)
			c.Size = mul(Name{p.Name}, size)
			mp.w.a.Unknowns = append(mp.w.a.Unknowns, Unknown{Pos: pos(at), What: "message count", Param: p.Name, How: Default, Value: "1"})
			mp.w.a.warnParam(p.Name, pos(at), "%s: the element count is not known statically: it is the parameter %s (default 1)", name, p.Name)
		}
	}
	if e := arg(l.peer); e != nil {
		v, ok := mp.w.sym(e)
		switch c2, isConst := constOf(v); {
		case ok && isConst && c2 == mp.anySource && (elem == "recv" || elem == "irecv"):
			c.Peer = nil // MPI_ANY_SOURCE
		case ok && isConst && c2 < 0:
			c.Peer = Num{c2} // MPI_PROC_NULL: no message (emitComm)
		case ok:
			c.Peer = mp.inRange(v)
		default:
			// By default the process itself: a message to itself matches
			// whatever the others do, where a fixed peer leaves the
			// exchanges of the others unmatched (a deadlock).
			p := mp.w.a.param(mp.w.fresh(mp.w.fn.Name+"_L"+itoa(pos(at).Line)+"_peer"), 0, pos(at), "unknown", "peer of "+name+", by default the process itself")
			p.Value = Name{"pid"}
			c.Peer = Name{p.Name}
			mp.w.a.Unknowns = append(mp.w.a.Unknowns, Unknown{Pos: pos(at), What: "message peer", Param: p.Name, How: Default, Value: "pid"})
			mp.w.a.warnParam(p.Name, pos(at), "%s: the peer is not an expression of the rank, the size and parameters: it is the parameter %s (default pid, the process itself); give it with --set %s=EXPR, an expression of pid and procs", name, p.Name, p.Name)
		}
	}
	if e := arg(l.tag); e != nil {
		v, ok := mp.w.sym(e)
		t, isConst := constOf(v)
		switch {
		case ok && isConst && t < 0:
			c.Tag = nil // MPI_ANY_TAG
		case ok:
			c.Tag = v
		default:
			mp.w.a.warn(pos(at), "%s: the tag is not known statically: any tag is matched", name)
		}
	} else if elem == "send" || elem == "isend" {
		c.Tag = Num{0}
	}
	if e := arg(l.root); e != nil {
		v, ok := mp.w.sym(e)
		if !ok {
			mp.w.a.warn(pos(at), "%s: the root is not known statically: 0 is used", name)
			v = Num{0}
		}
		c.Root = mp.inRange(v)
	}
	return c
}

// mpiSpecialRanks reads MPI_ANY_SOURCE and MPI_PROC_NULL from the
// macros of the program's mpi.h, Open MPI's values when it defines
// neither.
func mpiSpecialRanks(srcs []Source) (anySource, procNull float64) {
	anySource, procNull = -1, -2
	for _, s := range srcs {
		if s.AST == nil {
			continue
		}
		if v, ok := macroInt(s.AST.Macros["MPI_ANY_SOURCE"]); ok {
			anySource = v
		}
		if v, ok := macroInt(s.AST.Macros["MPI_PROC_NULL"]); ok {
			procNull = v
		}
	}
	return anySource, procNull
}

// macroInt is the value of an object-like macro that is an integer
// constant, in parentheses or not: (-2), -1.
func macroInt(m *cc.Macro) (float64, bool) {
	if m == nil || m.IsFnLike {
		return 0, false
	}
	var text strings.Builder
	for _, t := range m.ReplacementList() {
		text.WriteString(t.SrcStr())
	}
	v, err := strconv.Atoi(strings.Trim(text.String(), "()"))
	return float64(v), err == nil
}

// inRange keeps a peer or root that reads a parameter (a variable the
// analysis could not follow, a value from the command line) within
// 0..procs-1 whatever value the parameter is given: its default, 1, is
// out of range at one process.
func (mp *mpiPart) inRange(e Expr) Expr {
	reads := false
	for _, n := range names(e) {
		if mp.w.a.hasParam(n) {
			reads = true
		}
	}
	if !reads {
		return e
	}
	return Call{"min", []Expr{Call{"max", []Expr{e, Num{0}}}, sub(Name{"procs"}, Num{1})}}
}

// typeSize is the size in bytes of a predefined MPI datatype, whichever
// mpi.h defined it: OpenMPI's &ompi_mpi_double, MPICH's integer handles
// (the size is in bits 8–15), SimGrid's and augur's own names.
func (mp *mpiPart) typeSize(e cc.ExpressionNode) (float64, bool) {
	if e == nil {
		return 0, false
	}
	if v, ok := constValue(e); ok && v > 0 {
		h := uint64(v)
		if h>>24 == 0x4c { // MPICH builtin handle
			return float64((h >> 8) & 0xff), true
		}
	}
	var ident string
	visit(e, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			ident = pe.Token.SrcStr()
		}
		return true
	})
	s := strings.ToLower(ident)
	for _, p := range []string{"ompi_mpi_", "smpi_mpi_", "smpi_", "mpi_", "augur_mpi_"} {
		s = strings.TrimPrefix(s, p)
	}
	sizes := map[string]float64{
		"char": 1, "signed_char": 1, "unsigned_char": 1, "byte": 1, "packed": 1, "int8_t": 1, "uint8_t": 1, "c_bool": 1,
		"short": 2, "unsigned_short": 2, "int16_t": 2, "uint16_t": 2,
		"int": 4, "unsigned": 4, "float": 4, "int32_t": 4, "uint32_t": 4, "wchar": 4,
		"long": 8, "unsigned_long": 8, "long_long_int": 8, "long_long": 8, "unsigned_long_long": 8,
		"double": 8, "int64_t": 8, "uint64_t": 8, "aint": 8, "offset": 8, "count": 8,
		"long_double": 16, "c_double_complex": 16, "double_int": 16, "float_int": 8, "2int": 8, "long_int": 16,
	}
	if v, ok := sizes[s]; ok {
		return v, true
	}
	return 0, false
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var b []byte
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

// inPlaceBuffer tells whether a buffer argument is MPI_IN_PLACE: Open
// MPI's mpi.h defines it as ((void *) 1), augur's own as ((void *)-1).
func inPlaceBuffer(e cc.ExpressionNode) bool {
	var b strings.Builder
	for _, t := range cc.NodeTokens(e) {
		b.WriteString(string(t.Src()))
	}
	return b.String() == "((void*)1)" || b.String() == "((void*)-1)"
}
